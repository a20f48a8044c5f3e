import { pathTo } from './api-paths';

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
