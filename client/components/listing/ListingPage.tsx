import { Suspense, useEffect, useMemo, useState } from 'react';
import { lazyFollowButton } from '../follows/follow-lazy';
import { lazyPart } from '../../app/lazy-part';
import { useLoaderData, useRevalidator } from 'react-router';
import type { BreadcrumbEntry } from '../../../shared/api/product-schemas';
import { isDepartment } from '../../../shared/constants';
import { canonicalListing, isIndexableListing, removeChip, selectedChips, type ChipLabels } from '../../../shared/listing/chips';
import { searchKeyFromPath } from '../../../shared/listing/paths';
import { serializeListingQuery, type ListingState } from '../../../shared/listing/listing-state';
import { clearAll, provenance, setPage, setProvenance, setSort } from '../../../shared/listing/transitions';
import { PROVENANCE_MESSAGES } from '../../../shared/listing/vocabulary';
import type { Translate } from '../../../shared/i18n/translator';
import { formatPrice } from '../../../shared/price';
import { SORT_OPTIONS, isSortValue } from '../../../shared/sort-options';
import { useDepartment } from '../../app/department';
import { useT } from '../../app/i18n';
import { categoryName, colourName } from '../../app/taxonomy-names';
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
import { MOBILE_QUERY, useHydrated, useListingNav, useMediaQueryChange } from './use-listing-nav';

// The Follow button, its code on demand (follows/follow-lazy.ts).
const FollowButton = lazyFollowButton(() => import('../follows/FollowButton'));
// What a listing with no products (or a failed one) draws instead of its grid, its code on
// demand (client/app/lazy-part.ts): most listings have products.
const ZeroListing = lazyPart(() => import('./ZeroListing').then((module) => module.ZeroListing));


// The listing and search page (spec section 2 "Listing and search page", section 4 "Listing",
// section 8 for its failures). In the page's language (issue 29): the listing catalogue's
// words, categories and colours from the taxonomy by slug; the page's title and description as
// the api words them in the page's language; brands, stores and products as the feeds name them.

/** The directories a brand's or store's listing sits under (/brands, /stores). */
const DIRECTORIES = [
  { kind: 'brand', name: 'listing.directory.brands', slug: 'brands' },
  { kind: 'store', name: 'listing.directory.stores', slug: 'stores' },
] as const;

/**
 * The listing's trail: the category levels the api gives. A page without them sits under its
 * directory (a brand's, a store's) or under Home (a search, a sale), so every listing has a
 * trail and the BreadcrumbList search engines read with it (issue 25).
 */
function listingTrail(t: Translate, data: ListingData, canonicalPath: string, title: string): BreadcrumbEntry[] {
  const levels = data.breadcrumb?.breadCrumb ?? [];
  if (levels.length) return levels;
  const own: BreadcrumbEntry = { filterName: 'listing', key: title, slug: canonicalPath.slice(1) };
  const directory = DIRECTORIES.find((d) => data.path.startsWith(`/${d.kind}/`));
  return directory ? [{ filterName: 'directory', key: t(directory.name), slug: directory.slug }, own] : [own];
}

export function ListingPage() {
  const wire = useLoaderData() as ListingWire;
  const data = useListingWire(wire);
  const country = useCountry();
  const t = useT();
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
  // Widened past a phone's width, the Refine panel's draft is dropped. Heard, not rendered from:
  // a value the page renders with that differs from the server's (the browser's width, having
  // hydrated at all) re-renders the whole listing once hydrated (issue 31), so only the small
  // parts that show such values read them (SortSelect, FilterPanel's price).
  useMediaQueryChange(MOBILE_QUERY, (mobile) => {
    if (!mobile) setDraft(null);
  });

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
  const title = first?.key || (query ? query.replace(/\b\p{L}/gu, (c) => c.toUpperCase()) : t('listing.title.search'));
  const money = (n: number) => formatPrice(n, { locale: country.locale, info: country.currencyInfo });

  const labels = useMemo<ChipLabels>(() => {
    type Named = { id: string; key: string; subBuckets?: { buckets: Named[] }[] };
    const map = (buckets: Named[] | undefined, name: (b: Named) => string = (b) => b.key) => {
      const out = new Map<string, string>();
      const walk = (list: Named[] | undefined) => list?.forEach((b) => (out.set(b.id, name(b)), b.subBuckets?.forEach((s) => walk(s.buckets))));
      walk(buckets);
      return out;
    };
    const categories = map(data.filters.category?.buckets, (b) => categoryName(t, b.id, b.key));
    for (const entry of data.breadcrumb?.breadCrumb ?? []) categories.set(entry.slug, categoryName(t, entry.slug, entry.key));
    return {
      brand: map(data.filters.brand?.buckets),
      storename: map(data.filters.store?.buckets),
      colour: map(data.filters.colour?.buckets, (b) => colourName(t, b.id, b.key)),
      category: categories,
      subcategory: categories,
      subcategory2: categories,
      subcategory3: categories,
      subcategory4: categories,
    };
  }, [data.filters, data.breadcrumb, t]);
  const chips = selectedChips(state, t, labels, money);

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
  const description = first?.description || t('listing.meta.description', { title, country: country.name });
  const lastPage = sitePageCount(total, data.perPage);
  const current = provenance(state);

  return (
    <div className="listing">
      <PageMeta
        title={state.page > 1 ? t('listing.meta.pageTitle', { title, page: state.page }) : title}
        description={description.slice(0, 300)}
        path={canonicalPath}
        images={images}
        pagination={{ page: state.page, hasNext: state.page < lastPage && !zero }}
        noindex={noindex}
        countries={alternates}
      />
      <Breadcrumb entries={listingTrail(t, data, canonicalPath, title)} />
      {!zero && (
        <header className="listing-head">
          <h1>
            {title} <span className="listing-count">{t('listing.count', { count: total })}</span>
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
        <aside id="listing-filters" className="listing-filters" aria-label={t('listing.filters.label')} role={panelOpen ? 'dialog' : undefined} aria-modal={panelOpen ? true : undefined}>
          {panelOpen && (
            <div className="refine-head">
              <h2>{t('listing.refine.title')}</h2>
              <button type="button" className="link-button" onClick={() => setDraft(clearAll(panelState))}>
                {t('listing.clearAll')}
              </button>
              <button type="button" className="link-button" onClick={() => setDraft(null)}>
                {t('listing.refine.cancel')}
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
                {t('listing.refine.apply')}
              </button>
            </div>
          )}
        </aside>
        <section className="listing-results" aria-label={t('listing.results.label')}>
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
                {t('listing.refine.open')}
              </a>
              <div className="provenance" role="group" aria-label={t('listing.facet.country')}>
                {(['local', 'international'] as const).map((choice) => (
                  <FilterLink
                    key={choice}
                    next={setProvenance(state, current === choice ? 'all' : choice, country.code)}
                    href={href}
                    apply={go}
                    selected={current === choice}
                    className="toggle"
                  >
                    {t(PROVENANCE_MESSAGES[choice])}
                  </FilterLink>
                ))}
              </div>
              <SortSelect state={state} go={go} />
            </div>
          )}
          {chips.length > 0 && (
            <ul className="chips" aria-label={t('listing.chips.label')}>
              {chips.map((chip) => (
                <li key={`${chip.type}:${chip.id}`}>
                  <FilterLink next={removeChip(state, chip)} href={href} apply={go} selected={false} className="chip" label={t('listing.chip.remove', { name: chip.key })}>
                    {chip.key} <span aria-hidden="true">×</span>
                  </FilterLink>
                </li>
              ))}
              <li>
                <FilterLink next={clearAll(state)} href={href} apply={go} selected={false} className="chip chip-clear">
                  {t('listing.clearAll')}
                </FilterLink>
              </li>
            </ul>
          )}
          {data.error500 && (
            <div className="listing-error" role="alert">
              <h1>{t('common.error.server')}</h1>
              <p>
                <button type="button" className="link-button" onClick={() => void revalidator.revalidate()}>
                  {t('listing.results.retry')}
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
            <section className="seo-links" aria-label={t('listing.related.label')}>
              {[
                { name: t('listing.related.colour'), links: data.links.attribute },
                { name: t('listing.related.popularBrands'), links: data.links.brand },
                { name: t('listing.related.moreBrands'), links: data.links.fixedbrand },
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
            <a href="#main">{t('listing.backToTop')}</a>
          </p>
        </section>
      </div>
    </div>
  );
}

/** The sort menu: it works once the page runs in a browser (disabled in the server's HTML). */
function SortSelect({ state, go }: { state: ListingState; go: (next: ListingState) => void }) {
  const t = useT();
  const inBrowser = useHydrated();
  return (
    <label className="sort-select">
      <span>{t('listing.sort.label')}</span>
      <select value={state.sort} onChange={(event) => isSortValue(event.target.value) && go(setSort(state, event.target.value))} disabled={!inBrowser}>
        {SORT_OPTIONS.map((option) => (
          <option key={option.value || 'recommended'} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </label>
  );
}
