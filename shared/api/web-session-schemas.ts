import { z } from 'zod';
import { SessionSchema } from './account-schemas';

// What the browser hears about a new session, as the web server answers it (web-session.ts
// says why the token is not in it). Parsed on the server; page scripts import the types only.

/** Sign-in (password, provider or e-mailed link) and register, as the web server answers them: no token. */
export const SignedInSchema = SessionSchema.omit({ token: true }).extend({ message: z.string().optional() });
export type SignedIn = z.infer<typeof SignedInSchema>;

/** A provider sign-in also says where the shopper was going (shared/social-sign-in.ts). */
export const SocialSignedInSchema = SignedInSchema.extend({ returnUrl: z.string().optional() });
