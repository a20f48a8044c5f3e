import { isAdminProfileType } from '../../../shared/api/profile-types';
import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { RATING_API } from '../../../shared/api/rating-paths';
import { ProductRatingBody, ProductRatingParams } from '../../../shared/api/rating-schemas';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { parseInput, sendData } from '../http/respond';
import { routesUnder, type ApiArea } from './area';

// Product ratings (shapes and meaning in shared/api/rating-schemas.ts). The shopper's routes
// take the session first (401 'UnAuthorized Access!'), then the input (a 400 naming the
// field), then the product (404). The average is shared and changes with every rating, so it
// is not one of the answers kept in memory until an import (http/shared-answers.ts): caches
// keep it a short while (CacheShort), and a shopper sees their own rating's effect at once
// in the personal answers, which carry the average as it is now.

export const ratingArea: ApiArea = {
  mountPath: API_MOUNTS.api,
  routes: ({ accounts, ratings }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.api);
    const { sessions } = accounts;

    router.post(at(RATING_API.rate), async (req, res) => {
      const { userId, profileType } = await sessions.authenticate(req);
      const { id, star_rating } = parseForm(ProductRatingBody, req.body);
      sendData(res, await ratings.rate(userId, id, star_rating, isAdminProfileType(profileType)), CachePrivate);
    });

    router.get(at(RATING_API.mine), async (req, res) => {
      const { userId, profileType } = await sessions.authenticate(req);
      const { id } = parseInput(ProductRatingParams, req.params);
      sendData(res, await ratings.mine(userId, id, isAdminProfileType(profileType)), CachePrivate);
    });

    // Shared: no identity reaches it (bindApiScope), so the answer is the same for everyone.
    router.get(at(RATING_API.summary), async (req, res) => {
      const { id } = parseInput(ProductRatingParams, req.params);
      sendData(res, { rating: await ratings.summary(id) }, CacheShort);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
