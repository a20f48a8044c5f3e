// Where the account endpoints live: read by the server and by page scripts alike, so this
// module imports no zod (account-schemas.ts has the answers' shapes). Each path is an export of
// its own and callers import the module as a namespace (`import * as ACCOUNT_API`), so a page's
// script carries only the paths it calls. The gateway forwards /auth/* and /api/* to the api.

import { pathTo } from './api-paths';

export const login = '/auth/login';
export const facebook = '/auth/facebook';
export const google = '/auth/google';
export const register = '/api/account/register';
export const logout = '/api/account/logout';
export const forgotPassword = '/api/account/forgot-password';
export const confirmPassword = '/api/account/confirm-password';
/** Asks for an e-mailed sign-in link (the answer is the same for every address). */
export const signInLinkRequest = '/api/account/sign-in-link';
/** Signs in with the e-mailed link's tkn and key, once. */
export const signInLink = '/auth/sign-in-link';
export const changePassword = '/api/account/change-password';
export const userProfile = '/api/account/user-profile';
export const publicProfile = pathTo('/api/account/user-public-profile/:id');
export const publicProfileByName = pathTo('/api/account/user-public-profile/name/:userName');
export const editProfile = '/api/account/edit-user-profile';
export const uploadProfileImage = '/api/account/upload-profile-image';
/** A profile picture by its file name (server/api/accounts/profile-images.ts names it). */
export const profileImage = pathTo('/api/account/profile-image/:file');
export const checkUserName = pathTo('/api/account/check-username/:userName');
export const notificationCount = '/api/account/notification-count';
export const guestKey = '/api/account/guest-key';
