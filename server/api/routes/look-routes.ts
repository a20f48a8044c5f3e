import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { LOOK_API } from '../../../shared/api/look-paths';
import { z } from 'zod';
import { LookIdParams, RenameLookbookBody, SaveSetBody, SetsParams, UserNameParams } from '../../../shared/api/look-schemas';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { LOOK_MESSAGES, isLookCategoryId } from '../../../shared/validation/look-rules';
import { entityId, safeText } from '../../../shared/validation/safe-input';
import { notFound } from '../../lib/http-error';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { askerOf } from '../accounts/viewer';
import { purgeKey, tagAnswer } from '../http/cache-purges';
import { CountryQuery } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { rawQuery } from '../listing/read-listing-request';
import { routesUnder, type ApiArea } from './area';

// Looks under /api/account (spec section 7; shapes and the meaning of each route in
// shared/api/look-schemas.ts). Every route but user-set-categs, public-set and user-public-sets is the
// shopper's: the session comes first (401 'UnAuthorized Access!'), then the input (a 400
// naming the field), then the look, looked up with the shopper's id so another's look is an
// unknown one (404).

const CategoryParams = z.object({ x: safeText('x') });
const PublicParams = z.object({ listId: entityId('listId') });

export const lookArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts, looks, purges }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const { sessions } = accounts;
    const shopper = async (req: Parameters<typeof sessions.authenticate>[0]) => askerOf(await sessions.authenticate(req));

    // Shared: the same eight categories for everyone.
    router.get(at(LOOK_API.categories), (_req, res) => {
      sendData(res, { categories: looks.categories() }, CacheShort);
    });

    router.get(at(LOOK_API.filters), async (req, res) => {
      await shopper(req);
      const { x } = parseInput(CategoryParams, req.params);
      if (!isLookCategoryId(x)) throw notFound(LOOK_MESSAGES.categoryNotFound(x));
      sendData(res, await looks.dressMeFilters(x, rawQuery(req)), CachePrivate);
    });

    router.get(at(LOOK_API.sets), async (req, res) => {
      const asker = await shopper(req);
      const { x } = parseInput(SetsParams, req.params);
      const { country } = parseInput(CountryQuery, { country: req.query.country });
      if (x === 0) sendData(res, { looks: await looks.lookbook(asker) }, CachePrivate);
      else sendData(res, await looks.read(asker, x, country), CachePrivate);
    });

    router.post(at(LOOK_API.save), async (req, res) => {
      const asker = await shopper(req);
      const body = parseForm(SaveSetBody, req.body);
      const saved =
        body.kind === 'rename'
          ? await looks.rename(asker.userId, body.setId, body.setName, body.setPublic)
          : await looks.save(asker, body.setId, body.setName, body.setPublic, body.items);
      // A public look changed, made private or deleted is purged from the webs' caches by the
      // database (http/cache-purges.ts); this answer says so, so the web that asked drops it at once.
      await purges.caughtUp(res);
      sendData(res, saved, CachePrivate);
    });

    router.put(at(LOOK_API.rename), async (req, res) => {
      const asker = await shopper(req);
      const { listId, setName, setPublic } = parseForm(RenameLookbookBody, req.body);
      const renamed = await looks.rename(asker.userId, listId, setName, setPublic);
      await purges.caughtUp(res);
      sendData(res, renamed, CachePrivate);
    });

    router.delete(at(LOOK_API.deleteLook), async (req, res) => {
      const asker = await shopper(req);
      const { listId } = parseInput(LookIdParams, req.params);
      await looks.remove(asker.userId, listId);
      await purges.caughtUp(res);
      sendData(res, { deleted: true }, CachePrivate);
    });

    // Shared: no identity reaches it (bindApiScope), so the answer is the same for everyone.
    router.get(at(LOOK_API.publicLook), async (req, res) => {
      const { listId } = parseInput(PublicParams, req.params);
      const { country } = parseInput(CountryQuery, { country: req.query.country });
      const look = await looks.readPublic(listId, country);
      tagAnswer(res, [purgeKey.look(listId)]);
      sendData(res, look, CacheShort);
    });

    // Shared: a shopper's public looks, the same for everyone (their public profile).
    router.get(at(LOOK_API.publicLooks), async (req, res) => {
      const { userName } = parseInput(UserNameParams, req.params);
      const { lookbook, ownerId } = await looks.publicLookbook(userName);
      tagAnswer(res, [purgeKey.lookbook(ownerId), purgeKey.shopper(ownerId)]);
      sendData(res, lookbook, CacheShort);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
