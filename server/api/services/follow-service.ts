import type { FollowState, FollowedIds, Followed, FollowsPage } from '../../../shared/api/follow-schemas';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { FOLLOWS_MAX_PER_KIND, FOLLOW_MESSAGES, FOLLOW_NEWEST_PRODUCTS, type FollowKind } from '../../../shared/validation/follow-rules';
import { badRequest, notFound } from '../../lib/http-error';
import { unauthorized } from '../accounts/account-errors';
import type { Database } from '../db/database';
import { readProductCards } from './product-reader';

// Followed brands and stores (spec sections 2 "My Brands", "My Stores", 3 "Follow", 7; shapes in
// shared/api/follow-schemas.ts). A follow is a row (shopper, brand) or (shopper, store); following
// twice changes nothing and unfollowing what is not followed changes nothing, so a button pressed
// twice or a form sent again lands where the shopper meant. What is on sale from followed brands
// and stores joins My Sales in SalesService (sales-service.ts).

type Page = { page: number; perPage: number };

/** The table and the catalogue table of each kind: fixed names, never from input. */
const TABLES = {
  brand: { follows: 'brand_follows', column: 'brand_id', target: 'brands', logo: 'NULL::text', visible: (admin: string) => `(${admin}::boolean OR TRUE)` },
  // An admin-only store (spec section 6) is seen by admins only; `admin` is the parameter saying whether the shopper is one.
  store: { follows: 'store_follows', column: 'store_id', target: 'stores', logo: 't.logo_url', visible: (admin: string) => `(NOT t.admin_only OR ${admin})` },
} as const satisfies Record<FollowKind, { follows: string; column: string; target: string; logo: string; visible(admin: string): string }>;

type FollowRow = { id: number; name: string; slug: string; logo: string | null; followed_at: Date | string; on_sale: number };

export class FollowService {
  constructor(private readonly db: Database) {}

  /** POST /{kind}-follow: unknown id 404; the shopper's row is locked so the bound holds against two requests at once. */
  async follow(userId: number, kind: FollowKind, id: number, admin = false): Promise<FollowState> {
    const t = TABLES[kind];
    return this.db.transaction(async (tx) => {
      const users = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      if (!users.length) throw unauthorized();
      // An admin-only store is there for admins only (spec section 6): anyone else gets the 404 of an unknown one.
      const target = await tx.query(`SELECT id FROM ${t.target} t WHERE id = $1 AND ${t.visible('$2')}`, [id, admin]);
      if (!target.length) throw notFound(FOLLOW_MESSAGES.notFound(kind));
      const already = await tx.query(`SELECT 1 FROM ${t.follows} WHERE user_id = $1 AND ${t.column} = $2`, [userId, id]);
      if (already.length) return { kind, id, following: true, changed: false };
      const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.follows} WHERE user_id = $1`, [userId]);
      if (count!.n >= FOLLOWS_MAX_PER_KIND) throw badRequest(FOLLOW_MESSAGES.tooMany(kind));
      await tx.query(`INSERT INTO ${t.follows} (user_id, ${t.column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, id]);
      return { kind, id, following: true, changed: true };
    });
  }

  /** DELETE /{kind}-unfollow/{id}: unknown id 404; a brand or store not followed answers as done. */
  async unfollow(userId: number, kind: FollowKind, id: number): Promise<FollowState> {
    const t = TABLES[kind];
    const target = await this.db.query(`SELECT id FROM ${t.target} WHERE id = $1`, [id]);
    if (!target.length) throw notFound(FOLLOW_MESSAGES.notFound(kind));
    const removed = await this.db.query(`DELETE FROM ${t.follows} WHERE user_id = $1 AND ${t.column} = $2 RETURNING user_id`, [userId, id]);
    return { kind, id, following: false, changed: removed.length > 0 };
  }

  /** GET /follows: every id the shopper follows, for the Follow buttons of any page. */
  async followed(userId: number): Promise<FollowedIds> {
    const rows = await this.db.query<{ kind: FollowKind; id: number }>(
      `SELECT 'brand' AS kind, brand_id AS id FROM brand_follows WHERE user_id = $1
       UNION ALL
       SELECT 'store' AS kind, store_id AS id FROM store_follows WHERE user_id = $1
       ORDER BY kind, id`,
      [userId],
    );
    return { brands: rows.filter((r) => r.kind === 'brand').map((r) => r.id), stores: rows.filter((r) => r.kind === 'store').map((r) => r.id) };
  }

  /**
   * GET /{kind}s/{country}: My Brands / My Stores, the latest followed first, each with how many
   * of its products are on sale now in `country` (as My Sales counts them: a size variant in
   * stock there with offers above 0) and its newest products sold there.
   */
  async list(userId: number, kind: FollowKind, country: CountryCode, { page, perPage }: Page, admin = false): Promise<FollowsPage> {
    const t = TABLES[kind];
    const [count] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${t.follows} f JOIN ${t.target} t ON t.id = f.${t.column} WHERE f.user_id = $1 AND ${t.visible('$2')}`,
      [userId, admin],
    );
    const rows = await this.db.query<FollowRow>(
      `SELECT t.id, t.name, t.slug, ${t.logo} AS logo, f.created_at AS followed_at,
              (SELECT count(DISTINCT v.product_id)::int
                 FROM products p
                 JOIN variants v ON v.product_id = p.id
                 JOIN size_variants sv ON sv.variant_id = v.id
                 JOIN size_variant_prices pr ON pr.size_variant_id = sv.id
                 JOIN stores ps ON ps.id = p.store_id AND (NOT ps.admin_only OR $5)
                WHERE p.${t.column} = t.id AND pr.country_code = $2 AND pr.offers > 0 AND pr.status <> 0
                  AND pr.withdrawn_at IS NULL) AS on_sale
         FROM ${t.follows} f
         JOIN ${t.target} t ON t.id = f.${t.column}
        WHERE f.user_id = $1 AND ${t.visible('$5')}
        ORDER BY f.created_at DESC, t.id DESC
        LIMIT $3 OFFSET $4`,
      [userId, country, perPage, (page - 1) * perPage, admin],
    );
    const newest = await this.newestProducts(kind, rows.map((r) => r.id), country, admin);
    const cards = new Map((await readProductCards(this.db, [...new Set(newest.map((n) => n.product_id))], country)).map((c) => [c.id, c]));
    const follows = rows.map(
      (r): Followed => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        logo: r.logo,
        followedAt: new Date(r.followed_at).toISOString(),
        onSale: r.on_sale,
        products: newest.filter((n) => n.target_id === r.id).flatMap((n) => cards.get(n.product_id) ?? []),
      }),
    );
    return { kind, follows, totalCount: count!.n, page, perPage, currencySymbol: COUNTRIES[country].info.symbol };
  }

  /** The newest FOLLOW_NEWEST_PRODUCTS products sold in `country` of each brand or store of `ids`, newest first. */
  private async newestProducts(kind: FollowKind, ids: readonly number[], country: CountryCode, admin: boolean) {
    if (!ids.length) return [];
    const t = TABLES[kind];
    return this.db.query<{ target_id: number; product_id: number }>(
      `SELECT t.id AS target_id, n.id AS product_id
         FROM unnest($1::int[]) AS t(id)
         CROSS JOIN LATERAL (
           SELECT p.id FROM products p
             JOIN stores ps ON ps.id = p.store_id AND (NOT ps.admin_only OR $4)
            WHERE p.${t.column} = t.id
              AND EXISTS (SELECT 1 FROM variants v
                            JOIN size_variants sv ON sv.variant_id = v.id
                            JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
                           WHERE v.product_id = p.id)
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT $3) n`,
      [ids, country, FOLLOW_NEWEST_PRODUCTS, admin],
    );
  }
}
