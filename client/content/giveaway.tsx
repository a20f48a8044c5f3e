import { GIVEAWAY_COOKIE_MAX_DAYS } from '../../shared/giveaway';
import { T, useT } from '../app/i18n';
import { ShellLink } from '../components/ui/ShellLink';

// The current giveaway's words (spec section 2 route table: giveaway), in the giveaway
// catalogue of each language (issue 29). Its key and closing time are in shared/giveaway.ts,
// where the api reads them too; a new giveaway is a new key there and new words in the
// catalogues.

export const GIVEAWAY_CONTENT = { title: 'giveaway.title', description: 'giveaway.description' } as const;

export function GiveawayPrize() {
  return <T id="giveaway.prize" components={{ 0: <strong /> }} />;
}

export function GiveawayRules() {
  const t = useT();
  return (
    <ol className="giveaway-rules">
      <li>{t('giveaway.rule.eligible')}</li>
      <li>{t('giveaway.rule.once')}</li>
      <li>{t('giveaway.rule.close')}</li>
      <li>{t('giveaway.rule.draw')}</li>
      <li>{t('giveaway.rule.prize')}</li>
      <li>
        <T id="giveaway.rule.data" values={{ days: GIVEAWAY_COOKIE_MAX_DAYS }} components={{ 0: <ShellLink to="/privacy-policy" /> }} />
      </li>
    </ol>
  );
}
