import * as ACCOUNT_API from '../../shared/api/account-paths';
import type { UserDetail } from '../../shared/api/account-schemas';
import type { ApiClient } from '../../shared/api/api-client';

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

/** The account area's sections (the header's account menu lists them; the account pages link to them). */
export const ACCOUNT_LINKS = [
  { label: 'My Account', section: '' },
  { label: 'My Alerts', section: 'alerts' },
  { label: 'My Wishlists', section: 'wishlists' },
  { label: 'My Lookbook', section: 'lookbook' },
  { label: 'My Brands', section: 'brands' },
  { label: 'My Stores', section: 'stores' },
  { label: 'My Sales', section: 'sales' },
  { label: 'Edit Profile', section: 'profile' },
  { label: 'Change Password', section: 'settings' },
] as const;

export function accountPath(userName: string, section = ''): string {
  return `/user/${encodeURIComponent(userName)}${section ? `/${section}` : ''}`;
}
