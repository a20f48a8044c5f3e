import * as ACCOUNT_API from '../../../shared/api/account-paths';
import type { ApiClient } from '../../../shared/api/api-client';
import { browserApi } from '../../api/browser-api';

// A module of its own: the account pages share account-requests.ts's chunk only if they all use it.

/** The two requests for an e-mailed one-time link: a password reset, or a sign-in without the password. */
export type EmailLinkRequest = 'forgotPassword' | 'signInLinkRequest';

// Named one by one: indexing the paths module by a variable would make the bundler keep every
// account path on every page.
const EMAIL_LINK_PATHS: Readonly<Record<EmailLinkRequest, string>> = {
  forgotPassword: ACCOUNT_API.forgotPassword,
  signInLinkRequest: ACCOUNT_API.signInLinkRequest,
};

/**
 * POST /api/account/forgot-password or /api/account/sign-in-link: the api's words, the same
 * whether or not the account exists. `api` is the loader context's on the server (a form post).
 */
export async function requestEmailLink(kind: EmailLinkRequest, email: string, api: ApiClient = browserApi()): Promise<string> {
  const { message } = await api.send('POST', EMAIL_LINK_PATHS[kind], { email }, 'MessageResponse');
  return message;
}
