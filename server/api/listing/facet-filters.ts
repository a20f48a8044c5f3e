import type { z } from 'zod';
import type { DealsSchema, Filter, PriceFilter } from '../../../shared/api/search-schemas';
import { COLOURS, type ColourKey } from '../../../shared/colours';
import { DEPARTMENTS, OFFER_BUCKETS } from '../../../shared/constants';
import { COUNTRIES } from '../../../shared/countries';
import type { FilterListOptions, ListingRequest } from '../../../shared/listing/query-grammar';
import { DEAL_MESSAGES, DEPARTMENT_LABELS, type DealKey, type FacetFilterType } from '../../../shared/listing/vocabulary';
import { firstBy } from '../../lib/first-by';
import { translatorFor } from '../http/request-language';
import { normaliseText, normalisedName } from '../search-engine/analyser';
import { capitalise } from './listing-link';
import { storeVisible } from '../search-engine/search-engine';
import { categoryFilter } from './category-facets';
import type { ListingResolver } from './listing-resolver';
import type { ListingPass, ListingPasses } from './listing-passes';

// The filter panel's answers (spec section 3 "Filter", "Deals"): the engine's raw facet
// counts shaped into buckets, the price range and the deals. Each group is counted without
// its own filter (disjunctive), so picking red leaves blue's count as it was. Every group of a
// request comes from one kept pass (listing-passes.ts); the `…Of` shapers take a pass, so the
// whole-page answer shapes the same buckets from the pass it made beside its page.

type Deals = z.infer<typeof DealsSchema>;

export class FacetFilters {
  constructor(
    private readonly resolver: ListingResolver,
    private readonly passes: ListingPasses,
  ) {}

  async filter(type: FacetFilterType, request: ListingRequest, options: FilterListOptions): Promise<Filter> {
    return this.filterOf(type, await this.passes.facets(request), options);
  }

  /** The price slider's range, in whole units (the request is already narrowed to q or link, country, internationaldelivery). */
  async price(request: ListingRequest): Promise<PriceFilter> {
    return this.priceOf(await this.passes.facets(request));
  }

  /** Spec section 3 "Deals": always four, coupons, freedelivery, sale, pricedropped, each with its label as textKey. */
  async deals(request: ListingRequest): Promise<Deals> {
    return this.dealsOf(await this.passes.facets(request));
  }

  filterOf(type: FacetFilterType, pass: ListingPass, options: FilterListOptions): Filter {
    const { resolved, facets } = pass;
    const f = resolved.query.filters;
    switch (type) {
      case 'colour':
        return colourFilter(facets.colour!, f.colours);
      case 'offer':
        return {
          filterName: 'offers',
          otherCount: 0,
          buckets: OFFER_BUCKETS.map((b, i) => ({
            key: b.label,
            id: b.key,
            textKey: b.key,
            docCount: facets.offers![i] ?? 0,
            selected: f.offers.some((o) => o.from === b.from && o.to === b.to),
            subBuckets: [],
          })).filter((b) => b.docCount > 0 || b.selected),
        };
      case 'department':
        return {
          filterName: 'department',
          otherCount: 0,
          buckets: DEPARTMENTS.map((d) => ({
            key: DEPARTMENT_LABELS[d],
            id: d,
            textKey: d,
            docCount: facets.department!.get(d) ?? 0,
            selected: f.departments.includes(d),
            subBuckets: [],
          })).filter((b) => b.docCount > 0 || b.selected),
        };
      case 'category':
        return categoryFilter(facets.category!, resolved);
      case 'brand': {
        const dir = this.resolver.engine.directory();
        return namedFilter(
          'brand',
          facets.brand!,
          f.brands.map((slug) => dir.brandBySlug.get(slug)).filter((b) => b !== undefined),
          (id) => dir.brands.get(id),
          options,
        );
      }
      case 'store': {
        const dir = this.resolver.engine.directory();
        return namedFilter(
          'storename',
          facets.store!,
          // A picked store is listed even without products, unless it is admin-only and the
          // caller no admin: naming it would show it (spec section 6).
          f.stores.map((slug) => dir.storeBySlug.get(slug)).filter((s) => storeVisible(s, resolved.query.adminView)),
          (id) => dir.stores.get(id),
          options,
        );
      }
    }
  }

  /**
   * The price range of a pass. The engine takes it over the scope, text, country and
   * international delivery only, so a pass of the page's whole request gives the same range
   * as one narrowed to those.
   */
  priceOf({ resolved, facets }: ListingPass): PriceFilter {
    const country = COUNTRIES[resolved.query.country];
    const price = facets.price;
    return {
      filterName: 'priceRange',
      buckets: {
        price_min: price ? Math.floor(price.min / 100) : null,
        price_max: price ? Math.ceil(price.max / 100) : null,
        price_steps: country.priceStep,
      },
      currencyCode: country.info.currencyCode,
      currencySymbol: country.info.symbol,
    };
  }

  dealsOf({ facets }: ListingPass): Deals {
    const d = facets.deals!;
    // The labels in English, whoever asks: the answer is shared, and our pages name the deals
    // by key in their own language (issue 29).
    const english = translatorFor(undefined).t;
    const deal = (key: DealKey) => ({ key, textKey: english(DEAL_MESSAGES[key]), docCount: d[key] });
    return { deals: [deal('coupons'), deal('freedelivery'), deal('sale'), deal('pricedropped')] };
  }
}

function colourFilter(counts: ReadonlyMap<ColourKey, number>, selected: readonly ColourKey[]): Filter {
  return {
    filterName: 'colours',
    otherCount: 0,
    buckets: COLOURS.filter((c) => (counts.get(c.key) ?? 0) > 0 || selected.includes(c.key)).map((c) => ({
      key: capitalise(c.key),
      id: c.key,
      textKey: c.key,
      value: c.hex,
      docCount: counts.get(c.key) ?? 0,
      selected: selected.includes(c.key),
      subBuckets: [],
    })),
  };
}

/** Brands or stores: the top `size` by count (name search with `find`), selected ones always listed. */
function namedFilter(
  filterName: 'brand' | 'storename',
  counts: ReadonlyMap<number, number>,
  selected: readonly { id: number; slug: string; name: string }[],
  byId: (id: number) => { slug: string; name: string } | undefined,
  options: FilterListOptions,
): Filter {
  const find = options.find ? normaliseText(options.find) : '';
  const matches = (named: { name: string }) => {
    if (!find) return true;
    const n = normalisedName(named);
    return n.includes(find) || n.replace(/ /g, '').includes(find.replace(/ /g, ''));
  };
  const all: { id: number; docCount: number; named: { slug: string; name: string } | undefined }[] = [];
  counts.forEach((docCount, id) => {
    const named = byId(id);
    if (named && matches(named)) all.push({ id, docCount, named });
  });
  const listed = firstBy(all, options.size, (a, b) => b.docCount - a.docCount || (a.named!.name < b.named!.name ? -1 : a.named!.name > b.named!.name ? 1 : a.id - b.id));
  const listedIds = new Set(listed.map((x) => x.id));
  for (const s of selected) {
    if (!listedIds.has(s.id)) {
      listed.push({ id: s.id, docCount: counts.get(s.id) ?? 0, named: s });
      listedIds.add(s.id);
    }
  }
  const selectedIds = new Set(selected.map((s) => s.id));
  return {
    filterName,
    otherCount: all.filter((x) => !listedIds.has(x.id)).length,
    buckets: listed.map((x) => ({
      key: x.named!.name,
      id: x.named!.slug,
      textKey: x.named!.slug,
      docCount: x.docCount,
      selected: selectedIds.has(x.id),
      subBuckets: [],
    })),
  };
}
