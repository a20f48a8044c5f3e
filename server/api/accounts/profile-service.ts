import type { Request } from 'express';
import { PUBLIC_PROFILE_MESSAGES, type CheckUserNameResponse, type PublicUserDetail, type UserDetail } from '../../../shared/api/account-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { ACCOUNT_MESSAGES, ProfileForm, UserName, issueWording } from '../../../shared/validation/account-rules';
import { say } from '../../../shared/validation/message';
import { HttpError } from '../../lib/http-error';
import type { Database } from '../db/database';
import { fieldError, isUniqueViolation, parseForm, unauthorized } from './account-errors';
import { loadProfileImage, reencodeProfileImage, saveProfileImage } from './profile-images';
import { hashSecret } from './secrets';
import { tokenFrom, type SessionRecord } from './sessions';
import { findPublicUser, isUserNameTaken, userDetail, userDetailOfSession, type PublicProfileAddress } from './users';

// Profiles: one's own (name, user name, picture, unread notifications) and what anyone may
// see of another.

export class ProfileService {
  constructor(private readonly db: Database) {}

  /** GET user-profile: the session and the profile in one statement, or 401 'UnAuthorized Access!'. */
  async profileOf(req: Pick<Request, 'headers'>): Promise<UserDetail> {
    const token = tokenFrom(req);
    const detail = token ? await userDetailOfSession(this.db, hashSecret(token)) : undefined;
    if (!detail) throw unauthorized();
    return detail;
  }

  async profile(userId: number): Promise<UserDetail> {
    const detail = await userDetail(this.db, userId);
    if (!detail) throw unauthorized();
    return detail;
  }

  /** What anyone may see of a user, by user name or public id (never by row id: they are sequential). */
  async publicProfile(by: PublicProfileAddress): Promise<{ profile: PublicUserDetail; userId: number }> {
    const found = await findPublicUser(this.db, by);
    if (!found) throw new HttpError(404, PUBLIC_PROFILE_MESSAGES.missing);
    return found;
  }

  /** PUT /api/account/edit-user-profile: name and/or user name. */
  async editProfile(session: SessionRecord, body: unknown): Promise<UserDetail> {
    const input = parseForm(ProfileForm, body);
    if (input.userName !== undefined && (await isUserNameTaken(this.db, input.userName, session.userId))) {
      throw fieldError('userName', ACCOUNT_MESSAGES.userNameTaken, 409);
    }
    try {
      await this.db.query(
        'UPDATE users SET name = coalesce($2, name), user_name = coalesce($3, user_name), updated_at = now() WHERE id = $1',
        [session.userId, input.name ?? null, input.userName ?? null],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('userName', ACCOUNT_MESSAGES.userNameTaken, 409);
      throw error;
    }
    return this.profile(session.userId);
  }

  /** GET /api/account/check-username/{name}: usable means valid and nobody else's; `t` words the message in the caller's language. */
  async checkUserName(userName: string, viewerUserId: number | undefined, t: Translate): Promise<CheckUserNameResponse> {
    const parsed = UserName.safeParse(userName);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return { userName, valid: false, available: false, message: say(t, first ? issueWording(first) : ACCOUNT_MESSAGES.userNameCharacters) };
    }
    const taken = await isUserNameTaken(this.db, userName, viewerUserId);
    return { userName, valid: true, available: !taken, message: taken ? say(t, ACCOUNT_MESSAGES.userNameTaken) : null };
  }

  async setProfileImage(session: SessionRecord, upload: Buffer): Promise<string> {
    const encoded = await reencodeProfileImage(upload);
    return saveProfileImage(this.db, session.userId, encoded);
  }

  /** A stored picture by its key (the file name without .webp), or undefined. */
  profileImage(key: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    return loadProfileImage(this.db, key);
  }

  /** GET notification-count: the session and the unread count in one statement, or 401. */
  async notificationCountOf(req: Pick<Request, 'headers'>): Promise<number> {
    const token = tokenFrom(req);
    const rows = token
      ? await this.db.query<{ count: number }>(
          `SELECT (SELECT count(*) FROM notifications n WHERE n.user_id = s.user_id AND n.read_at IS NULL)::int AS count
             FROM sessions s WHERE s.token_hash = $1 AND s.expires_at > now()`,
          [hashSecret(token)],
        )
      : [];
    if (!rows[0]) throw unauthorized();
    return rows[0].count;
  }
}
