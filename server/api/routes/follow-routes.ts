import { Router, type Request } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { FOLLOW_API, FOLLOW_ROUTES } from '../../../shared/api/follow-paths';
import { FollowBody, FollowCountryParams, FollowIdParams, FollowsPageQuery } from '../../../shared/api/follow-schemas';
import { isAdminProfileType } from '../../../shared/api/profile-types';
import { CachePrivate } from '../../../shared/http/cache-policy';
import { FOLLOW_KINDS } from '../../../shared/validation/follow-rules';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { parseInput, sendData } from '../http/respond';
import { routesUnder, type ApiArea } from './area';

// Followed brands and stores under /api/account (spec sections 3 "Follow", 7; shapes in
// shared/api/follow-schemas.ts). Every route checks the session first (401 'UnAuthorized
// Access!'), then the input (a 400 naming the field), then the brand or store (404).

export const followArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts, follows }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const shopper = async (req: Request) => (await accounts.sessions.authenticate(req)).userId;
    // Whether the shopper may see admin-only stores (spec section 6): the session says, never the request.
    const session = async (req: Request) => {
      const found = await accounts.sessions.authenticate(req);
      return { userId: found.userId, admin: isAdminProfileType(found.profileType) };
    };

    for (const kind of FOLLOW_KINDS) {
      router.post(at(FOLLOW_ROUTES.follow(kind)), async (req, res) => {
        const { userId, admin } = await session(req);
        const { id } = parseForm(FollowBody, req.body);
        sendData(res, await follows.follow(userId, kind, id, admin), CachePrivate);
      });

      router.delete(at(FOLLOW_ROUTES.unfollow(kind)), async (req, res) => {
        const userId = await shopper(req);
        // The same 400 as the body's id of a follow, naming the field.
        const { id } = parseForm(FollowIdParams, req.params);
        sendData(res, await follows.unfollow(userId, kind, id), CachePrivate);
      });

      router.get(at(FOLLOW_ROUTES.list(kind)), async (req, res) => {
        const { userId, admin } = await session(req);
        const { country } = parseInput(FollowCountryParams, req.params);
        const page = parseInput(FollowsPageQuery, req.query);
        sendData(res, await follows.list(userId, kind, country, page, admin), CachePrivate);
      });
    }

    router.get(at(FOLLOW_API.followed), async (req, res) => {
      const userId = await shopper(req);
      sendData(res, await follows.followed(userId), CachePrivate);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
