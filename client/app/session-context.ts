import { createContext } from 'react-router';
import type { SignInPath, SignedIn } from '../../shared/api/web-session';

// Who is signed in, and how a page action signs someone in or out, as loaders and actions see
// it on both sides. On the server: the token cookie, and cookies written on this response. In
// the browser: the readable profile-type cookie (the token cookie is HttpOnly), and calls
// through the gateway, which writes the cookies.
export type SessionControl = {
  signedIn(): boolean;
  /**
   * Whether the session says its holder is an admin (the profile-type cookie): a hint for
   * which personal calls are worth making (the debug line). The api decides for itself.
   */
  isAdmin(): boolean;
  /** Sign-in, social sign-in or register; throws ApiError with the api's message. */
  signIn(path: SignInPath, body: unknown): Promise<SignedIn>;
  /** Logout: the cookies go whatever the api answers (spec section 4). */
  signOut(): Promise<void>;
};

export const sessionContext = createContext<SessionControl>();
