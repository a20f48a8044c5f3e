import * as ACCOUNT_API from '../../shared/api/account-paths';
import { isAdminProfileType } from '../../shared/api/profile-types';
import { COOKIE } from '../../shared/constants';
import { readCookie } from '../app/cookies';
import type { SessionControl } from '../app/session-context';
import { browserApi } from './browser-api';

/** The browser's side of SessionControl: the gateway keeps the token, we see profile-type. */
export const browserSession: SessionControl = {
  signedIn: () => Boolean(readCookie(COOKIE.profileType)),
  isAdmin: () => isAdminProfileType(Number(readCookie(COOKIE.profileType))),
  signIn: (path, body) => browserApi().send('POST', path, body, 'SignedIn'),
  async signOut() {
    await browserApi()
      .send('DELETE', ACCOUNT_API.logout, undefined, 'MessageResponse')
      .catch(() => undefined);
  },
};
