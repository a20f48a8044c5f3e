import { useRouteLoaderData } from 'react-router';
import { COUNTRIES } from '../../shared/countries';
import { useSiteConfig } from '../app/contexts';
import { ACCOUNT_LINKS, accountPath } from '../app/viewer';
import { PageMeta } from '../components/meta/PageMeta';
import { ShellLink } from '../components/ui/ShellLink';
import type { UserRouteData } from './user.route';

// /user/{userName}: My Account, an overview of the account and where everything lives.
export function Component() {
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const site = useSiteConfig();
  const since = new Intl.DateTimeFormat(COUNTRIES[site.country].locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: COUNTRIES[site.country].timeZone }).format(
    new Date(user.createdAt),
  );
  return (
    <section className="account-section">
      <PageMeta title="My Account" description="Your Vitrine account." noindex />
      <h1>My Account</h1>
      <dl className="account-facts">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>User name</dt>
        <dd>{user.userName}</dd>
        {user.email && (
          <>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </>
        )}
        <dt>Member since</dt>
        <dd>{since}</dd>
      </dl>
      <ul className="account-tiles">
        {ACCOUNT_LINKS.filter((link) => link.section).map((link) => (
          <li key={link.label}>
            <ShellLink to={accountPath(user.userName, link.section)}>{link.label}</ShellLink>
          </li>
        ))}
        <li>
          <ShellLink to={`/profile/${encodeURIComponent(user.userName)}`}>My public profile</ShellLink>
        </li>
      </ul>
    </section>
  );
}
