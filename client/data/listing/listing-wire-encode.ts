import { colourHex, isColourKey } from '../../../shared/colours';
import { parseProductImagePath, productImageUrl, resizeProductImage } from '../../../shared/images';
import { emptyListingState, type ListingState } from '../../../shared/listing/listing-state';
import { FACET_FILTER_TYPES } from '../../../shared/listing/vocabulary';
import { slugInWords, titleSlug } from '../../app/slug-words';
import type { FilterChoice, ListingData, SeoLinkView } from './listing-data';
import type { Str, ListingWire, WireCard, WireChoice, WireLink, WirePage, WireState, WireVariant } from './listing-wire';
import type { CardProduct } from '../../components/listing/product-card-rules';

// The listing's wire form (listing-wire.ts, where its shape and the reading are) as the loader
// writes it. A module of its own: the browser needs it only for the loader on client
// navigations (client/routes/listing-loader.ts), not to hydrate the first page.

/** Our card pictures as "kind colour style" (no "/", read back as that card URL); any other URL as it is. */
function packImage(url: string): string {
  const parsed = parseProductImagePath(url);
  return parsed && url === productImageUrl(parsed.kind, parsed.colour, parsed.style, '180') ? `${parsed.kind} ${parsed.colour} ${parsed.style}` : url;
}

function packSlug(slug: string, title: string, guid: string | null): string | [string] {
  const head = `${titleSlug(title)}-`;
  const tail = guid ? `-${guid.slice(0, 8)}` : '';
  return guid && slug.length > head.length + tail.length && slug.startsWith(head) && slug.endsWith(tail) ? [slug.slice(head.length, -tail.length)] : slug;
}

const threshold = (n: number | null) => (n === null ? '' : String(n));

/** Only the fields that differ from an empty listing's (undefined and [] are the defaults there). */
function packState(state: ListingState): WireState {
  const empty = emptyListingState();
  return Object.fromEntries(
    Object.entries(state).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(empty[key as keyof ListingState])),
  );
}

export function encodeListing(data: ListingData): ListingWire {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const str = (value: string): Str => {
    let at = index.get(value);
    if (at === undefined) {
      at = strings.length;
      strings.push(value);
      index.set(value, at);
    }
    return at;
  };
  const card = (p: CardProduct): WireCard => {
    const out: WireCard = [
      p.id,
      p.affiliate_id,
      p.brand === null ? null : str(p.brand),
      str(p.storename),
      str(p.store_slug),
      str(p.category_slug),
      str(p.subcategory_slug),
      p.variant_index,
      str([p.GB, p.US, p.INTERNATIONAL].map(threshold).join(' ')),
      p.variants.map((v, i): WireVariant => {
        const size = v.size_variants[0];
        const image180 = v.images.productimage180_jpg;
        const image80 = v.images.productimage80_png === resizeProductImage(image180, '80') ? 0 : v.images.productimage80_png;
        return [
          i > 0 && v.title === p.variants[i - 1]!.title ? null : v.title,
          v.colour === null ? null : str(v.colour),
          packImage(image180),
          image80,
          size ? size.guid : null,
          packSlug(size?.slug ?? '', v.title, size?.guid ?? null),
          size?.saleprice ?? 0,
          size && size.msrp !== size.saleprice ? size.msrp : null,
          size?.status ?? 0,
          size?.offers ?? 0,
        ];
      }),
    ];
    if (p.compare) out.push([p.compare.stores, p.compare.fromPrice]);
    return out;
  };
  const choice = (c: FilterChoice): WireChoice => {
    const out: WireChoice = [str(c.id), c.key === slugInWords(c.id) ? null : str(c.key), c.docCount];
    const value = c.value === undefined ? 0 : isColourKey(c.id) && c.value === colourHex(c.id) ? 1 : c.value;
    const sub = c.subBuckets.map((s): [string, WireChoice[]] => [s.filterName, s.buckets.map(choice)]);
    if (value !== 0 || sub.length) out.push(value);
    if (sub.length) out.push(sub);
    return out;
  };
  const link = (l: SeoLinkView): WireLink => {
    const segments = l.canonicalUrl.split('/');
    return [segments.map(str), l.name === slugInWords(segments[segments.length - 1]!) ? null : str(l.name)];
  };
  const [first] = data.pages;
  return {
    a: [data.path, data.isSearch ? 1 : 0, packState(data.state), data.link ?? null, data.country, data.perPage, data.error500 ? 1 : 0],
    s: strings,
    p: data.pages.map((page, i): WirePage => [
      page.totalCount,
      i > 0 && page.description === first?.description ? null : page.description,
      i > 0 && page.key === first?.key ? null : page.key,
      page.products.map(card),
    ]),
    f: Object.fromEntries(FACET_FILTER_TYPES.map((type) => {
      const filter = data.filters[type];
      return [type, filter ? [filter.filterName, filter.buckets.map(choice)] : null];
    })) as ListingWire['f'],
    l: data.links && {
      b: data.links.brand.map(link),
      a: data.links.attribute.map(link),
      f: data.links.fixedbrand.map(link),
      t: data.links.topsearches.map(link),
      i: data.links.searchinfo,
    },
    r: data.recommended.map(card),
    x: { price: data.price, deals: data.deals, breadcrumb: data.breadcrumb, countryTotals: data.countryTotals, debug: data.debug },
  };
}
