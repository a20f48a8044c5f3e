import { z } from 'zod';
import { ACCOUNT_API, SessionSchema } from './account-schemas';

// What the browser hears about a new session. The api answers sign-in and register with the
// session token; the web server keeps that token in the HttpOnly `token` cookie and passes the
// rest on: the token never reaches page scripts, so a script injected into a page cannot steal it.

/** Sign-in (password, provider or e-mailed link) and register, as the web server answers them: no token. */
export const SignedInSchema = SessionSchema.omit({ token: true }).extend({ message: z.string().optional() });
export type SignedIn = z.infer<typeof SignedInSchema>;

/** The endpoints that start a session; the web server sets the cookies on their answers. */
export const SIGN_IN_PATHS = [ACCOUNT_API.login, ACCOUNT_API.facebook, ACCOUNT_API.google, ACCOUNT_API.signInLink, ACCOUNT_API.register] as const;
export type SignInPath = (typeof SIGN_IN_PATHS)[number];

/** The web server's own endpoint that hands out the XSRF-TOKEN cookie (GET, no-store). */
export const XSRF_TOKEN_PATH = '/xsrf-token';
/** The header a page echoes the XSRF-TOKEN cookie in. */
export const XSRF_HEADER = 'x-xsrf-token';

/** The refusal a state-changing call without a valid XSRF token or from another site gets. */
export const XSRF_REFUSED_MESSAGE = 'This request did not come from a Vitrine page. Please reload the page and try again.';
