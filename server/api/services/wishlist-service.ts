import type { ShownWishlist, Wishlist, WishlistAdded, WishlistItem, WishlistPage, PublicWishlist } from '../../../shared/api/wishlist-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { say } from '../../../shared/validation/message';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { resizeProductImage } from '../../../shared/images';
import {
  WISHLIST_MESSAGES,
  isDuplicateWishlistName,
  type WishlistOrder,
} from '../../../shared/validation/wishlist-rules';
import type { ProductRef } from '../../../shared/validation/safe-input';
import { HttpError, notFound } from '../../lib/http-error';
import { fieldError, unauthorized } from '../accounts/account-errors';
import { slugify } from '../catalog/identifiers';
import { SITE_CONTENT_CHANGED_CHANNEL } from '../catalog/site-content';
import type { Database, Queryable } from '../db/database';
import { readProductCards, readWithdrawnStores } from './product-reader';
import { collectedProductId, findProduct, shownTo, type Asker } from './product-visibility';

// Wishlists (spec sections 3, 5, 7; shapes in shared/api/wishlist-schemas.ts): a shopper's
// named lists of products and the editors' pick lists an admin fills. Every write is one
// statement or one transaction. The writes of one shopper that check their lists first (a new
// name, a move) take that shopper's users row FOR UPDATE, so two requests at once cannot both
// pass the duplicate check; the unique index on (user_id, lower(name)) holds the rule even so.
// Another shopper's list is looked up with the asker's id like an unknown one: the same 404.
// An admin-only store's products are an admin's alone (product-visibility.ts): adding one is
// refused as an unknown product is, and lists are counted and read without them.

type ListRow = { id: number; name: string; slug: string; is_public: boolean; count: number; images: string[] | null };
type ItemRow = { product_id: number; added_at: Date | string; product_name: string; image: string };
type Page = { page: number; perPage: number };

const SLUG_MAX = 40;

/**
 * A list's fields with its size and first four images (newest first), as answers give them,
 * counting only the products the asker may see (`admin`: a boolean parameter's placeholder).
 */
const listColumns = (admin: string) => `w.id, w.name, w.slug, w.is_public,
  (SELECT count(*)::int FROM wishlist_items i WHERE i.wishlist_id = w.id AND ${shownTo('i.product_id', admin)}) AS count,
  (SELECT array_agg(f.image ORDER BY f.added_at DESC, f.id DESC)
     FROM (SELECT i.image, i.added_at, i.id FROM wishlist_items i WHERE i.wishlist_id = w.id AND ${shownTo('i.product_id', admin)}
            ORDER BY i.added_at DESC, i.id DESC LIMIT 4) f) AS images`;

function toList(row: ListRow): Wishlist {
  return { listId: row.id, listName: row.name, isPublic: row.is_public ? 1 : 0, slug: row.slug, count: row.count, images: row.images ?? [] };
}

const listNotFound = () => notFound(WISHLIST_MESSAGES.listNotFound);

/** The shopper's lists, oldest first (only those of `ids` when given). */
async function listsOf(q: Queryable, { userId, admin }: Asker, ids?: readonly number[]): Promise<Wishlist[]> {
  const rows = await q.query<ListRow>(
    `SELECT ${listColumns('$3')} FROM wishlists w
      WHERE w.user_id = $1 AND ($2::int[] IS NULL OR w.id = ANY($2::int[]))
      ORDER BY w.created_at, w.id`,
    [userId, ids ?? null, admin],
  );
  return rows.map(toList);
}

/** 404 unless the list is the shopper's (unknown and someone else's alike). */
async function ownList(q: Queryable, userId: number, listId: number): Promise<void> {
  const [list] = await q.query('SELECT 1 FROM wishlists WHERE id = $1 AND user_id = $2', [listId, userId]);
  if (!list) throw listNotFound();
}

/** Locks the shopper's row for this transaction: their list writes happen one at a time. */
async function lockShopper(tx: Queryable, userId: number): Promise<void> {
  const rows = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  if (!rows.length) throw unauthorized();
}

/** A slug from the name, unique among the shopper's lists: summer-dresses, summer-dresses-2, … */
async function freeSlug(tx: Queryable, userId: number, name: string, except?: number): Promise<string> {
  const base = slugify(name, SLUG_MAX) || 'wishlist';
  const taken = new Set(
    (
      await tx.query<{ slug: string }>(
        `SELECT slug FROM wishlists WHERE user_id = $1 AND id <> $3 AND (slug = $2 OR starts_with(slug, $2 || '-'))`,
        [userId, base, except ?? 0],
      )
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** A new list (the shopper's row is locked): 409 'Wishlist Already Exists' for a name in use. */
async function createList(tx: Queryable, userId: number, name: string): Promise<number> {
  const names = await tx.query<{ id: number; name: string }>('SELECT id, name FROM wishlists WHERE user_id = $1', [userId]);
  if (isDuplicateWishlistName(name, names.map((r) => ({ listId: r.id, listName: r.name })))) {
    throw fieldError('listName', WISHLIST_MESSAGES.nameExists, 409);
  }
  const slug = await freeSlug(tx, userId, name);
  const [row] = await tx.query<{ id: number }>('INSERT INTO wishlists (user_id, name, slug) VALUES ($1, $2, $3) RETURNING id', [userId, name, slug]);
  return row!.id;
}

type ProductFacts = { id: number; name: string; image: string };

/**
 * What an item keeps of its product: the title and the first colour's 180 px image. 404 when
 * the catalogue has no such product, or none the asker may see.
 */
async function productFacts(q: Queryable, ref: ProductRef, admin: boolean): Promise<ProductFacts> {
  const id = await findProduct(q, ref, admin);
  const [row] =
    id === undefined
      ? []
      : await q.query<{ title: string; image_url: string | null }>(
          `SELECT p.title, v.image_url FROM products p
             LEFT JOIN LATERAL (SELECT image_url FROM variants WHERE product_id = p.id ORDER BY position, id LIMIT 1) v ON TRUE
            WHERE p.id = $1`,
          [id],
        );
  if (id === undefined || !row) throw notFound(WISHLIST_MESSAGES.productNotFound);
  return { id, name: row.title, image: row.image_url ? resizeProductImage(row.image_url, '180') : '' };
}

const ORDER_BY: Record<WishlistOrder, string> = {
  added: 'i.added_at DESC, i.id DESC',
  // Products not sold in the country have no price there: they come last.
  'price-asc': 'pr.price ASC NULLS LAST, i.added_at DESC, i.id DESC',
  'price-desc': 'pr.price DESC NULLS LAST, i.added_at DESC, i.id DESC',
};

export class WishlistService {
  constructor(private readonly db: Database) {}

  /** One page of a list's items the asker may see, with today's cards for the country. */
  private async items(listId: number, admin: boolean, country: CountryCode, order: WishlistOrder, { page, perPage }: Page): Promise<WishlistItem[]> {
    // The price a card shows is its cheapest size variant's on offer in the country
    // (product-reader.ts, offeredSizes: the buyable ones when there are any).
    const byPrice = `LEFT JOIN LATERAL (
        SELECT coalesce(min(p.sale_price) FILTER (WHERE p.status <> 0), min(p.sale_price)) AS price FROM variants v
          JOIN size_variants sv ON sv.variant_id = v.id
          JOIN size_variant_prices p ON p.size_variant_id = sv.id AND p.country_code = $5 AND p.withdrawn_at IS NULL
         WHERE v.product_id = i.product_id) pr ON TRUE`;
    const rows = await this.db.query<ItemRow>(
      `SELECT i.product_id, i.added_at, i.product_name, i.image
         FROM wishlist_items i ${order === 'added' ? '' : byPrice}
        WHERE i.wishlist_id = $1 AND ${shownTo('i.product_id', '$4')}
        ORDER BY ${ORDER_BY[order]}
        LIMIT $2 OFFSET $3`,
      [listId, perPage, (page - 1) * perPage, admin, ...(order === 'added' ? [] : [country])],
    );
    const cards = new Map((await readProductCards(this.db, rows.map((r) => r.product_id), country)).map((card) => [card.id, card]));
    const withdrawn = await readWithdrawnStores(this.db, rows.flatMap((r) => (cards.has(r.product_id) ? [] : [r.product_id])), country);
    return rows.map((r) => ({
      productId: r.product_id,
      addedAt: new Date(r.added_at).toISOString(),
      productName: r.product_name,
      image: r.image,
      product: cards.get(r.product_id) ?? null,
      noLongerSoldBy: withdrawn.get(r.product_id) ?? null,
    }));
  }

  /** POST /create-wishlist. */
  async create(asker: Asker, name: string): Promise<Wishlist[]> {
    const id = await this.db.transaction(async (tx) => {
      await lockShopper(tx, asker.userId);
      return createList(tx, asker.userId, name);
    });
    return listsOf(this.db, asker, [id]);
  }

  /** POST /wishlist: to list `listId`, or (0) to a new list named `listName`. */
  async add(asker: Asker, ref: ProductRef, listId: number, listName: string | undefined, t: Translate): Promise<WishlistAdded> {
    const { userId } = asker;
    const { id, added } = await this.db.transaction(async (tx) => {
      const product = await productFacts(tx, ref, asker.admin);
      let target = listId;
      if (target === 0) {
        await lockShopper(tx, userId);
        target = await createList(tx, userId, listName!);
      } else {
        await ownList(tx, userId, target);
      }
      return { id: target, added: await this.insertItem(tx, target, product) };
    });
    return this.addedAnswer(t, added, await listsOf(this.db, asker, [id]));
  }

  /**
   * POST /wishlist-default: the shopper's first list, or a new 'My Favourites', named in the
   * shopper's language as they make it (issue 29). `t` also words the answer's message.
   */
  async addToDefault(asker: Asker, ref: ProductRef, t: Translate): Promise<WishlistAdded> {
    const { userId } = asker;
    const { id, added } = await this.db.transaction(async (tx) => {
      const product = await productFacts(tx, ref, asker.admin);
      await lockShopper(tx, userId);
      const [first] = await tx.query<{ id: number }>('SELECT id FROM wishlists WHERE user_id = $1 ORDER BY created_at, id LIMIT 1', [userId]);
      const target = first?.id ?? (await createList(tx, userId, t('wishlist.defaultName')));
      return { id: target, added: await this.insertItem(tx, target, product) };
    });
    return this.addedAnswer(t, added, await listsOf(this.db, asker, [id]));
  }

  private async insertItem(tx: Queryable, listId: number, product: ProductFacts): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO wishlist_items (wishlist_id, product_id, product_name, image) VALUES ($1, $2, $3, $4)
       ON CONFLICT (wishlist_id, product_id) DO NOTHING RETURNING id`,
      [listId, product.id, product.name, product.image],
    );
    return rows.length === 1;
  }

  /** The answer of an add, its message in the caller's language (`t`). */
  private addedAnswer(t: Translate, added: boolean, lists: Wishlist[]): WishlistAdded {
    return { added, message: say(t, added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.alreadyInList), lists };
  }

  /** GET /wishlist/{a}/{b}/{c}: the shopper's lists and, unless a is 0, one page of list a. */
  async read(asker: Asker, listId: number, country: CountryCode, order: WishlistOrder, page: Page): Promise<WishlistPage> {
    const lists = await listsOf(this.db, asker);
    const list = listId === 0 ? null : lists.find((l) => l.listId === listId);
    if (list === undefined) throw listNotFound();
    return {
      lists,
      list,
      items: list ? await this.items(list.listId, asker.admin, country, order, page) : [],
      totalCount: list?.count ?? 0,
      ...page,
      currencySymbol: COUNTRIES[country].info.symbol,
    };
  }

  /**
   * GET /public-wishlist/{id}: a public list for anyone; a private or unknown one is 404. Shared,
   * so nobody is an admin here: admin-only stores' products are left out.
   */
  async readPublic(listId: number, country: CountryCode, page: Page): Promise<PublicWishlist> {
    const [row] = await this.db.query<ListRow & { user_name: string; owner_name: string }>(
      `SELECT ${listColumns('FALSE')}, u.user_name, u.name AS owner_name
         FROM wishlists w JOIN users u ON u.id = w.user_id
        WHERE w.id = $1 AND w.is_public`,
      [listId],
    );
    if (!row) throw listNotFound();
    const list = toList(row);
    return {
      lists: [list],
      list,
      items: await this.items(list.listId, false, country, 'added', page),
      totalCount: list.count,
      ...page,
      currencySymbol: COUNTRIES[country].info.symbol,
      owner: { userName: row.user_name, name: row.owner_name },
    };
  }

  /** PUT /wishlist: a new name (its own name in another case is allowed); the slug follows. */
  async rename(asker: Asker, listId: number, name: string): Promise<Wishlist[]> {
    const { userId } = asker;
    await this.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const names = await tx.query<{ id: number; name: string }>('SELECT id, name FROM wishlists WHERE user_id = $1', [userId]);
      if (!names.some((r) => r.id === listId)) throw listNotFound();
      if (isDuplicateWishlistName(name, names.map((r) => ({ listId: r.id, listName: r.name })), listId)) {
        throw fieldError('listName', WISHLIST_MESSAGES.nameExists, 409);
      }
      const slug = await freeSlug(tx, userId, name, listId);
      await tx.query('UPDATE wishlists SET name = $3, slug = $4 WHERE id = $1 AND user_id = $2', [listId, userId, name, slug]);
    });
    return listsOf(this.db, asker, [listId]);
  }

  /** PUT /wishlist-privacy. */
  async setPublic(asker: Asker, listId: number, isPublic: boolean): Promise<Wishlist[]> {
    const rows = await this.db.query('UPDATE wishlists SET is_public = $3 WHERE id = $1 AND user_id = $2 RETURNING id', [listId, asker.userId, isPublic]);
    if (!rows.length) throw listNotFound();
    return listsOf(this.db, asker, [listId]);
  }

  /**
   * PUT /wishlist-move-product: from list s to list d, or (d 0) to a new list. The item keeps
   * when it was added and what it kept of the product; a destination that already holds the
   * product keeps its own item, and the source's goes. Moving to the same list changes nothing.
   */
  async move(asker: Asker, ref: ProductRef, sourceId: number, destinationId: number, destinationName: string | undefined): Promise<Wishlist[]> {
    const { userId } = asker;
    const target = await this.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      await ownList(tx, userId, sourceId);
      const productId = await collectedProductId(tx, ref, asker.admin);
      const [item] =
        productId === undefined
          ? []
          : await tx.query(`SELECT 1 FROM wishlist_items i WHERE i.wishlist_id = $1 AND i.product_id = $2 AND ${shownTo('i.product_id', '$3')}`, [
              sourceId,
              productId,
              asker.admin,
            ]);
      if (!item) throw notFound(WISHLIST_MESSAGES.productNotInList);
      let destination = destinationId;
      if (destination === 0) destination = await createList(tx, userId, destinationName!);
      else await ownList(tx, userId, destination);
      if (destination === sourceId) return destination;
      await tx.query(
        `WITH moved AS (DELETE FROM wishlist_items WHERE wishlist_id = $1 AND product_id = $2
                        RETURNING product_id, product_name, image, added_at)
         INSERT INTO wishlist_items (wishlist_id, product_id, product_name, image, added_at)
         SELECT $3, product_id, product_name, image, added_at FROM moved
         ON CONFLICT (wishlist_id, product_id) DO NOTHING`,
        [sourceId, productId, destination],
      );
      return destination;
    });
    const lists = await listsOf(this.db, asker, [sourceId, target]);
    return [sourceId, target].map((id) => lists.find((l) => l.listId === id)!);
  }

  /** DELETE /wishlist-product/{listId}/{productId}. */
  async removeProduct(asker: Asker, listId: number, ref: ProductRef): Promise<Wishlist[]> {
    const productId = await collectedProductId(this.db, ref, asker.admin);
    const rows =
      productId === undefined
        ? []
        : await this.db.query(
            `DELETE FROM wishlist_items i USING wishlists w
              WHERE i.wishlist_id = w.id AND w.id = $1 AND w.user_id = $2 AND i.product_id = $3 AND ${shownTo('i.product_id', '$4')}
              RETURNING i.id`,
            [listId, asker.userId, productId, asker.admin],
          );
    const lists = await listsOf(this.db, asker, [listId]);
    if (!lists.length) throw listNotFound();
    if (!rows.length) throw notFound(WISHLIST_MESSAGES.productNotInList);
    return lists;
  }

  /** DELETE /wishlist/{listId}: the list and its items (ON DELETE CASCADE). */
  async remove(asker: Asker, listId: number): Promise<void> {
    const rows = await this.db.query('DELETE FROM wishlists WHERE id = $1 AND user_id = $2 RETURNING id', [listId, asker.userId]);
    if (!rows.length) throw listNotFound();
  }

  /**
   * GET /show-wishlist?id=: every list of the shopper's (oldest first), each saying whether it
   * holds the product (never one the asker may not see: product-visibility.ts).
   */
  async listsHolding(asker: Asker, ref: ProductRef): Promise<ShownWishlist[]> {
    const productId = (await collectedProductId(this.db, ref, asker.admin)) ?? 0;
    const rows = await this.db.query<{ id: number; name: string; slug: string; is_public: boolean; holds: boolean }>(
      `SELECT w.id, w.name, w.slug, w.is_public,
              EXISTS (SELECT 1 FROM wishlist_items i WHERE i.wishlist_id = w.id AND i.product_id = $2 AND ${shownTo('i.product_id', '$3')}) AS holds
         FROM wishlists w WHERE w.user_id = $1
        ORDER BY w.created_at, w.id`,
      [asker.userId, productId, asker.admin],
    );
    return rows.map((row) => ({ listId: row.id, listName: row.name, isPublic: row.is_public ? 1 : 0, slug: row.slug, holdsProduct: row.holds }));
  }

  /** GET /show-wishlist?ids=: for each product, the shopper's lists holding it (oldest list first). */
  async holding(asker: Asker, productIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await this.db.query<{ product_id: number; wishlist_id: number }>(
      `SELECT i.product_id, i.wishlist_id FROM wishlist_items i JOIN wishlists w ON w.id = i.wishlist_id
        WHERE w.user_id = $1 AND i.product_id = ANY($2::int[]) AND ${shownTo('i.product_id', '$3')}
        ORDER BY w.created_at, w.id`,
      [asker.userId, productIds, asker.admin],
    );
    const found = new Map<number, number[]>(productIds.map((id) => [id, []]));
    for (const row of rows) found.get(row.product_id)!.push(row.wishlist_id);
    return found;
  }

  /**
   * POST /editorspick-product: an admin adds a product to an editors' pick list (a second add
   * changes nothing). The pick shows on /editors-picks/{slug} and the home page's tiles, whose
   * answers the api keeps in memory: the site-content notice, sent in this transaction, drops
   * them once it is committed.
   */
  async addEditorsPick(listId: number, ref: ProductRef): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [list] = await tx.query('SELECT id FROM editors_pick_lists WHERE id = $1 FOR UPDATE', [listId]);
      if (!list) throw notFound(WISHLIST_MESSAGES.editorsPickListNotFound);
      // Editors are admins: they may pick what they see; the pick's readers hide it from others.
      const { id } = await productFacts(tx, ref, true);
      const inserted = await tx.query(
        `INSERT INTO editors_pick_items (list_id, product_id, position)
         SELECT $1, $2, coalesce(max(position), 0) + 1 FROM editors_pick_items WHERE list_id = $1
         ON CONFLICT (list_id, product_id) DO NOTHING RETURNING product_id`,
        [listId, id],
      );
      if (!inserted.length) return false;
      await tx.query('SELECT pg_notify($1, $2)', [SITE_CONTENT_CHANGED_CHANNEL, JSON.stringify({ editorsPick: listId })]);
      return true;
    });
  }
}

/** 403 for a signed-in shopper who is not an admin. */
export const editorsOnly = () => new HttpError(403, WISHLIST_MESSAGES.editorsOnly);
