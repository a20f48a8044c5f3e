import type { Queryable } from '../db/database';

// The matcher (issue 28, decision 0079): links one store's copy of an item to the other stores'
// copies, in the import's transaction, for the size variants the feed inserted or rekeyed
// (feed-upsert.ts) and nothing else but the partners the gtin and mpn indexes find for them.
//
// - Size variants match on the same GTIN and the same brand; without a GTIN on either side, on
//   the same brand, MPN, colour key and size. identifier_exists = false never matches, and
//   nothing matches on its title. A GTIN two brands claim merges nothing across the brands and
//   is reported.
// - A match is named by its oldest (lowest) id: `same_as` names it on every other row, never a
//   row that itself points on (no chains). When matches join, the older canonical absorbs the
//   younger: every row pointing at the younger now points at the older.
// - Products match when any of their size variants do: the affected product matches are
//   recomputed from their size variants, so a product whose last matched size left leaves too.
// - A rekeyed row leaves its match first. When it was the match's canonical, the rows it leaves
//   behind are named by their own oldest row from then on: a row's id is its own, so it cannot
//   keep naming a match it no longer belongs to. Any other leaver leaves the canonical as it was.
// - Withdrawal is no concern here (withdrawn_at hides an offer; identity stays), and a feed
//   that inserts and rekeys nothing changes nothing, so a repeated import matches nothing anew.

// Beside the migration (73455001), per-store import (73455002), site content (73455003) and
// change log (73455004) locks.
const MATCHING_LOCK_KEY = 73_455_005;

/**
 * Feeds are written and matched one at a time (issue 28), taken before the feed's rows are
 * written: two stores' feeds bringing one new GTIN at once would each miss the other's
 * uncommitted row, and each matcher would wait on rows the other import holds. On PGlite,
 * one connection, imports are one at a time anyway.
 */
export async function lockMatching(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MATCHING_LOCK_KEY]);
}

/** A GTIN two brands claim: not merged across them (the brands' names, the stores' slugs). */
export type GtinConflict = { gtin: string; brands: string[]; stores: string[] };

export type MatchReport = {
  /** The feed's size variants that joined a match. */
  matched: number;
  /** The feed's size variants that left a match (their identifiers, size or colour changed). */
  left: number;
  conflicts: GtinConflict[];
  /** Slugs of the other stores whose rows this import moved to another match (their listings change too). */
  partnerStores: string[];
};

/** A size variant as the matcher sees it: its keys and where it stands. */
type Keyed = {
  id: number;
  store_id: number;
  canonical_id: number;
  gtin: string | null;
  mpn: string | null;
  colour: string | null;
  size_key: string;
  brand_id: number;
  product_canonical: number;
};

// The keys of size variants that may match: a brand, an identifier, and not declared without.
// Sizes compare case- and space-insensitively ("UK 8" is "uk8"); the colour key is the
// normalised colour (variants.colour), else the merchant's colour name: two colours outside
// the 24 keys ("Moonbeam", "Stardust") are then still two colours.
const KEYED = `
  SELECT sv.id, sv.store_id, sv.canonical_id, sv.gtin, sv.mpn,
         coalesce(v.colour, lower(v.colour_name)) AS colour,
         lower(regexp_replace(sv.size, '\\s+', '', 'g')) AS size_key,
         p.brand_id, p.canonical_id AS product_canonical
    FROM size_variants sv
    JOIN variants v ON v.id = sv.variant_id
    JOIN products p ON p.id = v.product_id
   WHERE sv.identifier_exists IS DISTINCT FROM false AND p.brand_id IS NOT NULL`;

const mpnKey = (r: Keyed) => JSON.stringify([r.brand_id, r.mpn, r.colour, r.size_key]);

/** Matches the feed's inserted and rekeyed size variants (ids) with the catalogue's. */
export async function matchOffers(tx: Queryable, storeId: number, inserted: readonly number[], rekeyed: readonly number[]): Promise<MatchReport> {
  const report: MatchReport = { matched: 0, left: 0, conflicts: [], partnerStores: [] };
  if (!inserted.length && !rekeyed.length) return report;
  const changedStores = new Set<number>();
  const productMatches = new Set<number>();
  report.left = await leave(tx, rekeyed, changedStores, productMatches);

  const touched = await tx.query<Keyed>(`${KEYED} AND sv.id = ANY($1::int[]) AND (sv.gtin IS NOT NULL OR sv.mpn IS NOT NULL)`, [
    [...inserted, ...rekeyed],
  ]);
  const gtins = [...new Set(touched.flatMap((t) => (t.gtin ? [t.gtin] : [])))];
  const mpns = [...new Set(touched.flatMap((t) => (!t.gtin && t.mpn ? [t.mpn] : [])))];
  const byGtin = await tx.query<Keyed>(`${KEYED} AND sv.gtin = ANY($1::text[])`, [gtins]);
  const byMpn = await tx.query<Keyed>(`${KEYED} AND sv.gtin IS NULL AND sv.mpn = ANY($1::text[])`, [mpns]);

  const matches = new UnionFind();
  const groups = new Map<string, Keyed[]>();
  for (const r of byGtin) push(groups, JSON.stringify([r.brand_id, r.gtin]), r);
  for (const r of byMpn) push(groups, mpnKey(r), r);
  for (const t of touched) {
    const group = groups.get(t.gtin ? JSON.stringify([t.brand_id, t.gtin]) : mpnKey(t)) ?? [];
    for (const partner of group) {
      matches.union(t.canonical_id, partner.canonical_id);
      productMatches.add(partner.product_canonical);
    }
    productMatches.add(t.product_canonical);
  }
  report.conflicts = await conflictsOf(tx, byGtin);

  const absorbed = matches.absorbed();
  if (absorbed.size) {
    const moved = await tx.query<{ store_id: number }>(
      `UPDATE size_variants s SET same_as = m.canonical, updated_at = now()
         FROM unnest($1::int[], $2::int[]) AS m(absorbed, canonical)
        WHERE s.canonical_id = m.absorbed
        RETURNING s.store_id`,
      [[...absorbed.keys()], [...absorbed.values()]],
    );
    for (const m of moved) changedStores.add(m.store_id);
  }
  const members = matches.setSizes();
  report.matched = touched.filter((t) => members.get(matches.find(t.canonical_id))! > 1).length;
  await rematchProducts(tx, [...productMatches], changedStores);

  changedStores.delete(storeId);
  if (changedStores.size) {
    const slugs = await tx.query<{ slug: string }>('SELECT slug FROM stores WHERE id = ANY($1::int[]) ORDER BY slug', [[...changedStores]]);
    report.partnerStores = slugs.map((s) => s.slug);
  }
  return report;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Rekeyed rows leave their matches; the rows a leaving canonical named are named by their own
 * oldest row. Returns how many of them were in a match, and notes the stores and product
 * matches touched.
 */
async function leave(tx: Queryable, rekeyed: readonly number[], changedStores: Set<number>, productMatches: Set<number>): Promise<number> {
  if (!rekeyed.length) return 0;
  const rows = await tx.query<{ id: number; same_as: number | null; product_canonical: number }>(
    `SELECT sv.id, sv.same_as, p.canonical_id AS product_canonical
       FROM size_variants sv JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id
      WHERE sv.id = ANY($1::int[]) OR sv.same_as = ANY($1::int[])`,
    [rekeyed],
  );
  const leaving = new Set(rekeyed);
  const named = new Set(rows.flatMap((r) => (r.same_as === null ? [] : [r.same_as])));
  const stays = new Map<number, number[]>();
  const ids: number[] = [];
  const sameAs: (number | null)[] = [];
  let left = 0;
  for (const row of rows) {
    productMatches.add(row.product_canonical);
    if (leaving.has(row.id)) {
      if (row.same_as !== null || named.has(row.id)) left++;
      if (row.same_as !== null) {
        ids.push(row.id);
        sameAs.push(null);
      }
    } else if (row.same_as !== null && leaving.has(row.same_as)) {
      push(stays, row.same_as, row.id);
    }
  }
  for (const rest of stays.values()) {
    const oldest = Math.min(...rest);
    for (const id of rest) {
      ids.push(id);
      sameAs.push(id === oldest ? null : oldest);
    }
  }
  await pointAt(tx, 'size_variants', ids, sameAs, changedStores);
  return left;
}

/**
 * Products follow their size variants: within the product matches touched, products sharing a
 * matched size are one match, named by its oldest product. Only rows whose `same_as` differs
 * are written.
 */
async function rematchProducts(tx: Queryable, productMatches: number[], changedStores: Set<number>): Promise<void> {
  if (!productMatches.length) return;
  const rows = await tx.query<{ product_id: number; same_as: number | null; size_canonical: number }>(
    `SELECT p.id AS product_id, p.same_as, sv.canonical_id AS size_canonical
       FROM products p JOIN variants v ON v.product_id = p.id JOIN size_variants sv ON sv.variant_id = v.id
      WHERE p.canonical_id = ANY($1::int[])`,
    [productMatches],
  );
  const products = new UnionFind();
  const productOfSize = new Map<number, number>();
  const current = new Map<number, number | null>();
  for (const row of rows) {
    current.set(row.product_id, row.same_as);
    products.union(row.product_id, row.product_id);
    const other = productOfSize.get(row.size_canonical);
    if (other === undefined) productOfSize.set(row.size_canonical, row.product_id);
    else products.union(other, row.product_id);
  }
  const ids: number[] = [];
  const sameAs: (number | null)[] = [];
  for (const [id, was] of current) {
    const root = products.find(id);
    const wanted = root === id ? null : root;
    if (wanted !== was) {
      ids.push(id);
      sameAs.push(wanted);
    }
  }
  await pointAt(tx, 'products', ids, sameAs, changedStores);
}

/**
 * Sets `same_as` of rows by id, noting their stores. updated_at moves too: an api that lost its
 * notices re-reads the stores whose rows moved since (search-engine/catch-up.ts).
 */
async function pointAt(
  tx: Queryable,
  table: 'size_variants' | 'products',
  ids: number[],
  sameAs: (number | null)[],
  changedStores: Set<number>,
): Promise<void> {
  if (!ids.length) return;
  const moved = await tx.query<{ store_id: number }>(
    `UPDATE ${table} t SET same_as = m.same_as, updated_at = now()
       FROM unnest($1::int[], $2::int[]) AS m(id, same_as)
      WHERE t.id = m.id
      RETURNING t.store_id`,
    [ids, sameAs],
  );
  for (const m of moved) changedStores.add(m.store_id);
}

/** GTINs among `rows` that more than one brand claims, with the brands' names and the stores' slugs. */
async function conflictsOf(tx: Queryable, rows: readonly Keyed[]): Promise<GtinConflict[]> {
  const brandsOf = new Map<string, Set<number>>();
  for (const r of rows) {
    const brands = brandsOf.get(r.gtin!) ?? new Set<number>();
    brands.add(r.brand_id);
    brandsOf.set(r.gtin!, brands);
  }
  const claimed = [...brandsOf].filter(([, brands]) => brands.size > 1).map(([gtin]) => gtin);
  if (!claimed.length) return [];
  return tx.query<GtinConflict>(
    `SELECT sv.gtin, array_agg(DISTINCT b.name ORDER BY b.name) AS brands, array_agg(DISTINCT s.slug ORDER BY s.slug) AS stores
       FROM size_variants sv
       JOIN variants v ON v.id = sv.variant_id JOIN products p ON p.id = v.product_id
       JOIN brands b ON b.id = p.brand_id JOIN stores s ON s.id = sv.store_id
      WHERE sv.gtin = ANY($1::text[]) AND sv.identifier_exists IS DISTINCT FROM false
      GROUP BY sv.gtin ORDER BY sv.gtin`,
    [claimed],
  );
}

/** Disjoint sets of ids, each named by its lowest id: the oldest row names its match. */
class UnionFind {
  private readonly parent = new Map<number, number>();

  find(id: number): number {
    let root = id;
    for (let p = this.parent.get(root); p !== undefined && p !== root; p = this.parent.get(root)) root = p;
    for (let at = id; at !== root; ) {
      const next = this.parent.get(at)!;
      this.parent.set(at, root);
      at = next;
    }
    if (!this.parent.has(root)) this.parent.set(root, root);
    return root;
  }

  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra < rb) this.parent.set(rb, ra);
    else if (rb < ra) this.parent.set(ra, rb);
  }

  /** How many ids each set holds, by its root. */
  setSizes(): Map<number, number> {
    const sizes = new Map<number, number>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      sizes.set(root, (sizes.get(root) ?? 0) + 1);
    }
    return sizes;
  }

  /** Every id that is not its set's root, with the root that absorbs it. */
  absorbed(): Map<number, number> {
    const out = new Map<number, number>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      if (root !== id) out.set(id, root);
    }
    return out;
  }
}
