import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { GIVEAWAY_API } from '../../../shared/api/giveaway-paths';
import { CacheNone, CachePrivate } from '../../../shared/http/cache-policy';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway';
import { HttpError } from '../../lib/http-error';
import { accountErrorHandler } from '../accounts/account-errors';
import { isAdmin } from '../accounts/viewer';
import { sendData } from '../http/respond';
import { routesUnder, type ApiArea } from './area';

// The giveaway under /api/account (shapes in shared/api/giveaway-schemas.ts). The status is
// shared (the same for everyone) and kept by nobody: it turns to closed at one instant, and
// answering costs no database read. The shopper's routes take the session
// first (401); the entries are for admins (403 for a shopper: their session is fine, the
// entries are not theirs).

export const giveawayArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts, giveaway }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const { sessions } = accounts;

    router.get(at(GIVEAWAY_API.status), (_req, res) => {
      sendData(res, giveaway.status(), CacheNone);
    });

    router.get(at(GIVEAWAY_API.entry), async (req, res) => {
      const { userId } = await sessions.authenticate(req);
      sendData(res, await giveaway.entry(userId), CachePrivate);
    });

    router.post(at(GIVEAWAY_API.entry), async (req, res) => {
      const { userId } = await sessions.authenticate(req);
      sendData(res, await giveaway.enter(userId), CachePrivate);
    });

    router.get(at(GIVEAWAY_API.entries), async (req, res) => {
      const session = await sessions.authenticate(req);
      if (!isAdmin(session)) throw new HttpError(403, GIVEAWAY_MESSAGES.adminsOnly);
      sendData(res, await giveaway.entries(), CachePrivate);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
