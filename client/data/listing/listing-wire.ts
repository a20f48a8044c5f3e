import type { FollowedIds } from '../../../shared/api/follow-schemas';
import type { FollowTarget } from '../../components/follows/FollowButton';
import { useMemo } from 'react';
import { colourHex, isColourKey } from '../../../shared/colours';
import { slugInWords, titleSlug } from '../../app/slug-words';
import type { CountryCode } from '../../../shared/countries';
import { productImageUrl, resizeProductImage } from '../../../shared/images';
import { emptyListingState, type ListingState } from '../../../shared/listing/listing-state';
import { FACET_FILTER_TYPES, type FacetFilterType } from '../../../shared/listing/vocabulary';
import type { FilterChoice, ListingData, ListingFilter, ListingLinks, SeoLinkView } from './listing-data';
import type { CardProduct } from '../../components/listing/product-card-rules';

// The listing's loader data as it travels to the browser to hydrate the page (ARCHITECTURE.md
// "Payload rule"). The page needs every card, filter choice and link it draws, so what can go
// is the shape, not the content: rows instead of objects (no property names forty times over),
// each repeated string (brands, stores, slugs, colours) once, and what a value can be read
// from instead of repeated (the 80 px picture is the 180 px one resized, a colour's swatch is
// ours, page 2 repeats page 1's title). URLs are short here too: every "/" in an inline script
// is six bytes (shared/serialize-for-inline-script.ts), so our own product pictures travel as
// their three parts. The codec is lossless: decode(encode(x)) is x (tests prove it on real
// listings), so the server renders from exactly what the browser hydrates from.

/** An index into the wire's string table. */
export type Str = number;

export type WireVariant = [
  /** null: the card's previous colour's title. */
  title: string | null,
  colour: Str | null,
  image180: string,
  /** 0: the 180 px picture at 80 px. */
  image80: string | 0,
  guid: string | null,
  /** [middle]: the usual "{title}-{middle}-{guid's first 8}" slug, with only its middle sent. */
  slug: string | [string],
  saleprice: number,
  /** null: the same as the sale price. */
  msrp: number | null,
  status: number,
  offers: number,
];

export type WireCard = [
  id: number,
  affiliate: number,
  brand: Str | null,
  storename: Str,
  storeSlug: Str,
  category: Str,
  subcategory: Str,
  variantIndex: number,
  /** The free-delivery thresholds GB, US and INTERNATIONAL, as one string ("30 30 " for 30, 30, null). */
  thresholds: Str,
  variants: WireVariant[],
  /** Issue 28: stores with it in stock and the cheapest total, only when more than one store has it. */
  compare?: [stores: number, fromPrice: number],
];

/** A filter choice: id, name (null: the id in words), count, swatch (0: none, 1: our colour's), sub-levels. */
export type WireChoice = [id: Str, key: Str | null, docCount: number, value?: string | 0 | 1, sub?: [filterName: string, choices: WireChoice[]][]];

/** A link: its path's segments (a "/" costs more than '","'; brand slugs repeat the filters'), and its name (null: the last segment in words). */
export type WireLink = [segments: Str[], name: Str | null];

export type WirePage = [totalCount: number, description: string | null, key: string | null, cards: WireCard[]];

/**
 * The listing state's fields that differ from an empty listing's: read back without the query
 * grammar's reader, which the page would otherwise load only for this (the loader read the URL).
 */
export type WireState = Partial<ListingState>;

export type ListingWire = {
  /** path, isSearch (1/0), the listing state (its fields that are not the default), link (null: /search), country, per page, error500 (1/0). */
  a: [path: string, isSearch: 0 | 1, state: WireState, link: string | null, country: CountryCode, perPage: number, error500: 0 | 1];
  s: string[];
  p: WirePage[];
  f: Record<FacetFilterType, [filterName: string, choices: WireChoice[]] | null>;
  l: { b: WireLink[]; a: WireLink[]; f: WireLink[]; t: WireLink[]; i: ListingLinks['searchinfo'] } | null;
  r: WireCard[];
  /** Price, deals, breadcrumb, the per-country totals and the admins' debug line: small, as they are. */
  x: Pick<ListingData, 'price' | 'deals' | 'breadcrumb' | 'countryTotals' | 'debug'>;
  /** A signed-in shopper's filled hearts: the products here in one of their lists (wishlist-hearts-call.ts). */
  hearts?: number[];
  /** A brand's or store's listing: what its Follow button follows (read from its cards, which carry the id). */
  followTarget?: FollowTarget;
  /** A signed-in shopper's followed brands and stores (follows-call.ts). */
  follows?: FollowedIds;
};

/** Our product pictures travel as "kind colour style" (no "/"; listing-wire-encode.ts), any other URL as it is. */
function unpackImage(packed: string): string {
  if (packed.includes('/') || !packed.includes(' ')) return packed;
  const [kind, colour, style] = packed.split(' ') as [Parameters<typeof productImageUrl>[0], Parameters<typeof productImageUrl>[1], string];
  return productImageUrl(kind, colour, Number(style), '180');
}

function unpackSlug(packed: string | [string], title: string, guid: string | null): string {
  return typeof packed === 'string' ? packed : `${titleSlug(title)}-${packed[0]}-${(guid ?? '').slice(0, 8)}`;
}

const unthreshold = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));

export function decodeListing(wire: ListingWire): ListingData {
  const s = (at: Str) => wire.s[at]!;
  const card = ([id, affiliate, brand, storename, storeSlug, category, subcategory, variantIndex, thresholds, variants, compare]: WireCard): CardProduct => {
    const [gb, us, international] = s(thresholds).split(' ');
    return {
      ...(compare ? { compare: { stores: compare[0], fromPrice: compare[1] } } : {}),
      id,
      affiliate_id: affiliate,
      brand: brand === null ? null : s(brand),
      storename: s(storename),
      store_slug: s(storeSlug),
      category_slug: s(category),
      subcategory_slug: s(subcategory),
      variant_index: variantIndex,
      GB: unthreshold(gb),
      US: unthreshold(us),
      INTERNATIONAL: unthreshold(international),
      variants: variants.map(([shortTitle, colour, image180, image80, guid, slug, saleprice, msrp, status, offers], i) => {
        const big = unpackImage(image180);
        const title = shortTitle ?? variants.slice(0, i).findLast(([t]) => t !== null)![0]!;
        return {
          title,
          colour: colour === null ? null : s(colour),
          images: { productimage80_png: image80 === 0 ? resizeProductImage(big, '80') : image80, productimage180_jpg: big },
          size_variants: guid === null ? [] : [{ guid, slug: unpackSlug(slug, title, guid), msrp: msrp ?? saleprice, saleprice, status, offers }],
        };
      }),
    };
  };
  const choice = ([idAt, key, docCount, value = 0, sub = []]: WireChoice): FilterChoice => {
    const id = s(idAt);
    return {
    key: key === null ? slugInWords(id) : s(key),
    id,
    docCount,
    ...(value === 0 ? {} : { value: value === 1 && isColourKey(id) ? colourHex(id) : String(value) }),
    subBuckets: sub.map(([filterName, buckets]) => ({ filterName, buckets: buckets.map(choice) })),
    };
  };
  const link = ([segments, name]: WireLink): SeoLinkView => {
    const canonicalUrl = segments.map(s).join('/');
    return { canonicalUrl, name: name === null ? slugInWords(canonicalUrl.slice(canonicalUrl.lastIndexOf('/') + 1)) : s(name) };
  };
  const [path, isSearch, state, listingLink, country, perPage, error500] = wire.a;
  const [first] = wire.p;
  return {
    path,
    isSearch: isSearch === 1,
    state: { ...emptyListingState(), ...state },
    link: listingLink ?? undefined,
    country,
    perPage,
    pages: wire.p.map(([totalCount, description, key, cards]) => ({
      totalCount,
      description: description ?? first![1]!,
      key: key ?? first![2]!,
      products: cards.map(card),
    })),
    error500: error500 === 1,
    filters: Object.fromEntries(FACET_FILTER_TYPES.map((type): [FacetFilterType, ListingFilter | null] => {
      const filter = wire.f[type];
      return [type, filter ? { filterName: filter[0], buckets: filter[1].map(choice) } : null];
    })) as ListingData['filters'],
    links: wire.l && {
      brand: wire.l.b.map(link),
      attribute: wire.l.a.map(link),
      fixedbrand: wire.l.f.map(link),
      topsearches: wire.l.t.map(link),
      searchinfo: wire.l.i,
    },
    recommended: wire.r.map(card),
    ...wire.x,
  };
}

/** The listing's data, read once per loader answer (server render and hydration decode the same wire). */
export function useListingWire(wire: ListingWire): ListingData {
  return useMemo(() => decodeListing(wire), [wire]);
}
