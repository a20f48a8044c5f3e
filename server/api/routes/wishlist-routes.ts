import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';
import { z } from 'zod';
import {
  AddToWishlistBody,
  CreateWishlistBody,
  DefaultWishlistBody,
  EditorsPickBody,
  MoveProductBody,
  RenameWishlistBody,
  ShowWishlistQuery,
  WishlistIdParams,
  WishlistOrderParam,
  WishlistPageQuery,
  WishlistPrivacyBody,
  WishlistProductParams,
  listIdOrNew,
} from '../../../shared/api/wishlist-schemas';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { entityId } from '../../../shared/validation/safe-input';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { askerOf, isAdmin } from '../accounts/viewer';
import { purgeKey, tagAnswer } from '../http/cache-purges';
import { CountryQuery, countryCode } from '../http/params';
import { requestTranslator } from '../http/request-language';
import { parseInput, sendData } from '../http/respond';
import { editorsOnly } from '../services/wishlist-service';
import { routesUnder, type ApiArea } from './area';

// Wishlists under /api/account (spec section 7; shapes and the meaning of each route in
// shared/api/wishlist-schemas.ts). Every route but public-wishlist is the shopper's: the
// session comes first (401 'UnAuthorized Access!'), then the input (a 400 naming the field),
// then the lists, looked up with the shopper's id so another's list is an unknown one (404).

const ReadParams = z.object({ a: listIdOrNew('a'), b: countryCode, c: WishlistOrderParam });
const PublicParams = z.object({ id: entityId('id') });

export const wishlistArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts, wishlists, purges }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const { sessions } = accounts;
    const shopper = async (req: Parameters<typeof sessions.authenticate>[0]) => askerOf(await sessions.authenticate(req));

    router.post(at(WISHLIST_API.create), async (req, res) => {
      const asker = await shopper(req);
      const { listName } = parseForm(CreateWishlistBody, req.body);
      sendData(res, { lists: await wishlists.create(asker, listName) }, CachePrivate);
    });

    router.post(at(WISHLIST_API.add), async (req, res) => {
      const asker = await shopper(req);
      const { id, listId, listName } = parseForm(AddToWishlistBody, req.body);
      sendData(res, await wishlists.add(asker, id, listId, listName, requestTranslator(req).t), CachePrivate);
    });

    router.get(at(WISHLIST_API.read), async (req, res) => {
      const asker = await shopper(req);
      const { a, b, c } = parseInput(ReadParams, req.params);
      const page = parseInput(WishlistPageQuery, req.query);
      sendData(res, await wishlists.read(asker, a, b, c, page), CachePrivate);
    });

    router.put(at(WISHLIST_API.rename), async (req, res) => {
      const asker = await shopper(req);
      const { listId, listName } = parseForm(RenameWishlistBody, req.body);
      sendData(res, { lists: await wishlists.rename(asker, listId, listName) }, CachePrivate);
    });

    router.put(at(WISHLIST_API.privacy), async (req, res) => {
      const asker = await shopper(req);
      const { listId, isPublic } = parseForm(WishlistPrivacyBody, req.body);
      const lists = await wishlists.setPublic(asker, listId, isPublic);
      // A list made private (or deleted) is purged from the webs' caches by the database
      // (http/cache-purges.ts); this answer says so, so the web that asked drops it at once.
      await purges.caughtUp(res);
      sendData(res, { lists }, CachePrivate);
    });

    router.put(at(WISHLIST_API.move), async (req, res) => {
      const asker = await shopper(req);
      const body = parseForm(MoveProductBody, req.body);
      sendData(res, { lists: await wishlists.move(asker, body.id, body.s_listid, body.d_listid, body.d_listName) }, CachePrivate);
    });

    router.post(at(WISHLIST_API.makeDefault), async (req, res) => {
      const asker = await shopper(req);
      const { id } = parseForm(DefaultWishlistBody, req.body);
      sendData(res, await wishlists.addToDefault(asker, id, requestTranslator(req).t), CachePrivate);
    });

    router.delete(at(WISHLIST_API.deleteProduct), async (req, res) => {
      const asker = await shopper(req);
      const { listId, productId } = parseInput(WishlistProductParams, req.params);
      sendData(res, { lists: await wishlists.removeProduct(asker, listId, productId) }, CachePrivate);
    });

    router.delete(at(WISHLIST_API.deleteList), async (req, res) => {
      const asker = await shopper(req);
      const { listId } = parseInput(WishlistIdParams, req.params);
      await wishlists.remove(asker, listId);
      await purges.caughtUp(res);
      sendData(res, { deleted: true }, CachePrivate);
    });

    router.get(at(WISHLIST_API.show), async (req, res) => {
      const asker = await shopper(req);
      const { id, ids } = parseInput(ShowWishlistQuery, req.query);
      if (ids) {
        sendData(res, { products: Object.fromEntries(await wishlists.holding(asker, ids)) }, CachePrivate);
        return;
      }
      // Spec section 3: "Response data.lists"; listIds kept beside it for clients of the first answer.
      const lists = await wishlists.listsHolding(asker, id!);
      sendData(res, { lists, listIds: lists.filter((list) => list.holdsProduct).map((list) => list.listId) }, CachePrivate);
    });

    // Shared: no identity reaches it (bindApiScope), so the answer is the same for everyone.
    router.get(at(WISHLIST_API.publicList), async (req, res) => {
      const { id } = parseInput(PublicParams, req.params);
      const { country } = parseInput(CountryQuery, { country: req.query.country });
      const page = parseInput(WishlistPageQuery, req.query);
      const list = await wishlists.readPublic(id, country, page);
      tagAnswer(res, [purgeKey.wishlist(id)]);
      sendData(res, list, CacheShort);
    });

    router.post(at(WISHLIST_API.editorsPick), async (req, res) => {
      const session = await sessions.authenticate(req);
      // Their session is fine, the editors' picks are not theirs: 403, not 401.
      if (!isAdmin(session)) throw editorsOnly();
      const { id, listId } = parseForm(EditorsPickBody, req.body);
      sendData(res, { added: await wishlists.addEditorsPick(listId, id) }, CachePrivate);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
