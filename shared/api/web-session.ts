import * as ACCOUNT_API from './account-paths';

// What the browser hears about a new session. The api answers sign-in and register with the
// session token; the web server keeps that token in the HttpOnly `token` cookie and passes the
// rest on: the token never reaches page scripts, so a script injected into a page cannot steal it.

// The schema of that answer is in web-session-schemas.ts: this module is read by page scripts.
export type { SignedIn } from './web-session-schemas';

/** The endpoints that start a session; the web server sets the cookies on their answers. */
export const SIGN_IN_PATHS = [ACCOUNT_API.login, ACCOUNT_API.facebook, ACCOUNT_API.google, ACCOUNT_API.signInLink, ACCOUNT_API.register] as const;
export type SignInPath = (typeof SIGN_IN_PATHS)[number];

/** The web server's own endpoint that hands out the XSRF-TOKEN cookie (GET, no-store). */
export const XSRF_TOKEN_PATH = '/xsrf-token';
/** The header a page echoes the XSRF-TOKEN cookie in. */
export const XSRF_HEADER = 'x-xsrf-token';

/** The refusal a state-changing call without a valid XSRF token or from another site gets. */
export const XSRF_REFUSED_MESSAGE = 'This request did not come from a Vitrine page. Please reload the page and try again.';
