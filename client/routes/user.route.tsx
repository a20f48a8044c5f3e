import { Outlet, data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { UserDetail } from '../../shared/api/account-schemas';
import { CacheNone } from '../../shared/http/cache-policy';
import { requireViewer } from '../app/guards';
import { useT } from '../app/i18n';
import { useSession } from '../app/session';
import { ACCOUNT_LINKS, accountPath } from '../app/viewer';
import { ProfilePicture } from '../components/account/ProfilePicture';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { ShellLink } from '../components/ui/ShellLink';

// /user/{userName}/… (spec section 2 route table): the account area, for signed-in users only
// (auth guard, spec section 4: guests go home, on the server already). Another user's name in
// the address leads to the same page of one's own account. Personal: never cached.

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const user = await requireViewer(context);
  if (params.userName !== user.userName) {
    const rest = new URL(request.url).pathname.split('/').filter(Boolean);
    const index = rest.indexOf('user');
    const section = index >= 0 ? rest.slice(index + 2).join('/') : '';
    throw redirect(accountPath(user.userName, section));
  }
  return data({ user }, { headers: { 'Cache-Control': CacheNone.header } });
}

export type UserRouteData = { user: UserDetail };

export function Component() {
  const { user } = useLoaderData<typeof loader>();
  const { viewer } = useSession();
  const t = useT();
  const shown = viewer?.userId === user.userId ? { ...user, name: viewer.name, profileImage: viewer.profileImage } : user;
  return (
    <div className="account-page">
      <header className="account-header">
        <ProfilePicture src={shown.profileImage} name={shown.name} size={64} />
        <div>
          <p className="account-greeting">{shown.name}</p>
          <p className="account-handle">{`@${shown.userName}`}</p>
        </div>
      </header>
      <div className="account-body">
        <nav className="account-nav" aria-label={t('account.nav.label')}>
          <ul>
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.label}>
                <ShellLink to={accountPath(user.userName, link.section)}>{t(link.label)}</ShellLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export { RouteErrorView as ErrorBoundary };
