import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import type { SitemapUrl } from '../../shared/api/product-schemas';
import { DEPARTMENTS, isDepartment } from '../../shared/constants';
import { DEPARTMENT_LABELS } from '../../shared/listing/vocabulary';
import { CacheNone } from '../../shared/http/cache-policy';
import { parsePageNumber } from '../../shared/validation/page-number';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { AlphabetDirectory } from '../components/product/AlphabetDirectory';
import { productPath } from '../components/listing/product-card-rules';
import { PageMeta } from '../components/meta/PageMeta';
import { notFoundBoundary } from '../components/ui/NotFoundBoundary';
import { ShellLink } from '../components/ui/ShellLink';
import { Component as NotFound } from './not-found.route';
import { DIRECTORY_API } from '../../shared/api/directory-paths';
import { PRODUCT_API } from '../../shared/api/product-paths';
import * as SEARCH_API from '../../shared/api/search-paths';

// The HTML sitemap pages (spec section 2 "sitemap" and the listing's sitemap links):
// /sitemap, /sitemap/category/{department}/{category}, /sitemap/brand/{brand},
// /sitemap/designers, /sitemap/brands, /sitemap/shops (and /sitemap/stores, the footer's
// name for it), /sitemap/all-products, /sitemap/all-categories. Plain lists of links that
// crawlers and people can walk; long lists are paged with real ?page=n URLs.

/** Links per page on the paged sitemap pages. */
export const SITEMAP_LINKS_PER_PAGE = 100;
/** Product links per page on a category's or brand's sitemap page (the search api's cap). */
export const SITEMAP_PRODUCTS_PER_PAGE = 100;

export const SITEMAP_SECTIONS = [
  { slug: 'all-categories', label: 'All Categories' },
  { slug: 'brands', label: 'Brands' },
  { slug: 'designers', label: 'Designers' },
  { slug: 'shops', label: 'Shops' },
  { slug: 'all-products', label: 'All Products' },
] as const;

type Link = { name: string; to: string; note?: string };

type SitemapData =
  | { view: 'index' }
  | { view: 'categories'; categories: SitemapUrl[] }
  | { view: 'directory'; kind: 'brands' | 'designers' | 'shops'; entries: { name: string; to: string; letter: string; note: string }[] }
  | { view: 'links'; kind: 'all-products' | 'category' | 'brand'; title: string; path: string; links: Link[]; page: number; pages: number; total: number };

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });

/** A page past the last one, or a name the api does not know, is not found. */
function asNotFound(error: unknown): never {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
  rethrowAsRouteError(error);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<SitemapData> {
  const api = context.get(apiContext);
  const { country } = context.get(siteContext);
  const page = parsePageNumber(new URL(request.url).searchParams.get('page'));
  const section = params.section;

  if (params.category !== undefined || params.brand !== undefined) {
    const department = params.department ?? '';
    const slug = params.category ?? params.brand ?? '';
    if (!SLUG.test(slug) || (params.category !== undefined && !isDepartment(department))) throw notFound();
    const isBrand = params.brand !== undefined;
    const link = isBrand ? `/brand/${slug}` : `/${slug}`;
    const answer = await api
      .get(SEARCH_API.list, 'SearchResponse', {
        link,
        country,
        page,
        perPage: SITEMAP_PRODUCTS_PER_PAGE,
        ...(isBrand ? {} : { department }),
      })
      .catch(asNotFound);
    const pages = Math.max(1, Math.ceil(answer.totalCount / SITEMAP_PRODUCTS_PER_PAGE));
    if (page > pages) throw notFound();
    return {
      view: 'links',
      kind: isBrand ? 'brand' : 'category',
      title: `${answer.key}: all products`,
      path: isBrand ? `/sitemap/brand/${slug}` : `/sitemap/category/${department}/${slug}`,
      links: answer.products.flatMap((p) => {
        const v = p.variants[0];
        const size = v?.size_variants[0];
        return v && size ? [{ name: `${p.brand ? `${p.brand} ` : ''}${v.title}`, to: productPath(p, size) }] : [];
      }),
      page,
      pages,
      total: answer.totalCount,
    };
  }

  switch (section) {
    case undefined:
      return { view: 'index' };
    case 'all-categories': {
      const answer = await api.get(PRODUCT_API.sitemap('categories'), 'SitemapUrls', { country, perPage: 50_000 }).catch(rethrowAsRouteError);
      return { view: 'categories', categories: answer.urls };
    }
    case 'brands':
    case 'designers': {
      const { brands } = await api.get(DIRECTORY_API.brands, 'BrandList', { country }).catch(rethrowAsRouteError);
      return {
        view: 'directory',
        kind: section,
        entries: brands.map((b) => ({ name: b.name, to: `/brand/${b.slug}`, letter: b.letter, note: `(${b.productCount})` })),
      };
    }
    case 'shops':
    case 'stores': {
      const { stores } = await api.get(DIRECTORY_API.stores, 'StoreList', { country }).catch(rethrowAsRouteError);
      return {
        view: 'directory',
        kind: 'shops',
        entries: stores.map((s) => ({ name: s.name, to: `/store/${s.slug}`, letter: s.letter, note: `(${s.productCount})` })),
      };
    }
    case 'all-products': {
      const answer = await api
        .get(PRODUCT_API.sitemap('products'), 'SitemapUrls', { country, page, perPage: SITEMAP_LINKS_PER_PAGE })
        .catch(asNotFound);
      const pages = Math.max(1, Math.ceil(answer.totalCount / SITEMAP_LINKS_PER_PAGE));
      if (page > pages) throw notFound();
      return {
        view: 'links',
        kind: 'all-products',
        title: 'All products',
        path: '/sitemap/all-products',
        links: answer.urls.map((u) => ({ name: u.name, to: `/${u.path}` })),
        page,
        pages,
        total: answer.totalCount,
      };
    }
    default:
      throw notFound();
  }
}

function SitemapIndex() {
  return (
    <>
      <PageMeta title="Sitemap" description="Every part of Vitrine: categories, brands, designers, shops and products." path="/sitemap" />
      <h1>Sitemap</h1>
      <ul className="sitemap-sections">
        {SITEMAP_SECTIONS.map((s) => (
          <li key={s.slug}>
            <ShellLink to={`/sitemap/${s.slug}`}>{s.label}</ShellLink>
          </li>
        ))}
        <li>
          <ShellLink to="/brands/a-to-z">Brands A–Z</ShellLink>
        </li>
        <li>
          <ShellLink to="/stores">Stores</ShellLink>
        </li>
      </ul>
    </>
  );
}

function Categories({ categories }: { categories: SitemapUrl[] }) {
  return (
    <>
      <PageMeta title="All categories" description="Every category of clothing, shoes, bags, accessories and beauty on Vitrine." path="/sitemap/all-categories" />
      <h1>All categories</h1>
      {DEPARTMENTS.map((department) => {
        const own = categories.filter((c) => c.department === department);
        if (own.length === 0) return null;
        return (
          <section key={department} className="sitemap-group" aria-labelledby={`sitemap-${department}`}>
            <h2 id={`sitemap-${department}`}>{DEPARTMENT_LABELS[department]}</h2>
            <ul className="sitemap-links">
              {own.map((c) => (
                <li key={c.path}>
                  <ShellLink to={`/${c.path}`}>{c.name}</ShellLink>{' '}
                  <ShellLink to={`/sitemap/category/${department}/${c.path}`} className="sitemap-more" aria-label={`All ${c.name} products`}>
                    ({c.productCount ?? 0})
                  </ShellLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

const DIRECTORY_TITLE = { brands: 'Brands', designers: 'Designers', shops: 'Shops' } as const;

function Links({ title, path, links, page, pages, total }: Extract<SitemapData, { view: 'links' }>) {
  const at = (n: number) => (n > 1 ? `${path}?page=${n}` : path);
  return (
    <>
      {/* No hreflang alternates: how many pages a product list has (and whether it has any
          products) differs from site to site, so another site's same page may be missing or
          empty, and an alternate must be a page that names this one back (issue 25). */}
      <PageMeta
        title={page > 1 ? `${title} (page ${page})` : title}
        description={`${title} on Vitrine: ${total} links.`}
        path={path}
        pagination={{ page, hasNext: page < pages }}
        countries={[]}
      />
      <h1>{title}</h1>
      <p>
        {total} products{pages > 1 ? `, page ${page} of ${pages}` : ''}.
      </p>
      <ul className="sitemap-links">
        {links.map((link) => (
          <li key={link.to}>
            <ShellLink to={link.to}>{link.name}</ShellLink>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="sitemap-pages" aria-label="Pages">
          {page > 1 && (
            <ShellLink to={at(page - 1)} rel="prev">
              Previous page
            </ShellLink>
          )}
          {page < pages && (
            <ShellLink to={at(page + 1)} rel="next">
              Next page
            </ShellLink>
          )}
        </nav>
      )}
    </>
  );
}

export function Component() {
  const value = useLoaderData<typeof loader>();
  return (
    <div className="sitemap-page">
      {value.view === 'index' && <SitemapIndex />}
      {value.view === 'categories' && <Categories categories={value.categories} />}
      {value.view === 'directory' && (
        <>
          <PageMeta
            title={DIRECTORY_TITLE[value.kind]}
            description={`${DIRECTORY_TITLE[value.kind]} on Vitrine, from A to Z.`}
            path={`/sitemap/${value.kind}`}
          />
          <h1>{DIRECTORY_TITLE[value.kind]}</h1>
          <AlphabetDirectory label={DIRECTORY_TITLE[value.kind]} idPrefix={value.kind} entries={value.entries} />
        </>
      )}
      {value.view === 'links' && <Links {...value} />}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary(NotFound);
