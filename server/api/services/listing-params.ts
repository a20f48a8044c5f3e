import { z } from 'zod';
import { COLOURS, isColourKey, type ColourKey } from '../../../shared/colours';
import { DEPARTMENTS, MAX_PER_PAGE, PER_PAGE, isDepartment, type Department } from '../../../shared/constants';
import { COUNTRY_CODES, parseCountryCode, type CountryCode } from '../../../shared/countries';
import { SORT_OPTIONS, type SortValue } from '../../../shared/sort-options';
import { categoryBySlug } from '../catalog/category-tree';
import { CountryQuery } from '../http/params';
import type { PercentRange, SearchFilters } from '../search/search-engine';

// The listing query string (spec section 2 "Query parameters"), checked value by value:
// a value that means nothing is a 400 that names the parameter and says what it takes.
// Multi-value parameters are comma-separated (a repeated parameter works too).

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_VALUES = 50;
const SORT_VALUES = SORT_OPTIONS.map((o) => o.value) as readonly string[];
export const CATEGORY_LEVELS = ['category', 'subcategory', 'subcategory2', 'subcategory3', 'subcategory4'] as const;

/** A query value as Express gives it: a string, repeated strings, or nothing. */
const raw = z.union([z.string(), z.array(z.string())]).optional();

function values(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return [...new Set(joined.split(',').map((v) => v.trim()).filter(Boolean))];
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

type Ctx = z.RefinementCtx;

function fail(ctx: Ctx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

function list<T>(check: (value: string, ctx: Ctx) => T | undefined, describe: string) {
  return raw.transform((value, ctx): T[] => {
    const items = values(value);
    if (items.length > MAX_VALUES) return fail(ctx, `at most ${MAX_VALUES} values`);
    const out: T[] = [];
    for (const item of items) {
      const parsed = check(item, ctx);
      if (parsed === undefined) return fail(ctx, `"${item}" is not ${describe}`);
      out.push(parsed);
    }
    return out;
  });
}

const slugList = (what: string) => list((v) => (SLUG.test(v.toLowerCase()) ? v.toLowerCase() : undefined), `a ${what} slug (lower-case letters, digits and hyphens)`);

const flag = (name: string) =>
  raw.transform((value, ctx) => {
    const v = (single(value) ?? '').trim().toLowerCase();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true' || v === '1') return true;
    return fail(ctx, `${name} takes true or false`);
  });

const OFFER = /^(\d{1,3}(?:\.\d+)?)-(\d{1,3}(?:\.\d+)?)$/;

/** "51.0-70.0" → 51..70 (whole percents, both included). */
export function parsePercentRange(text: string): PercentRange | undefined {
  const match = OFFER.exec(text);
  if (!match) return undefined;
  const from = Math.ceil(Number(match[1]));
  const to = Math.floor(Number(match[2]));
  if (from < 0 || to > 100 || from > to) return undefined;
  return { from, to };
}

const integer = (name: string, min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  raw.transform((value, ctx) => {
    const v = (single(value) ?? '').trim();
    if (v === '') return fallback;
    if (!/^\d{1,9}$/.test(v) || Number(v) < min) return fail(ctx, `${name} must be a whole number from ${min}`);
    return Math.min(Number(v), max);
  });

export const ListingQuerySchema = z
  .object({
    q: raw.transform((value, ctx) => {
      const text = single(value) ?? '';
      if (text.length > 200) return fail(ctx, 'the search text is longer than 200 characters');
      // Spec section 5 "Search text": letters, digits and spaces, runs of spaces collapsed.
      return text.replace(/[^\p{L}\p{N}\s]/gu, '').replace(/\s+/g, ' ').trim();
    }),
    link: raw.transform((value, ctx) => {
      const link = single(value)?.trim();
      if (!link) return undefined;
      if (!link.startsWith('/')) return fail(ctx, 'link must be a path starting with /');
      if (link.length > 300) return fail(ctx, 'link is longer than 300 characters');
      return link;
    }),
    colour: list<ColourKey>((v) => (isColourKey(v.toLowerCase()) ? (v.toLowerCase() as ColourKey) : undefined), `a colour; use one of ${COLOURS.map((c) => c.key).join(', ')}`),
    category: slugList('category'),
    subcategory: slugList('category'),
    subcategory2: slugList('category'),
    subcategory3: slugList('category'),
    subcategory4: slugList('category'),
    brand: slugList('brand'),
    storename: slugList('store'),
    offers: list((v) => parsePercentRange(v), 'a discount band like 51.0-70.0 (percent, from-to, within 0-100)'),
    department: list<Department>((v) => (isDepartment(v.toLowerCase()) ? (v.toLowerCase() as Department) : undefined), `a department; use ${DEPARTMENTS.join(', ')}`),
    priceRanges: raw.transform((value, ctx) => {
      const items = values(value);
      if (!items.length) return undefined;
      const numbers = items.map((v) => (/^\d{1,9}(?:\.\d{1,2})?$/.test(v) ? Number(v) : NaN));
      if (numbers.length !== 2 || numbers.some((n) => Number.isNaN(n))) {
        return fail(ctx, 'priceRanges takes two amounts, min and max, like 20,150');
      }
      const [min, max] = numbers as [number, number];
      if (min > max) return fail(ctx, 'priceRanges: min must not be above max');
      // Minor units; amounts have at most two decimals, so this is exact.
      return { min: Math.round(min * 100), max: Math.round(max * 100) };
    }),
    internationaldelivery: raw.transform((value, ctx) => {
      const v = (single(value) ?? '').trim();
      if (v === '' || v === 'false' || v === '0') return false;
      if (v === 'true' || v === '1' || parseCountryCode(v)) return true;
      return fail(ctx, `internationaldelivery takes true, false or a country code (${COUNTRY_CODES.join(', ')})`);
    }),
    madein: list<CountryCode>((v) => parseCountryCode(v), `a country; use one of ${COUNTRY_CODES.join(', ')}`),
    care: slugList('care instruction'),
    freedelivery: flag('freedelivery'),
    coupons: flag('coupons'),
    sale: flag('sale'),
    sort: raw.transform((value, ctx): SortValue => {
      const v = (single(value) ?? '').trim();
      if (!SORT_VALUES.includes(v)) return fail(ctx, "sort must be '' (Recommended), sale, desc or asc");
      return v as SortValue;
    }),
    page: integer('page', 1, 1),
    // Larger pages are cut to the cap rather than refused (spec section 9 "Results per page").
    perPage: integer('perPage', 1, PER_PAGE, MAX_PER_PAGE),
    size: integer('size', 1, 30, 500),
    find: raw.transform((value, ctx) => {
      const v = single(value);
      if (v === undefined) return undefined;
      if (v.length > 100) return fail(ctx, 'find is longer than 100 characters');
      // Spec section 5: whitespace-only brand and store searches are rejected.
      if (!v.trim()) return fail(ctx, 'find must not be only spaces');
      return v.trim();
    }),
    country: CountryQuery.shape.country,
  })
  .transform((p, ctx) => {
    // Category levels: every value a category; a deeper value refines its ancestor.
    const slugs: string[] = [];
    for (const level of CATEGORY_LEVELS) {
      for (const slug of p[level]) {
        if (!categoryBySlug(slug)) {
          ctx.addIssue({ code: 'custom', path: [level], message: `there is no category "${slug}"` });
          return z.NEVER;
        }
        slugs.push(slug);
      }
    }
    const isAncestor = (a: string, b: string) => categoryBySlug(b)!.path.startsWith(`${categoryBySlug(a)!.path}/`);
    const categories = [...new Set(slugs)].filter((a) => !slugs.some((b) => b !== a && isAncestor(a, b)));
    const filters: SearchFilters = {
      colours: p.colour,
      categories,
      brands: p.brand,
      stores: p.storename,
      offers: p.offers,
      departments: p.department,
      priceMin: p.priceRanges?.min,
      priceMax: p.priceRanges?.max,
      madeIn: p.madein,
      care: p.care,
      freeDelivery: p.freedelivery,
      coupons: p.coupons,
      sale: p.sale,
    };
    return {
      q: p.q,
      link: p.link,
      country: p.country,
      sort: p.sort,
      page: p.page,
      perPage: p.perPage,
      size: p.size,
      find: p.find,
      internationalDelivery: p.internationaldelivery,
      filters,
    };
  });

export type ListingParams = z.output<typeof ListingQuerySchema>;
