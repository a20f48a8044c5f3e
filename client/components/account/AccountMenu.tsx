import { useEffect, useRef, type FormEvent } from 'react';
import { useSiteConfig } from '../../app/contexts';
import { useT } from '../../app/i18n';
import { withPrefix } from '../../app/return-url';
import { useSession } from '../../app/session';
import { ACCOUNT_LINKS, accountPath, headerName, type Viewer } from '../../app/viewer';
import { ShellLink } from '../ui/ShellLink';

// The logged-in header (spec section 2 "Global shell"): the first word of the name, cut to 10
// characters, opening the account links; a bell to the alerts with the notification count.
// A <details> element, so the menu opens without JavaScript too; with it, an outside click
// or Escape closes it (spec section 4 "Shell"). Its code is loaded only for a signed-in
// shopper (AccountLinks draws it as a lazy part): a guest's pages do not carry it.

export function AccountMenu({ viewer }: { viewer: Viewer }) {
  const details = useRef<HTMLDetailsElement>(null);
  const session = useSession();
  const { basename } = useSiteConfig();
  const t = useT();

  useEffect(() => {
    const close = () => {
      if (details.current?.open) details.current.open = false;
    };
    const onPointer = (event: PointerEvent) => {
      if (details.current && !details.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.current?.open) {
        close();
        details.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const close = () => {
    if (details.current) details.current.open = false;
  };
  const logout = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    void session.signOut();
  };
  const count = viewer.notificationCount;
  return (
    <div className="account-area">
      <ShellLink
        to={accountPath(viewer.userName, 'alerts')}
        className="notification-bell"
        aria-label={t('account.menu.notifications', { count })}
        data-testid="notification-bell"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          />
        </svg>
        <span className="notification-count">{count}</span>
      </ShellLink>
      <details ref={details} className="account-menu">
        <summary className="account-name" data-testid="account-name">
          {headerName(viewer.name)}
        </summary>
        <ul className="account-menu-list">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.label}>
              <ShellLink to={accountPath(viewer.userName, link.section)} onClick={close}>
                {t(link.label)}
              </ShellLink>
            </li>
          ))}
          <li>
            <form method="post" action={withPrefix(basename, '/logout')} onSubmit={logout}>
              <button type="submit" className="link-button account-logout">
                {t('account.menu.logout')}
              </button>
            </form>
          </li>
        </ul>
      </details>
    </div>
  );
}
