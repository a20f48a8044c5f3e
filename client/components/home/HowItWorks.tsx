import { useT } from '../../app/i18n';
import { ShellLink } from '../ui/ShellLink';

/** What Vitrine is, in three steps, with the way to the longer story on About Us. */
export function HowItWorks({ countryName }: { countryName: string }) {
  const t = useT();
  return (
    <section className="how-it-works" aria-labelledby="how-it-works-heading">
      <div className="how-it-works-intro">
        <h2 id="how-it-works-heading">{t('home.how.title')}</h2>
        <p>{t('home.how.body', { country: countryName })}</p>
        <ShellLink to="/about-us" className="how-it-works-link">
          {t('home.how.link')}
        </ShellLink>
      </div>
      <ol className="how-it-works-steps">
        <li>
          <strong>{t('home.how.discover')}</strong>
          <span>{t('home.how.discoverText')}</span>
        </li>
        <li>
          <strong>{t('home.how.compare')}</strong>
          <span>{t('home.how.compareText')}</span>
        </li>
        <li>
          <strong>{t('home.how.shop')}</strong>
          <span>{t('home.how.shopText')}</span>
        </li>
      </ol>
    </section>
  );
}
