import { createHash } from 'node:crypto';
import type { Look, LookCategory, LookItem, LookPlacements, LookSummary, PublicLookbook, SetSaved } from '../../../shared/api/look-schemas';
import type { Filter } from '../../../shared/api/search-schemas';
import { DEPARTMENTS, type Department } from '../../../shared/constants';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { resizeProductImage } from '../../../shared/images';
import { ListingQueryError, parseFilterListOptions, parseListingRequest } from '../../../shared/listing/query-grammar';
import { requestForCall } from '../../../shared/listing/companion-calls';
import { CATEGORY_LEVELS, type FacetFilterType } from '../../../shared/listing/vocabulary';
import {
  LOOKBOOK_MAX,
  LOOK_CATEGORY_IDS,
  LOOK_CATEGORY_NAMES,
  LOOK_MESSAGES,
  lookCollageUrl,
  type LookCategoryId,
} from '../../../shared/validation/look-rules';
import { say } from '../../../shared/validation/message';
import { badRequest, notFound } from '../../lib/http-error';
import { fieldError } from '../accounts/account-errors';
import { translatorFor } from '../http/request-language';
import { slugify } from '../catalog/identifiers';
import type { Database, Queryable } from '../db/database';
import type { FacetFilters } from '../listing/facet-filters';
import { readProductCards, readWithdrawnStores } from './product-reader';
import type { Asker } from './product-visibility';

// Looks (spec sections 3, 4, 5, 7; shapes in shared/api/look-schemas.ts): a shopper's outfit
// boards, each piece a size variant and its rectangle on the board. Every write is one
// statement or one transaction, so a crash loses nothing half-written. Another shopper's look
// is looked up with the asker's id like an unknown one: the same 404. Pieces keep the
// product's name and picture from when they were saved, so a look outlives its products
// leaving the catalogue, and the collage (drawn by the web from those pictures) stays the same
// until the look changes: `version` is a hash of the pieces, and the collage's URL carries it.

/**
 * The catalogue's categories each look category covers, by department (the demo tree in
 * catalog/category-tree.ts; a unit test checks every slug is in it). A department with
 * nothing of a kind (men's dresses) has none.
 */
export const LOOK_CATEGORY_SLUGS: Readonly<Record<LookCategoryId, Readonly<Record<Department, readonly string[]>>>> = {
  tops: {
    women: ['tops', 'knitwear', 'sweatshirts-hoodies'],
    men: ['men-t-shirt', 'men-shirts', 'men-polo-shirts', 'men-knitwear', 'men-sweatshirts-hoodies'],
    kids: ['kids-tops', 'kids-knitwear', 'kids-sweatshirts-hoodies'],
  },
  bottoms: {
    women: ['jeans', 'trousers', 'skirts', 'shorts'],
    men: ['men-jeans', 'men-trousers', 'men-shorts'],
    kids: ['kids-jeans', 'kids-trousers', 'kids-shorts', 'kids-skirts'],
  },
  dresses: { women: ['dresses', 'jumpsuits'], men: [], kids: ['kids-dresses'] },
  outerwear: { women: ['coats', 'jackets', 'blazers'], men: ['men-jackets', 'men-coats-blazers'], kids: ['kids-coats-jackets'] },
  shoes: { women: ['shoes'], men: ['men-shoes'], kids: ['kids-shoes'] },
  bags: { women: ['bags'], men: ['men-bags'], kids: ['kids-backpacks'] },
  accessories: { women: ['accessories'], men: ['men-accessories'], kids: ['kids-hats', 'kids-gloves', 'kids-sunglasses'] },
  beauty: { women: ['health-and-beauty'], men: ['men-grooming'], kids: [] },
};

export function lookCategory(id: LookCategoryId): LookCategory {
  const byDepartment = LOOK_CATEGORY_SLUGS[id];
  return {
    id,
    // English, whoever asks: the answer is shared (one cached copy for every caller), and the
    // web names each category by its id in the page's language (issue 29).
    name: say(translatorFor(undefined).t, LOOK_CATEGORY_NAMES[id]),
    slugs: DEPARTMENTS.flatMap((d) => byDepartment[d]),
    byDepartment: { women: [...byDepartment.women], men: [...byDepartment.men], kids: [...byDepartment.kids] },
  };
}

/** Dress Me's filter groups, in the order the listing's panel shows them (the category is the look category itself). */
const DRESS_ME_FILTERS: readonly FacetFilterType[] = ['department', 'colour', 'offer', 'brand', 'store'];

type LookRow = {
  id: number;
  name: string;
  slug: string;
  is_public: boolean;
  version: string;
  created_at: Date | string;
  updated_at: Date | string;
  item_count: number;
  /** The guids of pieces from admin-only stores, for an asker who may not see them. */
  hidden: string[] | null;
};
type ItemRow = {
  guid: string;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  product_name: string;
  image: string;
  product_id: number | null;
};

const SLUG_MAX = 40;

/**
 * A look's fields as answers give them, with the pieces the asker may not see (`admin`: a
 * boolean parameter's placeholder): an admin-only store's pieces are an admin's alone
 * (product-visibility.ts), so everyone else gets the look without them.
 */
const lookColumns = (admin: string) => `l.id, l.name, l.slug, l.is_public, l.version, l.created_at, l.updated_at,
  (SELECT count(*)::int FROM look_items i WHERE i.look_id = l.id) AS item_count,
  (SELECT array_agg(i.guid::text ORDER BY i.position) FROM look_items i
     JOIN size_variants sv ON sv.guid = i.guid JOIN stores s ON s.id = sv.store_id
    WHERE i.look_id = l.id AND s.admin_only AND NOT ${admin}) AS hidden`;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The version of what the asker sees: the stored one, or for a look shown without hidden
 * pieces one of its own, so the collage drawn without them has a URL of its own (a picture
 * with them is never served at it).
 */
function shownVersion(row: LookRow): string {
  if (!row.hidden?.length) return row.version;
  return createHash('sha256').update(`${row.version} without ${row.hidden.join(',')}`).digest('hex').slice(0, 16);
}

function toSummary(row: LookRow): LookSummary {
  const version = shownVersion(row);
  return {
    listId: row.id,
    listName: row.name,
    isPublic: row.is_public ? 1 : 0,
    slug: row.slug,
    itemCount: row.item_count - (row.hidden?.length ?? 0),
    version,
    collage: lookCollageUrl(row.id, version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const lookNotFound = () => notFound(LOOK_MESSAGES.lookNotFound);
const lookSlug = (name: string) => slugify(name, SLUG_MAX) || 'look';

type Piece = LookPlacements[number] & { productName: string; image: string };

/** The collage version of a look's pieces: what is drawn where, hashed (16 hex digits). */
export function lookVersion(pieces: readonly Piece[]): string {
  const drawn = pieces.map((p) => [p.guid, p.image, p.x, p.y, p.width, p.height, p.z]);
  return createHash('sha256').update(JSON.stringify(drawn)).digest('hex').slice(0, 16);
}

/**
 * Each guid's product name and full-size picture; 400 naming the first guid that names no size
 * variant the asker may see (an admin-only store's is an unknown one to anyone else).
 */
async function piecesOf(q: Queryable, items: LookPlacements, admin: boolean): Promise<Piece[]> {
  const rows = await q.query<{ guid: string; title: string; image_url: string }>(
    `SELECT sv.guid::text AS guid, p.title, v.image_url
       FROM size_variants sv JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id
       JOIN stores s ON s.id = sv.store_id AND (NOT s.admin_only OR $2)
      WHERE sv.guid = ANY($1::uuid[])`,
    [items.map((i) => i.guid), admin],
  );
  const found = new Map(rows.map((r) => [r.guid.toLowerCase(), r]));
  return items.map((item) => {
    const row = found.get(item.guid);
    if (!row) throw fieldError('data', LOOK_MESSAGES.unknownProduct(item.guid));
    return { ...item, productName: row.title, image: row.image_url };
  });
}

async function insertPieces(tx: Queryable, lookId: number, pieces: readonly Piece[]): Promise<void> {
  const column = <K extends keyof Piece>(key: K) => pieces.map((p) => p[key]);
  await tx.query(
    `INSERT INTO look_items (look_id, position, guid, product_name, image, x, y, width, height, z)
     SELECT $1, t.* FROM unnest($2::smallint[], $3::uuid[], $4::text[], $5::text[],
                                $6::smallint[], $7::smallint[], $8::smallint[], $9::smallint[], $10::smallint[]) AS t`,
    [lookId, pieces.map((_, i) => i), column('guid'), column('productName'), column('image'), column('x'), column('y'), column('width'), column('height'), column('z')],
  );
}

export class LookService {
  constructor(
    private readonly db: Database,
    private readonly facets: FacetFilters,
  ) {}

  /** GET /user-set-categs. */
  categories(): LookCategory[] {
    return LOOK_CATEGORY_IDS.map(lookCategory);
  }

  /**
   * GET /dress-me-filters/{x}: the listing's filter groups over the look category's catalogue
   * categories, read with the listing grammar from the call's own query (a bad value is the
   * grammar's 400); any category levels it names give way to the look category's.
   */
  async dressMeFilters(id: LookCategoryId, rawQuery: string): Promise<{ category: LookCategory; filters: Filter[] }> {
    const category = lookCategory(id);
    const params = new URLSearchParams(rawQuery);
    for (const level of CATEGORY_LEVELS) params.delete(level);
    params.delete('link');
    params.set('category', category.slugs.join(','));
    let request;
    let options;
    try {
      request = requestForCall('filters', parseListingRequest(params));
      options = parseFilterListOptions(params);
    } catch (error) {
      if (error instanceof ListingQueryError) throw badRequest(error.message);
      throw error;
    }
    const filters: Filter[] = [];
    for (const type of DRESS_ME_FILTERS) filters.push(await this.facets.filter(type, request, options));
    return { category, filters };
  }

  /** GET /sets/0: the shopper's looks, the most recently changed first. */
  async lookbook({ userId, admin }: Asker): Promise<LookSummary[]> {
    const rows = await this.db.query<LookRow>(
      `SELECT ${lookColumns('$3')} FROM looks l WHERE l.user_id = $1 ORDER BY l.updated_at DESC, l.id DESC LIMIT $2`,
      [userId, LOOKBOOK_MAX, admin],
    );
    return rows.map(toSummary);
  }

  /** GET /user-public-sets/{userName}: a shopper's public looks (their public profile); an unknown name is 404. */
  async publicLookbook(userName: string): Promise<{ lookbook: PublicLookbook; ownerId: number }> {
    const [owner] = await this.db.query<{ id: number; user_name: string; name: string }>(
      'SELECT id, user_name, name FROM users WHERE lower(user_name) = lower($1)',
      [userName],
    );
    if (!owner) throw notFound(LOOK_MESSAGES.userNotFound);
    const rows = await this.db.query<LookRow>(
      `SELECT ${lookColumns('FALSE')} FROM looks l WHERE l.user_id = $1 AND l.is_public ORDER BY l.updated_at DESC, l.id DESC LIMIT $2`,
      [owner.id, LOOKBOOK_MAX],
    );
    return { lookbook: { looks: rows.map(toSummary), owner: { userName: owner.user_name, name: owner.name } }, ownerId: owner.id };
  }

  /** GET /sets/{listId}: one of the shopper's looks (404 for any other). */
  async read({ userId, admin }: Asker, listId: number, country: CountryCode): Promise<Look> {
    return this.readWhere('l.id = $1 AND l.user_id = $2', [listId, userId], admin, country);
  }

  /** GET /public-set/{listId}: a public look for anyone (shared: nobody is an admin here); a private or unknown one is 404. */
  async readPublic(listId: number, country: CountryCode): Promise<Look> {
    return this.readWhere('l.id = $1 AND l.is_public', [listId], false, country);
  }

  private async readWhere(where: string, params: unknown[], admin: boolean, country: CountryCode): Promise<Look> {
    const [row] = await this.db.query<LookRow & { user_name: string; owner_name: string }>(
      `SELECT ${lookColumns(`$${params.length + 1}`)}, u.user_name, u.name AS owner_name FROM looks l JOIN users u ON u.id = l.user_id WHERE ${where}`,
      [...params, admin],
    );
    if (!row) throw lookNotFound();
    const hidden = new Set(row.hidden ?? []);
    return {
      ...toSummary(row),
      items: (await this.items(row.id, country)).filter((item) => !hidden.has(item.guid)),
      currencySymbol: COUNTRIES[country].info.symbol,
      owner: { userName: row.user_name, name: row.owner_name },
    };
  }

  /** A look's pieces in z-order with today's cards for the country. */
  private async items(lookId: number, country: CountryCode): Promise<LookItem[]> {
    const rows = await this.db.query<ItemRow>(
      `SELECT i.guid::text AS guid, i.x, i.y, i.width, i.height, i.z, i.product_name, i.image, v.product_id
         FROM look_items i
         LEFT JOIN size_variants sv ON sv.guid = i.guid
         LEFT JOIN variants v ON v.id = sv.variant_id
        WHERE i.look_id = $1
        ORDER BY i.z, i.position`,
      [lookId],
    );
    const ids = [...new Set(rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id])))];
    const cards = new Map((await readProductCards(this.db, ids, country)).map((card) => [card.id, card]));
    const withdrawn = await readWithdrawnStores(this.db, ids.filter((id) => !cards.has(id)), country);
    return rows.map((r) => {
      const card = r.product_id === null ? undefined : cards.get(r.product_id);
      // The card opens on the piece's own colour: the variant whose picture the piece kept.
      const small = resizeProductImage(r.image, '180');
      const index = card ? card.variants.findIndex((v) => v.images.productimage180_jpg === small) : -1;
      return {
        guid: r.guid,
        x: r.x,
        y: r.y,
        width: r.width,
        height: r.height,
        z: r.z,
        productName: r.product_name,
        image: r.image,
        product: card ? { ...card, variant_index: Math.max(index, 0) } : null,
        noLongerSoldBy: r.product_id === null ? null : (withdrawn.get(r.product_id) ?? null),
      };
    });
  }

  /**
   * POST /save-set with data (spec section 4): a new look (setId 0) or one of the shopper's
   * looks updated (title, public flag and pieces, replaced whole). One transaction; the look's
   * row is locked while its pieces are replaced, so two saves of one look do not interleave.
   */
  async save({ userId, admin }: Asker, setId: number, name: string, isPublic: boolean, items: LookPlacements): Promise<SetSaved> {
    const slug = lookSlug(name);
    return this.db.transaction(async (tx) => {
      const pieces = await piecesOf(tx, items, admin);
      const version = lookVersion(pieces);
      let listId = setId;
      if (setId === 0) {
        const [row] = await tx.query<{ id: number }>(
          'INSERT INTO looks (user_id, name, slug, is_public, version) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [userId, name, slug, isPublic, version],
        );
        listId = row!.id;
      } else {
        const rows = await tx.query(
          `UPDATE looks SET name = $3, slug = $4, is_public = $5, version = $6, updated_at = now()
            WHERE id = $1 AND user_id = $2 RETURNING id`,
          [setId, userId, name, slug, isPublic, version],
        );
        if (!rows.length) throw lookNotFound();
        await tx.query('DELETE FROM look_items WHERE look_id = $1', [setId]);
      }
      await insertPieces(tx, listId, pieces);
      return { slug, listId };
    });
  }

  /** PUT /rename-lookbook, and POST /save-set without data: a new title and public flag. */
  async rename(userId: number, listId: number, name: string, isPublic: boolean): Promise<SetSaved> {
    const slug = lookSlug(name);
    const rows = await this.db.query(
      'UPDATE looks SET name = $3, slug = $4, is_public = $5, updated_at = now() WHERE id = $1 AND user_id = $2 RETURNING id',
      [listId, userId, name, slug, isPublic],
    );
    if (!rows.length) throw lookNotFound();
    return { slug, listId };
  }

  /** DELETE /sets/{listId}: the look and its pieces (ON DELETE CASCADE). */
  async remove(userId: number, listId: number): Promise<void> {
    const rows = await this.db.query('DELETE FROM looks WHERE id = $1 AND user_id = $2 RETURNING id', [listId, userId]);
    if (!rows.length) throw lookNotFound();
  }
}
