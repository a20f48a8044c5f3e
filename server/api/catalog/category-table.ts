import type { Queryable } from '../db/database';
import { CATEGORIES } from './category-tree';

// The category tree (category-tree.ts) in the database's `categories` table: written at every
// start and import, and its ids read back by slug.

/**
 * Writes the tree into `categories`, keyed by slug: ids never change across runs, and a
 * run over an unchanged tree writes nothing. Parents go in before their children (one
 * statement per depth) so each child finds its parent's id by slug. Each depth goes in last
 * first, whatever plan the join gets, so every new database numbers the tree alike: the join
 * used to hand the rows over in that order, and every database so far was numbered so, until
 * a cheaper price of index reads (decision 0107) gave it another plan and other ids.
 */
export async function upsertCategoryTree(db: Queryable): Promise<void> {
  const maxDepth = Math.max(...CATEGORIES.map((c) => c.depth));
  for (let depth = 1; depth <= maxDepth; depth++) {
    const level = CATEGORIES.filter((c) => c.depth === depth);
    await db.query(
      `INSERT INTO categories (department, parent_id, slug, name, depth, path, position)
       SELECT t.department, p.id, t.slug, t.name, $6::smallint, t.path, t.position
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $7::int[]) WITH ORDINALITY
              AS t(department, parent_slug, slug, name, path, position, ord)
         LEFT JOIN categories p ON p.slug = t.parent_slug
        ORDER BY t.ord DESC
       ON CONFLICT (slug) DO UPDATE
          SET department = EXCLUDED.department, parent_id = EXCLUDED.parent_id, name = EXCLUDED.name,
              depth = EXCLUDED.depth, path = EXCLUDED.path, position = EXCLUDED.position
        WHERE (categories.department, categories.parent_id, categories.name, categories.depth,
               categories.path, categories.position)
              IS DISTINCT FROM
              (EXCLUDED.department, EXCLUDED.parent_id, EXCLUDED.name, EXCLUDED.depth,
               EXCLUDED.path, EXCLUDED.position)`,
      [
        level.map((c) => c.department),
        level.map((c) => c.parentSlug),
        level.map((c) => c.slug),
        level.map((c) => c.name),
        level.map((c) => c.path),
        depth,
        level.map((c) => c.position),
      ],
    );
  }
}

/** Category ids by slug, as stored. */
export async function loadCategoryIds(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; slug: string }>('SELECT id, slug FROM categories');
  return new Map(rows.map((r) => [r.slug, r.id]));
}
