import { firstBy } from '../../lib/first-by';
import type { z } from 'zod';
import type { BreadcrumbSchema, CanonicalLinks, SeoLink } from '../../../shared/api/search-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { emptyListingState, type ListingRequest } from '../../../shared/listing/query-grammar';
import { CATEGORY_LEVELS } from '../../../shared/listing/vocabulary';
import { slugify } from '../catalog/identifiers';
import { categoryChain } from '../search-engine/documents';
import { capitalise, categoryTitle } from './listing-link';
import { focusCategory } from './category-facets';
import type { ListingResolver, ResolvedRequest } from './listing-resolver';
import type { ListingPass, ListingPasses } from './listing-passes';
import type { PopularSearches } from './popular-searches';

// Where a listing sits and what it links to (spec section 2 "Breadcrumb", "Links built from
// '/' + canonicalUrl", section 3 "SEO links"): the breadcrumb, Popular In Brand, colour
// pages, All Popular Brands, Top Searches and the sitemap hints.

type Breadcrumb = z.infer<typeof BreadcrumbSchema>;

const TOP_SEARCHES = 10;

export class SeoLinks {
  constructor(
    private readonly resolver: ListingResolver,
    private readonly passes: ListingPasses,
    private readonly popular: PopularSearches,
  ) {}

  /** Up to five category levels of the listing. */
  async breadcrumb(request: ListingRequest): Promise<Breadcrumb> {
    return this.breadcrumbOf(await this.resolver.resolve(request));
  }

  /** The breadcrumb of any resolved request of the listing: it reads only the link and the category levels. */
  breadcrumbOf(resolved: ResolvedRequest): Breadcrumb {
    const category = focusCategory(resolved);
    return {
      breadCrumb: category
        ? categoryChain(category.slug)
            .slice(0, CATEGORY_LEVELS.length)
            .map((c) => ({ filterName: CATEGORY_LEVELS[c.depth - 1]!, key: c.name, slug: c.slug }))
        : [],
    };
  }

  /** The request is already narrowed to q or link and country (companion-calls.ts). */
  async canonicalLinks(request: ListingRequest, t: Translate): Promise<CanonicalLinks> {
    return this.canonicalLinksOf(await this.passes.facets(request), t);
  }

  /**
   * The links of a pass over q or link and country; the country's own brands come from its
   * whole-catalogue pass. A brand's link within a category is named in the caller's language
   * (`t`, issue 29); the colour links are searches, named by their words.
   */
  async canonicalLinksOf(own: ListingPass, t: Translate): Promise<CanonicalLinks> {
    const { resolved } = own;
    const { query, listing } = resolved;
    const dir = this.resolver.engine.directory();
    const category = focusCategory(resolved);
    const [everything, top] = await Promise.all([
      this.passes.facets({ country: query.country, link: undefined, state: emptyListingState(), adminView: query.adminView === true }),
      this.popular.top(query.country, TOP_SEARCHES),
    ]);
    const topBrands = (counts: ReadonlyMap<number, number>, n: number) =>
      firstBy(counts, n, (a, b) => b[1] - a[1] || a[0] - b[0])
        .map(([id]) => dir.brands.get(id))
        .filter((b) => b !== undefined);
    const brandLinks: SeoLink[] = topBrands(own.facets.brand!, 10)
      .filter((b) => b.slug !== listing.brand?.slug)
      .map((b) =>
        category
          ? { key: b.slug, canonicalUrl: `brand/${b.slug}/${category.slug}`, displayKeyword: t('listing.title.brandCategory', { brand: b.name, category: categoryTitle(category, t) }) }
          : { key: b.slug, canonicalUrl: `brand/${b.slug}`, displayKeyword: b.name },
      );
    const noun = category ? category.name : listing.kind === 'brand' || listing.kind === 'store' ? listing.title : '';
    const attribute: SeoLink[] = noun
      ? [...own.facets.colour!]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([colour]) => {
            const words = `${colour} ${noun}`;
            return { key: colour, canonicalUrl: `shop/${slugify(words)}`, displayKeyword: capitalise(words) };
          })
      : [];
    const departments = [...own.facets.department!].sort((a, b) => b[1] - a[1]);
    return {
      brand: brandLinks,
      attribute,
      fixedbrand: topBrands(everything.facets.brand!, 20).map((b) => ({ key: b.slug, canonicalUrl: `brand/${b.slug}`, displayKeyword: b.name })),
      topsearches: top.map((t) => ({ key: t, canonicalUrl: `shop/${slugify(t)}`, displayKeyword: capitalise(t) })),
      searchinfo: {
        category: category?.slug ?? null,
        department: category?.department ?? departments[0]?.[0] ?? null,
        brand: listing.brand?.slug ?? (query.filters.brands.length === 1 ? query.filters.brands[0]! : null),
      },
    };
  }
}
