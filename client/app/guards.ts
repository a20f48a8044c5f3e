import { redirect, type RouterContextProvider } from 'react-router';
import * as ACCOUNT_API from '../../shared/api/account-paths';
import type { UserDetail } from '../../shared/api/account-schemas';
import { ApiError } from '../../shared/api/api-client';
import { apiContext } from './contexts';
import { rethrowAsRouteError } from './route-error';
import { sessionContext } from './session-context';

// The guards of spec section 4, as loaders: they run on the server for the first page (so
// its HTML and status are already right) and in the browser for later navigations.

type Context = Readonly<RouterContextProvider>;

/** Redirects in loaders are site paths: React Router adds the country prefix. */
function home(): Response {
  return redirect('/');
}

/** Logged-out-only guard: a signed-in user on a sign-in page goes home. */
export function requireGuest(context: Context): void {
  if (context.get(sessionContext).signedIn()) throw home();
}

/**
 * Auth guard: guests go home. The profile answers who is signed in; 'UnAuthorized Access!'
 * (an expired or revoked session) has already cleared the cookies, and sends them home too.
 */
export async function requireViewer(context: Context): Promise<UserDetail> {
  if (!context.get(sessionContext).signedIn()) throw home();
  try {
    const { userdetail } = await context.get(apiContext).get(ACCOUNT_API.userProfile, 'UserProfileResponse');
    return userdetail;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw home();
    rethrowAsRouteError(error);
  }
}
