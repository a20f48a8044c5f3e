import { z } from 'zod';

// Answers of the account api (spec section 7 "Account"), parsed where they cross into the
// web server (the browser trusts the web server: shared/api/answer-schemas.ts). Every answer is wrapped as `{ data: … }`;
// the schemas below describe `data`. Errors are `{ status, message, fields? }`: `message`
// is a sentence a person can act on, `fields` (on 400s from forms) the first message per
// field, keyed by the request field (email, password, confirm_password, …).

// The paths and the admin rule are read by page scripts too: they live in account-paths.ts and
// profile-types.ts, which do not import zod.
export * as ACCOUNT_API from './account-paths';
export { PROFILE_IMAGE_FIELD, isAdminProfileType } from './profile-types';


/**
 * POST /auth/login, /auth/facebook, /auth/google, /auth/sign-in-link and
 * /api/account/register: a new session.
 * `token` is the opaque session token the web keeps in its HttpOnly `token` cookie and sends
 * back as the `token` header; `profileType` goes to the `profile-type` cookie (1 and 2 are
 * admins); `expiresAt` (ISO 8601) is when the session ends (30 days after it began).
 */
export const SessionSchema = z.object({
  token: z.string(),
  profileType: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/** POST /api/account/register: the session of the new account, and the notice. */
export const RegisterResponseSchema = SessionSchema.extend({ message: z.string() });

/** Every successful change that has nothing else to say: logout, forgot/confirm/change password. */
export const MessageResponseSchema = z.object({ message: z.string() });

/** The signed-in user (spec section 3 "User profile (userdetail)": userName, name, profileImage, type). */
export const UserDetailSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** A path on our origin (/api/account/profile-image/…), or null for the default picture. */
  profileImage: z.string().nullable(),
  /** Profile type: 1 and 2 admins, 3 and others shoppers. */
  type: z.number().int(),
  /** False for accounts made by social sign-in that never set a password. */
  hasPassword: z.boolean(),
  socialProviders: z.array(z.enum(['facebook', 'google'])),
  createdAt: z.string(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** GET /api/account/user-profile. */
export const UserProfileResponseSchema = z.object({ userdetail: UserDetailSchema });

/**
 * What anyone may see of a user: no e-mail, no profile type, and no row id. `publicId` is an
 * opaque random id (a UUID) that addresses the profile like the user name does; row ids are
 * sequential, so a public address made of them let anyone list every account.
 */
export const PublicUserDetailSchema = UserDetailSchema.pick({ userName: true, name: true, profileImage: true }).extend({ publicId: z.string() });
export type PublicUserDetail = z.infer<typeof PublicUserDetailSchema>;

/** GET /api/account/user-public-profile/{publicId} and …/user-public-profile/name/{userName}. */
export const PublicProfileResponseSchema = z.object({ userdetail: PublicUserDetailSchema });

export const PUBLIC_PROFILE_MESSAGES = {
  missing: 'This profile does not exist.',
  badId: 'id must be the public id of a profile (a UUID)',
} as const;

/** PUT /api/account/edit-user-profile: the notice and the profile as it now is. */
export const EditProfileResponseSchema = z.object({ message: z.string(), userdetail: UserDetailSchema });

/** PUT /api/account/upload-profile-image. */
export const ProfileImageResponseSchema = z.object({ message: z.string(), profileImage: z.string() });
export type ProfileImageResponse = z.infer<typeof ProfileImageResponseSchema>;

/**
 * GET /api/account/check-username/{name}: `valid` (the rules), `available` (valid and
 * nobody else's; the signed-in user's own name counts as available), and `message`, the
 * reason it cannot be used, or null.
 */
export const CheckUserNameResponseSchema = z.object({
  userName: z.string(),
  valid: z.boolean(),
  available: z.boolean(),
  message: z.string().nullable(),
});
export type CheckUserNameResponse = z.infer<typeof CheckUserNameResponseSchema>;

/** GET /api/account/notification-count (spec section 3: "Notification count response: count"). */
export const NotificationCountSchema = z.object({ count: z.number().int().nonnegative() });

/** POST /api/account/guest-key: a new guest key for the `g-to` cookie, sent back as the `key` header. */
export const GuestKeyResponseSchema = z.object({ key: z.string() });

/** The body of every error answer. */
export const ApiErrorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
