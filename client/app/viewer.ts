import * as ACCOUNT_API from '../../shared/api/account-paths';
import type { UserDetail } from '../../shared/api/account-schemas';
import type { ApiClient } from '../../shared/api/api-client';
import type { MessageId } from '../../shared/i18n/message-ids';

/** The signed-in user as the shell shows them (spec section 2 "Global shell"). */
export type Viewer = UserDetail & { notificationCount: number };

/** The user profile and notification count; null when there is no session (failures are silent, spec 8). */
export async function loadViewer(api: ApiClient): Promise<Viewer | null> {
  const [profile, count] = await Promise.all([
    api.get(ACCOUNT_API.userProfile, 'UserProfileResponse').catch(() => null),
    api.get(ACCOUNT_API.notificationCount, 'NotificationCount').catch(() => ({ count: 0 })),
  ]);
  return profile ? { ...profile.userdetail, notificationCount: count.count } : null;
}

/** Spec section 2: the header shows the first word of the name, cut to 10 characters. */
export const HEADER_NAME_MAX = 10;
export function headerName(name: string): string {
  return (name.trim().split(/\s+/)[0] ?? '').slice(0, HEADER_NAME_MAX);
}

/**
 * The account area's sections (the header's account menu lists them; the account pages link
 * to them), each named by its message (issue 29).
 */
export const ACCOUNT_LINKS = [
  { label: 'account.link.myAccount', section: '' },
  { label: 'account.link.myAlerts', section: 'alerts' },
  { label: 'account.link.myWishlists', section: 'wishlists' },
  { label: 'account.link.myLookbook', section: 'lookbook' },
  { label: 'account.link.myBrands', section: 'brands' },
  { label: 'account.link.myStores', section: 'stores' },
  { label: 'account.link.mySales', section: 'sales' },
  { label: 'account.link.editProfile', section: 'profile' },
  { label: 'account.link.changePassword', section: 'settings' },
] as const satisfies readonly { label: MessageId; section: string }[];

export function accountPath(userName: string, section = ''): string {
  return `/user/${encodeURIComponent(userName)}${section ? `/${section}` : ''}`;
}
