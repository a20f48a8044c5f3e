import { Suspense, useEffect, useMemo, useState } from 'react';
import { lazyFollowButton } from '../follows/follow-lazy';
import { lazyPart } from '../../app/lazy-part';
import { useLoaderData, useRevalidator } from 'react-router';
import type { BreadcrumbEntry } from '../../../shared/api/product-schemas';
import { isDepartment } from '../../../shared/constants';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';
import { canonicalListing, isIndexableListing, removeChip, selectedChips, type ChipLabels } from '../../../shared/listing/chips';
import { searchKeyFromPath } from '../../../shared/listing/paths';
import { serializeListingQuery, type ListingState } from '../../../shared/listing/listing-state';
import { clearAll, provenance, setPage, setProvenance, setSort } from '../../../shared/listing/transitions';
import { PROVENANCE_LABELS } from '../../../shared/listing/vocabulary';
import { formatPrice } from '../../../shared/price';
import { SORT_OPTIONS, isSortValue } from '../../../shared/sort-options';
import { useDepartment } from '../../app/department';
import { useCountry } from '../../app/site-hooks';
import { PageMeta } from '../meta/PageMeta';
import { ShellLink } from '../ui/ShellLink';
import { Breadcrumb } from './Breadcrumb';
import { FilterLink } from './FilterLink';
import { FilterPanel } from './FilterPanel';
import { ListingDescription } from './ListingDescription';
import { ListingResults } from './ListingResults';
import { SitemapLinks } from './SitemapLinks';
import { sitePageCount, sitesWithPage, type ListingData } from '../../data/listing/listing-data';
import { useListingWire, type ListingWire } from '../../data/listing/listing-wire';
import { MOBILE_QUERY, useHydrated, useListingNav, useMediaQuery } from './use-listing-nav';

// The Follow button, its code on demand (follows/follow-lazy.ts).
const FollowButton = lazyFollowButton(() => import('../follows/FollowButton'));
// What a listing with no products (or a failed one) draws instead of its grid, its code on
// demand (client/app/lazy-part.ts): most listings have products.
const ZeroListing = lazyPart(() => import('./ZeroListing').then((module) => module.ZeroListing));


// The listing and search page (spec section 2 "Listing and search page", section 4 "Listing",
// section 8 for its failures).

/** The directories a brand's or store's listing sits under (/brands, /stores). */
const DIRECTORIES = [
  { kind: 'brand', key: 'Brands', slug: 'brands' },
  { kind: 'store', key: 'Stores', slug: 'stores' },
] as const;

/**
 * The listing's trail: the category levels the api gives. A page without them sits under its
 * directory (a brand's, a store's) or under Home (a search, a sale), so every listing has a
 * trail and the BreadcrumbList search engines read with it (issue 25).
 */
function listingTrail(data: ListingData, canonicalPath: string, title: string): BreadcrumbEntry[] {
  const levels = data.breadcrumb?.breadCrumb ?? [];
  if (levels.length) return levels;
  const own: BreadcrumbEntry = { filterName: 'listing', key: title, slug: canonicalPath.slice(1) };
  const directory = DIRECTORIES.find((d) => data.path.startsWith(`/${d.kind}/`));
  return directory ? [{ filterName: 'directory', key: directory.key, slug: directory.slug }, own] : [own];
}

export function ListingPage() {
  const wire = useLoaderData() as ListingWire;
  const data = useListingWire(wire);
  const country = useCountry();
  const inBrowser = useHydrated();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { state, href, go } = useListingNav(data);
  const { setDepartment } = useDepartment();
  const revalidator = useRevalidator();

  // The mobile panel changes a draft; Apply Filters navigates (spec section 4).
  const [draft, setDraft] = useState<ListingState | null>(null);
  const [collapse, setCollapse] = useState(0);
  const panelOpen = draft !== null;
  const panelState = draft ?? state;
  const apply = (next: ListingState) => (panelOpen ? setDraft(next) : go(next));
  const openPanel = () => {
    setDraft(state);
    setCollapse((n) => n + 1);
  };
  useEffect(() => setDraft(null), [state]);
  useEffect(() => {
    if (!mobile) setDraft(null);
  }, [mobile]);

  // A single department bucket sets the shell's department (spec section 4).
  const departments = data.filters.department?.buckets ?? [];
  const onlyDepartment = departments.length === 1 ? departments[0]!.id : undefined;
  useEffect(() => {
    if (onlyDepartment && isDepartment(onlyDepartment)) setDepartment(onlyDepartment);
  }, [onlyDepartment, setDepartment]);

  const first = data.pages[0];
  const total = first?.totalCount ?? 0;
  // A page past the last one has a total but no products: as empty as a listing without any
  // (the loader's rule too), so noindex and never another site's hreflang alternate.
  const zero = data.error500 || data.pages.every((page) => page.products.length === 0);
  const query = state.q || (data.isSearch ? '' : searchKeyFromPath(data.path));
  const title = first?.key || (query ? query.replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : 'Search');
  const money = (n: number) => formatPrice(n, { locale: country.locale, info: country.currencyInfo });
  const count = new Intl.NumberFormat(country.locale).format(total);

  const labels = useMemo<ChipLabels>(() => {
    const map = (buckets: { id: string; key: string; subBuckets?: { buckets: { id: string; key: string }[] }[] }[] | undefined) => {
      const out = new Map<string, string>();
      const walk = (list: typeof buckets) => list?.forEach((b) => (out.set(b.id, b.key), b.subBuckets?.forEach((s) => walk(s.buckets))));
      walk(buckets);
      return out;
    };
    const categories = map(data.filters.category?.buckets);
    for (const entry of data.breadcrumb?.breadCrumb ?? []) categories.set(entry.slug, entry.key);
    return {
      brand: map(data.filters.brand?.buckets),
      storename: map(data.filters.store?.buckets),
      colour: map(data.filters.colour?.buckets),
      category: categories,
      subcategory: categories,
      subcategory2: categories,
      subcategory3: categories,
      subcategory4: categories,
      deals: Object.fromEntries((data.deals?.deals ?? []).map((d) => [d.key, d.textKey])),
    };
  }, [data.filters, data.breadcrumb, data.deals]);
  const chips = selectedChips(state, labels, money);

  // Metadata: the canonical is this listing with its one indexable facet (if any) and page;
  // search results, deeper combinations, empty and failed listings are noindex
  // (isIndexableListing). A brand narrowed to one category is canonical at
  // /brand/{brand}/{category} (chips.ts). The hreflang alternates are the sites where this
  // page has products too (sitesWithPage).
  const canonical = canonicalListing(data.path, state);
  const canonicalPath = `${canonical.path}${serializeListingQuery({ ...setPage(canonical.state, 1), perPage: undefined })}`;
  const noindex = !isIndexableListing(data.link, state) || zero;
  const alternates = data.countryTotals ? sitesWithPage(data.countryTotals, state.page, data.perPage) : [];
  const images = data.pages.flatMap((p) => p.products.map((product) => product.variants[0]?.images.productimage180_jpg ?? '')).filter(Boolean);
  const description =
    first?.description ||
    `Shop ${title} from hundreds of stores in ${country.name}: compare prices, find sales and free delivery on Vitrine.`;
  const lastPage = sitePageCount(total, data.perPage);
  const current = provenance(state);

  return (
    <div className="listing">
      <PageMeta
        title={state.page > 1 ? `${title} - Page ${state.page}` : title}
        description={description.slice(0, 300)}
        path={canonicalPath}
        images={images}
        pagination={{ page: state.page, hasNext: state.page < lastPage && !zero }}
        noindex={noindex}
        countries={alternates}
      />
      <Breadcrumb entries={listingTrail(data, canonicalPath, title)} />
      {!zero && (
        <header className="listing-head">
          <h1>
            {title} <span className="listing-count">({count} {total === 1 ? 'product' : 'products'})</span>
          </h1>
          {wire.followTarget && (
            <Suspense fallback={null}>
              <FollowButton {...wire.followTarget} />
            </Suspense>
          )}
          <ListingDescription text={first?.description ?? ''} />
          {data.debug && (
            <p className="listing-debug">
              engine {data.debug.debug.engine}, index {data.debug.debug.indexVersion}; time taken {data.debug.timeTaken} ms
            </p>
          )}
        </header>
      )}
      <div className={`listing-layout${panelOpen ? ' is-refining' : ''}`}>
        {panelOpen && <div className="refine-backdrop" onClick={() => setDraft(null)} aria-hidden="true" />}
        <aside id="listing-filters" className="listing-filters" aria-label="Filters" role={panelOpen ? 'dialog' : undefined} aria-modal={panelOpen ? true : undefined}>
          {panelOpen && (
            <div className="refine-head">
              <h2>Refine</h2>
              <button type="button" className="link-button" onClick={() => setDraft(clearAll(panelState))}>
                Clear all
              </button>
              <button type="button" className="link-button" onClick={() => setDraft(null)}>
                Cancel
              </button>
            </div>
          )}
          {!zero && (
            <FilterPanel
              data={data}
              state={panelState}
              href={href}
              apply={apply}
              country={country.code}
              priceShown={inBrowser && (!mobile || panelOpen)}
              draft={panelOpen}
              collapse={collapse}
            />
          )}
          {panelOpen && (
            <div className="refine-foot">
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  const next = draft;
                  setDraft(null);
                  go(next);
                }}
              >
                Apply Filters
              </button>
            </div>
          )}
        </aside>
        <section className="listing-results" aria-label="Results">
          {!zero && (
            <div className="listing-toolbar">
              <a
                href="#listing-filters"
                className="refine-pill"
                onClick={(event) => {
                  event.preventDefault();
                  openPanel();
                }}
              >
                Refine Products
              </a>
              <div className="provenance" role="group" aria-label="Country">
                {(['local', 'international'] as const).map((choice) => (
                  <FilterLink
                    key={choice}
                    next={setProvenance(state, current === choice ? 'all' : choice, country.code)}
                    href={href}
                    apply={go}
                    selected={current === choice}
                    className="toggle"
                  >
                    {PROVENANCE_LABELS[choice]}
                  </FilterLink>
                ))}
              </div>
              <label className="sort-select">
                <span>Sort by</span>
                <select value={state.sort} onChange={(event) => isSortValue(event.target.value) && go(setSort(state, event.target.value))} disabled={!inBrowser}>
                  {SORT_OPTIONS.map((option) => (
                    <option key={option.value || 'recommended'} value={option.value}>
                      {option.key}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          {chips.length > 0 && (
            <ul className="chips" aria-label="Selected filters">
              {chips.map((chip) => (
                <li key={`${chip.type}:${chip.id}`}>
                  <FilterLink next={removeChip(state, chip)} href={href} apply={go} selected={false} className="chip" label={`Remove ${chip.key}`}>
                    {chip.key} <span aria-hidden="true">×</span>
                  </FilterLink>
                </li>
              ))}
              <li>
                <FilterLink next={clearAll(state)} href={href} apply={go} selected={false} className="chip chip-clear">
                  Clear all
                </FilterLink>
              </li>
            </ul>
          )}
          {data.error500 && (
            <div className="listing-error" role="alert">
              <h1>{SERVER_ERROR_MESSAGE}</h1>
              <p>
                <button type="button" className="link-button" onClick={() => void revalidator.revalidate()}>
                  Something went wrong. Please click here to Refresh
                </button>
              </p>
            </div>
          )}
          {zero ? (
            <Suspense fallback={null}>
              <ZeroListing query={query} data={data} sitemap={<SitemapLinks info={data.links?.searchinfo} />} />
            </Suspense>
          ) : (
            <ListingResults key={data.path + serializeListingQuery(setPage(state, 1))} data={data} state={state} path={data.path} />
          )}
          {data.links && (data.links.attribute.length > 0 || data.links.brand.length > 0 || data.links.fixedbrand.length > 0) && (
            <section className="seo-links" aria-label="Related searches">
              {[
                { name: 'Shop by Colour', links: data.links.attribute },
                { name: 'Popular Brands', links: data.links.brand },
                { name: 'More Brands', links: data.links.fixedbrand },
              ]
                .filter((group) => group.links.length > 0)
                .map((group) => (
                  <div key={group.name}>
                    <h2>{group.name}</h2>
                    <ul>
                      {group.links.map((link) => (
                        <li key={link.canonicalUrl}>
                          <ShellLink to={`/${link.canonicalUrl}`}>{link.name}</ShellLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
            </section>
          )}
          {!zero && <SitemapLinks info={data.links?.searchinfo} />}
          <p className="listing-back-to-top">
            <a href="#main">Back to Top</a>
          </p>
        </section>
      </div>
    </div>
  );
}
