import type { z } from 'zod';
import type { FashionTipsSchema } from '../../../shared/api/home-schemas';
import { editorialLang } from '../../../shared/i18n/languages';
import { useLocale, useT } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';

type Tip = z.infer<typeof FashionTipsSchema>[number];

/** Short style notes from the editors, each with a link to shop the idea when it has one. */
export function FashionTips({ tips }: { tips: readonly Tip[] }) {
  const t = useT();
  const lang = editorialLang(useLocale());
  return (
    <ol className="tips">
      {tips.map((tip, i) => (
        <li key={`${i}-${tip.title}`} className="tip">
          <span className="tip-number" aria-hidden="true">
            {String(i + 1).padStart(2, '0')}
          </span>
          <h3 lang={lang}>{tip.title}</h3>
          <p lang={lang}>{tip.body}</p>
          {tip.link && (
            <ShellLink to={tip.link} className="tip-link">
              {t('home.tips.shop')}<span className="visually-hidden">
                : <span lang={lang}>{tip.title}</span>
              </span>
            </ShellLink>
          )}
        </li>
      ))}
    </ol>
  );
}
