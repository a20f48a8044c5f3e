// Where the account endpoints live and who is an admin: read by the server and by page
// scripts alike, so this module imports no zod (account-schemas.ts has the answers' shapes).

import { pathTo } from './api-paths';

/** Where each endpoint lives; the gateway forwards /auth/* and /api/* to the api. */
export const ACCOUNT_API = {
  login: '/auth/login',
  facebook: '/auth/facebook',
  google: '/auth/google',
  register: '/api/account/register',
  logout: '/api/account/logout',
  forgotPassword: '/api/account/forgot-password',
  confirmPassword: '/api/account/confirm-password',
  /** Asks for an e-mailed sign-in link (the answer is the same for every address). */
  signInLinkRequest: '/api/account/sign-in-link',
  /** Signs in with the e-mailed link's tkn and key, once. */
  signInLink: '/auth/sign-in-link',
  changePassword: '/api/account/change-password',
  userProfile: '/api/account/user-profile',
  publicProfile: pathTo('/api/account/user-public-profile/:id'),
  publicProfileByName: pathTo('/api/account/user-public-profile/name/:userName'),
  editProfile: '/api/account/edit-user-profile',
  uploadProfileImage: '/api/account/upload-profile-image',
  /** A profile picture by its file name (server/api/accounts/profile-images.ts names it). */
  profileImage: pathTo('/api/account/profile-image/:file'),
  checkUserName: pathTo('/api/account/check-username/:userName'),
  notificationCount: '/api/account/notification-count',
  guestKey: '/api/account/guest-key',
} as const;

/**
 * The web's own pages of a social sign-in (server/web/http/social-sign-in.ts and the callback
 * route), not the api's: the gateway lets them through.
 */
export const SOCIAL_SIGN_IN_PAGES = {
  start: pathTo('/auth/start/:provider'),
  callback: pathTo('/auth/callback/:provider'),
  /** The state cookie's path: both pages are under it. */
  cookiePath: '/auth',
} as const;

/** Spec section 6: profile types 1 and 2 are admins (the debug and time-taken line on listings). */
export const ADMIN_PROFILE_TYPES: readonly number[] = [1, 2];

export function isAdminProfileType(profileType: number | null | undefined): boolean {
  return profileType !== null && profileType !== undefined && ADMIN_PROFILE_TYPES.includes(profileType);
}

/** The field an upload's image travels in (multipart/form-data); a raw image body works too. */
export const PROFILE_IMAGE_FIELD = 'image';
