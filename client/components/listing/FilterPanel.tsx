import { Suspense, lazy, type CSSProperties, type ReactNode } from 'react';
import { colourHex, isColourKey } from '../../../shared/colours';
import type { CountryCode } from '../../../shared/countries';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { Translate } from '../../../shared/i18n/translator';
import type { ListingState } from '../../../shared/listing/listing-state';
import { clearPrice, hasValue, provenance, selectCategory, setDeal, setPrice, setProvenance, setSort, toggleValue } from '../../../shared/listing/transitions';
import { DEAL_DISPLAY_ORDER, DEAL_MESSAGES, FIND_PLACEHOLDERS, PROVENANCE_MESSAGES, isCategoryLevel, type CategoryLevel } from '../../../shared/listing/vocabulary';
import { SORT_OPTIONS } from '../../../shared/sort-options';
import { useT, withCatalog } from '../../app/i18n';
import { categoryName, colourName } from '../../app/taxonomy-names';
import { ShellLink } from '../ui/ShellLink';
import { Accordion } from './Accordion';
import { FacetSearchList } from './FacetSearchList';
import { FilterLink } from './FilterLink';
import type { FilterChoice, ListingData, SeoLinkView } from '../../data/listing/listing-data';
import { MOBILE_QUERY, useHydrated, useMediaQuery } from './use-listing-nav';

// The price filter (with the price rules) is a module of its own, fetched the first time it is
// drawn: at once after hydration on a wide screen, only when the Refine panel opens on a phone,
// where the panel is hidden until then (most visits never open it).
const PriceFilter = lazy(() => withCatalog(import('./PriceFilter')).then((module) => ({ default: module.PriceFilter })));

// The filter panel (spec section 2): Country, Sort, Deals, Sales and Offers, Colour, Price,
// Category, Brands, Stores, Popular In Brand, All Popular Brands, Top Searches. Open by
// default: deals, sales, colour, price, category (always open); colour, brands and stores
// also open when they hold selected values (spec section 4). Every name is the page's
// language's (issue 29): the groups' and the deals' from the listing catalogue, categories and
// colours by slug from the taxonomy; brands, stores and links as the feed and the api name them.

type Props = {
  data: ListingData;
  state: ListingState;
  href: (s: ListingState) => string;
  apply: (s: ListingState) => void;
  country: CountryCode;
  /** True on mobile: slider changes wait for Apply Filters. */
  draft: boolean;
  /** Changes when the mobile panel opens: every accordion closes. */
  collapse: number;
};

function levelOf(filterName: string): CategoryLevel | undefined {
  return isCategoryLevel(filterName) ? filterName : undefined;
}

function CategoryTree({ buckets, level, ancestors, ...rest }: { buckets: FilterChoice[]; level: CategoryLevel; ancestors: { level: CategoryLevel; slug: string }[] } & Pick<Props, 'state' | 'href' | 'apply'>) {
  const { state, href, apply } = rest;
  const t = useT();
  const named = (bucket: FilterChoice) => categoryName(t, bucket.id, bucket.key);
  // Departments share names ("Clothing" for women, men and kids): a repeated name says its slug.
  const seen = new Map<string, number>();
  for (const bucket of buckets) seen.set(named(bucket), (seen.get(named(bucket)) ?? 0) + 1);
  const name = (bucket: FilterChoice) =>
    (seen.get(named(bucket)) ?? 0) > 1 ? bucket.id.replace(/-/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : named(bucket);
  return (
    <ul className="category-tree">
      {buckets.map((bucket) => {
        // Choosing a nested category names its ancestors too, then the category itself.
        let next = state;
        for (const a of ancestors) if (!next[a.level].includes(a.slug)) next = selectCategory(next, a.level, a.slug);
        next = selectCategory(next, level, bucket.id);
        const selected = state[level].includes(bucket.id);
        return (
          <li key={bucket.id}>
            <FilterLink next={next} href={href} apply={apply} selected={selected}>
              {name(bucket)} <span className="filter-count">({bucket.docCount})</span>
            </FilterLink>
            {bucket.subBuckets.map((sub) => {
              const subLevel = levelOf(sub.filterName);
              return subLevel && sub.buckets.length ? (
                <CategoryTree key={sub.filterName} buckets={sub.buckets} level={subLevel} ancestors={[...ancestors, { level, slug: bucket.id }]} {...rest} />
              ) : null;
            })}
          </li>
        );
      })}
    </ul>
  );
}

/** The Sales and Offers bands (shared/constants.ts OFFER_BUCKETS), by id; a band added since keeps the api's name. */
const OFFER_MESSAGES: Readonly<Record<string, MessageId>> = {
  '1.0-50.0': 'listing.offer.upTo50',
  '51.0-70.0': 'listing.offer.from50To70',
  '71.0-100.0': 'listing.offer.over70',
};

function offerName(t: Translate, bucket: Pick<FilterChoice, 'id' | 'key'>): string {
  const id = OFFER_MESSAGES[bucket.id];
  return id ? t(id) : bucket.key;
}

function SeoLinkList({ links }: { links: SeoLinkView[] }) {
  return (
    <ul className="filter-list">
      {links.map((link) => (
        <li key={link.canonicalUrl}>
          <ShellLink to={`/${link.canonicalUrl}`}>{link.name}</ShellLink>
        </li>
      ))}
    </ul>
  );
}

export function FilterPanel({ data, state, href, apply, country, draft, collapse }: Props) {
  const t = useT();
  const { filters, deals, price, links } = data;
  const current = provenance(state);
  const brandBuckets = filters.brand?.buckets ?? [];
  const storeBuckets = filters.store?.buckets ?? [];
  const colourBuckets = filters.colour?.buckets ?? [];
  const offerBuckets = filters.offer?.buckets ?? [];
  const categoryBuckets = filters.category?.buckets ?? [];

  return (
    <div className="filter-panel">
      <Accordion title={t('listing.facet.country')} defaultOpen={false} lazy collapse={collapse}>
        <ul className="filter-list">
          {(['local', 'international'] as const).map((choice) => (
            <li key={choice}>
              <FilterLink next={setProvenance(state, current === choice ? 'all' : choice, country)} href={href} apply={apply} selected={current === choice} mark="radio">
                {t(PROVENANCE_MESSAGES[choice])}
              </FilterLink>
            </li>
          ))}
        </ul>
      </Accordion>
      <Accordion title={t('listing.facet.sort')} defaultOpen={false} lazy collapse={collapse}>
        <ul className="filter-list">
          {SORT_OPTIONS.map((option) => (
            <li key={option.value || 'recommended'}>
              <FilterLink next={setSort(state, option.value)} href={href} apply={apply} selected={state.sort === option.value} mark="radio">
                {t(option.label)}
              </FilterLink>
            </li>
          ))}
        </ul>
      </Accordion>
      {deals && (
        <Accordion title={t('listing.facet.deals')} defaultOpen collapse={collapse}>
          <ul className="filter-list">
            {DEAL_DISPLAY_ORDER.map((key) => (
              <li key={key}>
                <FilterLink next={setDeal(state, key, !state[key])} href={href} apply={apply} selected={state[key]} mark="check">
                  {t(DEAL_MESSAGES[key])} <span className="filter-count">({deals[key] ?? 0})</span>
                </FilterLink>
              </li>
            ))}
          </ul>
        </Accordion>
      )}
      {offerBuckets.length > 0 && (
        <Accordion title={t('listing.facet.offers')} defaultOpen collapse={collapse}>
          <ul className="filter-list">
            {offerBuckets.map((bucket) => (
              <li key={bucket.id}>
                <FilterLink next={toggleValue(state, 'offers', bucket.id)} href={href} apply={apply} selected={hasValue(state, 'offers', bucket.id)} mark="check">
                  {offerName(t, bucket)} <span className="filter-count">({bucket.docCount})</span>
                </FilterLink>
              </li>
            ))}
          </ul>
        </Accordion>
      )}
      {colourBuckets.length > 0 && (
        <Accordion title={t('listing.facet.colour')} defaultOpen collapse={collapse}>
          {/* A grid of swatch links, no list item around each: 24 elements fewer. */}
          <div className="colour-swatches">
            {colourBuckets.map((bucket) => {
              const selected = hasValue(state, 'colour', bucket.id);
              const hex = bucket.value ?? (isColourKey(bucket.id) ? colourHex(bucket.id) : '#8e8e8e');
              const colour = colourName(t, bucket.id, bucket.key);
              return (
                <FilterLink
                  key={bucket.id}
                  next={toggleValue(state, 'colour', bucket.id)}
                  href={href}
                  apply={apply}
                  selected={selected}
                  className="colour-swatch"
                  label={t('listing.facet.colourSwatch', { colour, count: bucket.docCount, state: selected ? 'selected' : 'open' })}
                  // The circle is the link's ::before in this colour (no element of its own);
                  // the words under it are the label's start, so the name stays the label.
                  style={{ '--swatch': hex } as CSSProperties}
                >
                  {colour}
                </FilterLink>
              );
            })}
          </div>
        </Accordion>
      )}
      {price && (
        <PriceFacet draft={draft} collapse={collapse}>
          <Suspense fallback={null}>
            <PriceFilter
              price={price}
              selected={state.priceRanges}
              choose={(range) => apply(range ? setPrice(state, range) : clearPrice(state))}
              immediate={!draft}
            />
          </Suspense>
        </PriceFacet>
      )}
      {categoryBuckets.length > 0 && (
        <section className="filter-group filter-group-static" aria-labelledby="filter-category-title">
          <h2 id="filter-category-title" className="filter-group-title">
            {t('listing.facet.category')}
          </h2>
          <CategoryTree buckets={categoryBuckets} level={levelOf(filters.category!.filterName) ?? 'category'} ancestors={[]} state={state} href={href} apply={apply} />
        </section>
      )}
      {brandBuckets.length > 0 && (
        <Accordion title={t('listing.facet.brands')} defaultOpen={state.brand.length > 0} lazy collapse={collapse}>
          <FacetSearchList type="brand" placeholder={t(FIND_PLACEHOLDERS.brand)} buckets={brandBuckets} listing={data} state={state} href={href} apply={apply} />
        </Accordion>
      )}
      {storeBuckets.length > 0 && (
        <Accordion title={t('listing.facet.stores')} defaultOpen={state.storename.length > 0} lazy collapse={collapse}>
          <FacetSearchList type="store" placeholder={t(FIND_PLACEHOLDERS.store)} buckets={storeBuckets} listing={data} state={state} href={href} apply={apply} />
        </Accordion>
      )}
      {links && links.brand.length > 0 && (
        <Accordion title={t('listing.facet.popularInBrand')} defaultOpen={false} lazy collapse={collapse}>
          <SeoLinkList links={links.brand} />
        </Accordion>
      )}
      {links && links.fixedbrand.length > 0 && (
        <Accordion title={t('listing.facet.allPopularBrands')} defaultOpen={false} lazy collapse={collapse}>
          <SeoLinkList links={links.fixedbrand} />
        </Accordion>
      )}
      {links && links.topsearches.length > 0 && (
        <Accordion title={t('listing.facet.topSearches')} defaultOpen={false} collapse={collapse}>
          <SeoLinkList links={links.topsearches} />
        </Accordion>
      )}
    </div>
  );
}

/**
 * The price group: drawn only in a browser (spec section 5), and on a phone only in the open
 * Refine panel (the panel is hidden otherwise); there it appears closed, like every group. It
 * reads the browser's width and whether the page has hydrated itself, so only it draws again
 * once the page has hydrated, not the whole panel (issue 31).
 */
function PriceFacet({ draft, collapse, children }: { draft: boolean; collapse: number; children: ReactNode }) {
  // Asked on the server too, where the group is not drawn: the page then carries its title,
  // which the browser draws once hydrated; without it the title was an id until the whole
  // catalogue came, and then the whole page was drawn again for it.
  const title = useT()('listing.facet.price');
  const inBrowser = useHydrated();
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (!inBrowser || (mobile && !draft)) return null;
  return (
    <Accordion title={title} defaultOpen={!draft} collapse={collapse}>
      {children}
    </Accordion>
  );
}
