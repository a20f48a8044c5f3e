import type { Filter, FilterBucket } from '../../../shared/api/search-schemas';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';
import { CATEGORIES, categoryBySlug, type FlatCategory } from '../catalog/category-tree';
import type { ResolvedRequest } from './listing-resolver';

// Category counts over the tree: the engine counts each product under its own category; the
// listing shows subtree sums, one level at a time.

/** Sums each category's own count over its subtree. */
export function subtreeCounts(own: ReadonlyMap<string, number>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [slug, n] of own) {
    for (let c = categoryBySlug(slug); c; c = c.parentSlug ? categoryBySlug(c.parentSlug) : undefined) {
      sums.set(c.slug, (sums.get(c.slug) ?? 0) + n);
    }
  }
  return sums;
}

const childrenOf = (() => {
  const map = new Map<string | null, FlatCategory[]>();
  for (const c of CATEGORIES) {
    const list = map.get(c.parentSlug) ?? [];
    list.push(c);
    map.set(c.parentSlug, list);
  }
  return map;
})();

/** The category the listing is about: its path's, else the deepest single category filter. */
export function focusCategory(resolved: ResolvedRequest): FlatCategory | undefined {
  const selected = resolved.query.filters.categories.map((s) => categoryBySlug(s)).filter((c) => c !== undefined);
  const scoped = resolved.listing.category ?? (resolved.listing.scope.category ? categoryBySlug(resolved.listing.scope.category) : undefined);
  if (selected.length === 1 && (!scoped || selected[0]!.path.startsWith(`${scoped.path}/`))) return selected[0];
  return scoped;
}

/**
 * Category counts at the next level of the tree: the children of the listing's category (the
 * top categories when it has none); a selected category, and every category on the way to
 * one, opens its own next level as subBuckets.
 */
export function categoryFilter(own: ReadonlyMap<string, number>, resolved: ResolvedRequest): Filter {
  const sums = subtreeCounts(own);
  const selected = resolved.query.filters.categories.map((s) => categoryBySlug(s)).filter((c) => c !== undefined);
  const open = (c: FlatCategory) => selected.some((s) => s.slug === c.slug || s.path.startsWith(`${c.path}/`));
  const scope = resolved.listing.scope.category ? categoryBySlug(resolved.listing.scope.category) : undefined;
  const level = (parent: string | null): FilterBucket[] =>
    (childrenOf.get(parent) ?? [])
      .filter((c) => (sums.get(c.slug) ?? 0) > 0 || open(c))
      .map((c) => {
        const kids = childrenOf.get(c.slug);
        return {
          key: c.name,
          id: c.slug,
          textKey: c.slug,
          docCount: sums.get(c.slug) ?? 0,
          selected: selected.some((s) => s.slug === c.slug),
          subBuckets: kids?.length && open(c) ? [{ filterName: CATEGORY_LEVELS[c.depth]!, buckets: level(c.slug) }] : [],
        };
      });
  let buckets = level(scope?.slug ?? null);
  let depth = (scope?.depth ?? 0) + 1;
  if (scope && !childrenOf.get(scope.slug)?.length) {
    // A leaf listing: the category itself.
    buckets = [{ key: scope.name, id: scope.slug, textKey: scope.slug, docCount: sums.get(scope.slug) ?? 0, selected: true, subBuckets: [] }];
    depth = scope.depth;
  }
  return { filterName: CATEGORY_LEVELS[Math.min(depth, CATEGORY_LEVELS.length) - 1]!, buckets, otherCount: 0 };
}
