import { SALE_BANDS } from '../../../shared/constants';
import { isCountryCode } from '../../../shared/countries';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { Translate } from '../../../shared/i18n/translator';
import { isNavigableShopPath } from '../../../shared/listing/paths';
import { categoryBySlug, type FlatCategory } from '../catalog/category-tree';
import type { CatalogDirectory, DirectoryBrand, DirectoryStore, SearchScope } from '../search-engine/search-engine';
import { translatorFor } from '../http/request-language';

// What a listing path is about (spec section 2 "Listing and search page"): /brand/{slug},
// /store/{slug}, a category (/dresses, /men-jeans), a sale band (/50-percent-off), /sale,
// /featured, an editor's pick list, or /shop/{words} (the words are the search key, with
// slashes and hyphens read as spaces). /shop/{any of these} is that page. A path that names
// nothing we know resolves to undefined: the route answers 404.

export type ListingKind = 'search' | 'category' | 'brand' | 'store' | 'sale' | 'featured' | 'editors-pick' | 'shop';

export type ResolvedListing = {
  kind: ListingKind;
  scope: SearchScope;
  /** Search words the path carries (/shop/red-dresses → "red dresses"). */
  text: string;
  /** The page title without the query (spec section 3 "Product list response" key), in English: `listingTitle` words it in the caller's language. */
  title: string;
  /** The listing's own path, no leading slash. */
  canonicalUrl: string;
  category?: FlatCategory | undefined;
  brand?: DirectoryBrand | undefined;
  store?: DirectoryStore | undefined;
};

export type EditorsPickList = { slug: string; name: string; productIds: number[]; fallbackLink: string | null };

export type LinkContext = {
  directory: CatalogDirectory;
  /** An editor's pick list by slug, or undefined. */
  editorsPick(slug: string): Promise<EditorsPickList | undefined>;
};

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EDITORS_PICK_PREFIXES = ['editors-picks', 'editors-pick'];
/** The api's own words in English, for answers every caller shares. */
const english = translatorFor(undefined).t;

/**
 * "Men's Jeans", "Women's Dresses": category names repeat across departments. In the caller's
 * language (issue 29): the category's name from the taxonomy catalogue by its slug.
 */
export function categoryTitle(category: FlatCategory, t: Translate = english): string {
  const name = t(`taxonomy.category.${category.slug}` as MessageId);
  return t('listing.title.category', { department: category.department, category: name });
}

/**
 * A listing's title (the answer's key without the query) in the caller's language. Our own
 * words are translated; a brand's, a store's, a pick list's name and a shopper's words are as
 * they are.
 */
export function listingTitle(listing: ResolvedListing, t: Translate): string {
  const { kind, category, scope } = listing;
  if (kind === 'category' && category) return categoryTitle(category, t);
  if (kind === 'brand' && listing.brand && category) return t('listing.title.brandCategory', { brand: listing.brand.name, category: categoryTitle(category, t) });
  if (kind === 'search') return t('listing.title.allProducts');
  if (kind === 'featured') return t('listing.title.featured');
  if (kind === 'sale') return scope.discount ? t('listing.title.saleBand', { from: scope.discount.from, to: scope.discount.to }) : t('listing.title.sale');
  return listing.title;
}

/** The path's segments, lower-cased, without a leading country prefix; undefined when malformed. */
export function linkSegments(link: string): string[] | undefined {
  const path = link.split(/[?#]/)[0]!;
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return undefined;
  }
  if (segments.length > 1 && segments[0]!.length === 2 && isCountryCode(segments[0]!.toUpperCase())) segments = segments.slice(1);
  return segments;
}

export async function resolveLink(link: string, context: LinkContext, depth = 0): Promise<ResolvedListing | undefined> {
  const segments = linkSegments(link);
  if (!segments || segments.some((s) => !SEGMENT.test(s))) return undefined;
  const { directory } = context;
  if (segments.length === 0 || (segments.length === 1 && (segments[0] === 'search' || segments[0] === 'shop'))) {
    return { kind: 'search', scope: {}, text: '', title: english('listing.title.allProducts'), canonicalUrl: segments[0] ?? 'search' };
  }
  const [first, second, third] = segments as [string, string | undefined, string | undefined];

  if (first === 'brand' && second) {
    const brand = directory.brandBySlug.get(second);
    if (!brand) return undefined;
    if (segments.length === 2) return { kind: 'brand', scope: { brand: second }, text: '', title: brand.name, canonicalUrl: `brand/${second}`, brand };
    // /brand/{brand}/{category}: the "Popular In Brand" links of a category listing.
    const category = third && segments.length === 3 ? categoryBySlug(third) : undefined;
    if (!category) return undefined;
    return {
      kind: 'brand',
      scope: { brand: second, category: category.slug },
      text: '',
      title: english('listing.title.brandCategory', { brand: brand.name, category: categoryTitle(category) }),
      canonicalUrl: `brand/${second}/${category.slug}`,
      brand,
      category,
    };
  }
  if (first === 'store' && second && segments.length === 2) {
    const store = directory.storeBySlug.get(second);
    if (!store) return undefined;
    return { kind: 'store', scope: { store: second }, text: '', title: store.name, canonicalUrl: `store/${second}`, store };
  }
  if (EDITORS_PICK_PREFIXES.includes(first) && second && segments.length === 2) return editorsPick(second, context, depth);
  if (first === 'shop' && second) {
    // A shop path is read only as it arrived: letters, digits, hyphens and slashes (the api
    // owns this rule; the web passes the path and shows the 404, issue 26).
    if (!isNavigableShopPath(link.split(/[?#]/)[0]!)) return undefined;
    if (EDITORS_PICK_PREFIXES.includes(second) && third && segments.length === 3) return editorsPick(third, context, depth);
    const inner = await resolveLink(`/${segments.slice(1).join('/')}`, context, depth + 1);
    if (inner && inner.kind !== 'search') return inner;
    // Otherwise the words are the search key (spec section 2).
    const text = segments.slice(1).join(' ').replace(/-/g, ' ');
    return { kind: 'shop', scope: {}, text, title: capitalise(text), canonicalUrl: `shop/${segments.slice(1).join('/')}` };
  }
  if (segments.length !== 1) return undefined;

  if (first === 'sale') return { kind: 'sale', scope: { sale: true }, text: '', title: english('listing.title.sale'), canonicalUrl: 'sale' };
  if (first === 'featured') return { kind: 'featured', scope: {}, text: '', title: english('listing.title.featured'), canonicalUrl: 'featured' };
  const band = SALE_BANDS.find((b) => b.slug === first);
  if (band) {
    const discount = { from: band.from, to: band.to };
    return { kind: 'sale', scope: { discount }, text: '', title: english('listing.title.saleBand', discount), canonicalUrl: band.slug };
  }
  const category = categoryBySlug(first);
  if (category) {
    return { kind: 'category', scope: { category: category.slug }, text: '', title: categoryTitle(category), canonicalUrl: category.slug, category };
  }
  return undefined;
}

async function editorsPick(slug: string, context: LinkContext, depth: number): Promise<ResolvedListing | undefined> {
  const list = await context.editorsPick(slug);
  if (!list) return undefined;
  const canonicalUrl = `editors-picks/${slug}`;
  if (!list.productIds.length && list.fallbackLink && depth < 2) {
    // Nothing picked yet: the list shows the listing its fallback link names.
    const fallback = await resolveLink(list.fallbackLink, context, depth + 1);
    if (fallback) return { ...fallback, kind: 'editors-pick', title: list.name, canonicalUrl };
  }
  return { kind: 'editors-pick', scope: { productIds: list.productIds }, text: '', title: list.name, canonicalUrl };
}

export function capitalise(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
