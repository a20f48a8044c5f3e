import { createContext, useContext } from 'react';
import type { SignInPath, SignedIn } from '../../shared/api/web-session';
import type { Viewer } from './viewer';

// The signed-in user as the page knows them, and what changes it. Seeded from the
// root loader (the server read the profile with the token cookie); the account forms and the
// header update it; the provider lives in components/account/SessionProvider.tsx.

export type AuthMode = 'Login' | 'Register';

export type SessionValue = {
  viewer: Viewer | null;
  /** Reads the profile again (after a sign-in or a profile change). */
  refresh(): Promise<Viewer | null>;
  /** Signs in or registers through the gateway; 'Login Successful !' on success (spec 4). */
  signIn(path: SignInPath, body: unknown): Promise<SignedIn>;
  /** Logout (spec section 4): the session goes whatever the api says; account pages go home. */
  signOut(): Promise<void>;
  /**
   * The SIGN IN / REGISTER dialog (spec section 2), e.g. from the header or a wishlist heart;
   * `then` runs once the shopper has signed in from it (spec section 4: the add goes on).
   */
  openSignIn(mode?: AuthMode, then?: () => void): void;
};

export const SessionContext = createContext<SessionValue>({
  viewer: null,
  refresh: async () => null,
  signIn: () => Promise.reject(new Error('no session provider')),
  signOut: async () => undefined,
  openSignIn: () => undefined,
});

export function useSession(): SessionValue {
  return useContext(SessionContext);
}
