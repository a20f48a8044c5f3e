import { Router, type Response } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { z } from 'zod';
import { PUBLIC_PROFILE_MESSAGES, type PublicUserDetail } from '../../../shared/api/account-schemas';
import { CacheImmutable, CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { ACCOUNT_NOTICES } from '../../../shared/validation/account-rules';
import { safeText, uuidId } from '../../../shared/validation/safe-input';
import { notFound } from '../../lib/http-error';
import { accountErrorHandler } from '../accounts/account-errors';
import { readUpload } from '../accounts/profile-images';
import { purgeKey, tagAnswer } from '../http/cache-purges';
import { pathText } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { say } from '../../../shared/validation/message';
import { requestTranslator } from '../http/request-language';
import { routesUnder, type ApiArea } from './area';

// Profiles under /api/account (spec section 7 "Account"): the shopper's own profile, user
// name and picture, the notification count, and the public profiles and pictures anyone may
// see. Shapes: shared/api/account-schemas.ts; messages: shared/validation/account-rules.ts.

// A public profile is addressed by user name or by its opaque public id, never by the row id
// (sequential, so it let anyone list every account).
const PublicIdParams = z.object({ id: uuidId('id', PUBLIC_PROFILE_MESSAGES.badId) });
const UserNameParams = z.object({ userName: pathText('userName', 100).min(1, 'userName is required') });
const ImageParams = z.object({ file: safeText('file').regex(/^[A-Za-z0-9_-]{16,64}\.webp$/, 'no such picture') });

export const profileArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const { sessions, profiles, settings } = accounts;

    router.get(at(ACCOUNT_API.userProfile), async (req, res) => {
      sendData(res, { userdetail: await profiles.profileOf(req) }, CachePrivate);
    });

    // Shared, and gone from every cache when the shopper is (purgeKey.shopper).
    const sendPublicProfile = (res: Response, { profile, userId }: { profile: PublicUserDetail; userId: number }) => {
      tagAnswer(res, [purgeKey.shopper(userId)]);
      sendData(res, { userdetail: profile }, CacheShort);
    };

    router.get(at(ACCOUNT_API.publicProfileByName), async (req, res) => {
      const { userName } = parseInput(UserNameParams, req.params);
      sendPublicProfile(res, await profiles.publicProfile({ userName }));
    });

    router.get(at(ACCOUNT_API.publicProfile), async (req, res) => {
      const { id } = parseInput(PublicIdParams, req.params);
      sendPublicProfile(res, await profiles.publicProfile({ publicId: id }));
    });

    router.put(at(ACCOUNT_API.editProfile), async (req, res) => {
      const session = await sessions.authenticate(req);
      const userdetail = await profiles.editProfile(session, req.body);
      sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.profileUpdated), userdetail }, CachePrivate);
    });

    router.put(at(ACCOUNT_API.uploadProfileImage), async (req, res) => {
      const session = await sessions.authenticate(req);
      const upload = await readUpload(req, settings.profileImageMaxBytes);
      const profileImage = await profiles.setProfileImage(session, upload);
      sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.imageUpdated), profileImage }, CachePrivate);
    });

    // Pictures are served from our origin; a new upload gets a new name, so each is immutable.
    router.get(at(ACCOUNT_API.profileImage), async (req, res) => {
      const { file } = parseInput(ImageParams, req.params);
      const image = await profiles.profileImage(file.slice(0, -'.webp'.length));
      if (!image) throw notFound('no such picture');
      res.setHeader('Content-Type', image.contentType);
      res.setHeader('Cache-Control', CacheImmutable.header);
      res.setHeader('Content-Security-Policy', "default-src 'none'");
      res.end(image.bytes);
    });

    router.get(
      at(ACCOUNT_API.checkUserName),
      ...accounts.rateLimiter({
        action: 'checkUserName',
        limit: settings.rateLimits.checkUserName,
        account: async (req) => {
          const viewer = await accounts.resolveViewer(req);
          return viewer ? `user:${viewer.userId}` : undefined;
        },
      }),
      async (req, res) => {
        const { userName } = parseInput(UserNameParams, req.params);
        const viewer = await accounts.resolveViewer(req);
        sendData(res, await profiles.checkUserName(userName, viewer?.userId, requestTranslator(req).t), CachePrivate);
      },
    );

    router.get(at(ACCOUNT_API.notificationCount), async (req, res) => {
      sendData(res, { count: await profiles.notificationCountOf(req) }, CachePrivate);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
