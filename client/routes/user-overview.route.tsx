import { useRouteLoaderData } from 'react-router';
import { COUNTRIES } from '../../shared/countries';
import { useSiteConfig } from '../app/contexts';
import { useLocale, useT } from '../app/i18n';
import { ACCOUNT_LINKS, accountPath } from '../app/viewer';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';
import type { UserRouteData } from './user.route';

// /user/{userName}: My Account, an overview of the account and where everything lives.
export function Component() {
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const site = useSiteConfig();
  const t = useT();
  // The page language's locale (issue 29), the country's time zone.
  const locale = useLocale();
  const since = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: COUNTRIES[site.country].timeZone }).format(
    new Date(user.createdAt),
  );
  return (
    <section className="account-section">
      <PageMeta title={t('account.link.myAccount')} description={t('account.overview.description')} noindex />
      <h1>{t('account.link.myAccount')}</h1>
      <dl className="account-facts">
        <dt>{t('account.field.name')}</dt>
        <dd>{user.name}</dd>
        <dt>{t('account.field.userName')}</dt>
        <dd>{user.userName}</dd>
        {user.email && (
          <>
            <dt>{t('forms.label.email')}</dt>
            <dd>{user.email}</dd>
          </>
        )}
        <dt>{t('account.overview.memberSince')}</dt>
        <dd>{since}</dd>
      </dl>
      <ul className="account-tiles">
        {ACCOUNT_LINKS.filter((link) => link.section).map((link) => (
          <li key={link.label}>
            <ShellLink to={accountPath(user.userName, link.section)}>{t(link.label)}</ShellLink>
          </li>
        ))}
        <li>
          <ShellLink to={`/profile/${encodeURIComponent(user.userName)}`}>{t('account.overview.publicProfile')}</ShellLink>
        </li>
      </ul>
    </section>
  );
}
