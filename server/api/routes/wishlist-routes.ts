import { Router } from 'express';
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
import { isAdmin } from '../accounts/viewer';
import { CountryQuery, countryCode } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { editorsOnly } from '../services/wishlist-service';
import type { ApiArea } from './area';

// Wishlists under /api/account (spec section 7; shapes and the meaning of each route in
// shared/api/wishlist-schemas.ts). Every route but public-wishlist is the shopper's: the
// session comes first (401 'UnAuthorized Access!'), then the input (a 400 naming the field),
// then the lists, looked up with the shopper's id so another's list is an unknown one (404).

const ReadParams = z.object({ a: listIdOrNew('a'), b: countryCode, c: WishlistOrderParam });
const PublicParams = z.object({ id: entityId('id') });

export const wishlistArea: ApiArea = {
  mountPath: '/api/account',
  routes: ({ accounts, wishlists }) => {
    const router = Router();
    const { service } = accounts;
    const shopper = async (req: Parameters<typeof service.authenticate>[0]) => (await service.authenticate(req)).userId;

    router.post('/create-wishlist', async (req, res) => {
      const userId = await shopper(req);
      const { listName } = parseForm(CreateWishlistBody, req.body);
      sendData(res, { lists: await wishlists.create(userId, listName) }, CachePrivate);
    });

    router.post('/wishlist', async (req, res) => {
      const userId = await shopper(req);
      const { id, listId, listName } = parseForm(AddToWishlistBody, req.body);
      sendData(res, await wishlists.add(userId, id, listId, listName), CachePrivate);
    });

    router.get('/wishlist/:a/:b/:c', async (req, res) => {
      const userId = await shopper(req);
      const { a, b, c } = parseInput(ReadParams, req.params);
      const page = parseInput(WishlistPageQuery, req.query);
      sendData(res, await wishlists.read(userId, a, b, c, page), CachePrivate);
    });

    router.put('/wishlist', async (req, res) => {
      const userId = await shopper(req);
      const { listId, listName } = parseForm(RenameWishlistBody, req.body);
      sendData(res, { lists: await wishlists.rename(userId, listId, listName) }, CachePrivate);
    });

    router.put('/wishlist-privacy', async (req, res) => {
      const userId = await shopper(req);
      const { listId, isPublic } = parseForm(WishlistPrivacyBody, req.body);
      sendData(res, { lists: await wishlists.setPublic(userId, listId, isPublic) }, CachePrivate);
    });

    router.put('/wishlist-move-product', async (req, res) => {
      const userId = await shopper(req);
      const body = parseForm(MoveProductBody, req.body);
      sendData(res, { lists: await wishlists.move(userId, body.id, body.s_listid, body.d_listid, body.d_listName) }, CachePrivate);
    });

    router.post('/wishlist-default', async (req, res) => {
      const userId = await shopper(req);
      const { id } = parseForm(DefaultWishlistBody, req.body);
      sendData(res, await wishlists.addToDefault(userId, id), CachePrivate);
    });

    router.delete('/wishlist-product/:listId/:productId', async (req, res) => {
      const userId = await shopper(req);
      const { listId, productId } = parseInput(WishlistProductParams, req.params);
      sendData(res, { lists: await wishlists.removeProduct(userId, listId, productId) }, CachePrivate);
    });

    router.delete('/wishlist/:listId', async (req, res) => {
      const userId = await shopper(req);
      const { listId } = parseInput(WishlistIdParams, req.params);
      await wishlists.remove(userId, listId);
      sendData(res, { deleted: true }, CachePrivate);
    });

    router.get('/show-wishlist', async (req, res) => {
      const userId = await shopper(req);
      const { id, ids } = parseInput(ShowWishlistQuery, req.query);
      if (ids) {
        sendData(res, { products: Object.fromEntries(await wishlists.holding(userId, ids)) }, CachePrivate);
        return;
      }
      // Spec section 3: "Response data.lists"; listIds kept beside it for clients of the first answer.
      const lists = await wishlists.listsHolding(userId, id!);
      sendData(res, { lists, listIds: lists.filter((list) => list.holdsProduct).map((list) => list.listId) }, CachePrivate);
    });

    // Shared: no identity reaches it (bindApiScope), so the answer is the same for everyone.
    router.get('/public-wishlist/:id', async (req, res) => {
      const { id } = parseInput(PublicParams, req.params);
      const { country } = parseInput(CountryQuery, { country: req.query.country });
      const page = parseInput(WishlistPageQuery, req.query);
      sendData(res, await wishlists.readPublic(id, country, page), CacheShort);
    });

    router.post('/editorspick-product', async (req, res) => {
      const session = await service.authenticate(req);
      // Their session is fine, the editors' picks are not theirs: 403, not 401.
      if (!isAdmin(session)) throw editorsOnly();
      const { id, listId } = parseForm(EditorsPickBody, req.body);
      sendData(res, { added: await wishlists.addEditorsPick(listId, id) }, CachePrivate);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
