import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import type { SitemapUrl } from '../../shared/api/product-schemas';
import { DEPARTMENTS, isDepartment } from '../../shared/constants';
import { DEPARTMENT_LABELS } from '../../shared/listing/vocabulary';
import { CacheNone } from '../../shared/http/cache-policy';
import { parsePageNumber } from '../../shared/validation/page-number';
import type { MessageId } from '../../shared/i18n/message-ids';
import { apiContext, i18nContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { categoryName, departmentName } from '../app/taxonomy-names';
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

// Named as the footer's sitemap links name them (issue 29).
const SITEMAP_SECTIONS: readonly { slug: string; label: MessageId }[] = [
  { slug: 'all-categories', label: 'shell.footer.sitemap.categories' },
  { slug: 'brands', label: 'shell.footer.sitemap.brands' },
  { slug: 'designers', label: 'shell.footer.sitemap.designers' },
  { slug: 'shops', label: 'shell.sitemap.shops' },
  { slug: 'all-products', label: 'shell.footer.sitemap.products' },
];

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
  const { t } = context.get(i18nContext);
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
      // A brand's name is its own; a category's is the page's language's (issue 29).
      title: t('shell.sitemap.allProductsOf', { name: isBrand ? answer.key : categoryName(t, slug, answer.key) }),
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
        title: t('shell.sitemap.allProducts'),
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
  const t = useT();
  return (
    <>
      <PageMeta title={t('shell.footer.sitemap')} description={t('shell.sitemap.description')} path="/sitemap" />
      <h1>{t('shell.footer.sitemap')}</h1>
      <ul className="sitemap-sections">
        {SITEMAP_SECTIONS.map((s) => (
          <li key={s.slug}>
            <ShellLink to={`/sitemap/${s.slug}`}>{t(s.label)}</ShellLink>
          </li>
        ))}
        <li>
          <ShellLink to="/brands/a-to-z">{t('shell.sitemap.brandsAtoZ')}</ShellLink>
        </li>
        <li>
          <ShellLink to="/stores">{t('shell.footer.sitemap.stores')}</ShellLink>
        </li>
      </ul>
    </>
  );
}

function Categories({ categories }: { categories: SitemapUrl[] }) {
  const t = useT();
  return (
    <>
      <PageMeta title={t('shell.sitemap.categories.title')} description={t('shell.sitemap.categories.description')} path="/sitemap/all-categories" />
      <h1>{t('shell.sitemap.categories.title')}</h1>
      {DEPARTMENTS.map((department) => {
        const own = categories.filter((c) => c.department === department);
        if (own.length === 0) return null;
        return (
          <section key={department} className="sitemap-group" aria-labelledby={`sitemap-${department}`}>
            <h2 id={`sitemap-${department}`}>{departmentName(t, department, DEPARTMENT_LABELS[department])}</h2>
            <ul className="sitemap-links">
              {own.map((c) => {
                const name = categoryName(t, c.path, c.name);
                return (
                  <li key={c.path}>
                    <ShellLink to={`/${c.path}`}>{name}</ShellLink>{' '}
                    <ShellLink to={`/sitemap/category/${department}/${c.path}`} className="sitemap-more" aria-label={t('shell.sitemap.categoryProducts', { name })}>
                      ({c.productCount ?? 0})
                    </ShellLink>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}

const DIRECTORY_TITLE = { brands: 'shell.footer.sitemap.brands', designers: 'shell.footer.sitemap.designers', shops: 'shell.sitemap.shops' } as const;

function Links({ title, path, links, page, pages, total }: Extract<SitemapData, { view: 'links' }>) {
  const t = useT();
  const at = (n: number) => (n > 1 ? `${path}?page=${n}` : path);
  return (
    <>
      {/* No hreflang alternates: how many pages a product list has (and whether it has any
          products) differs from site to site, so another site's same page may be missing or
          empty, and an alternate must be a page that names this one back (issue 25). */}
      <PageMeta
        title={page > 1 ? t('shell.sitemap.pageTitle', { title, page }) : title}
        description={t('shell.sitemap.links.description', { title, total })}
        path={path}
        pagination={{ page, hasNext: page < pages }}
        countries={[]}
      />
      <h1>{title}</h1>
      <p>{pages > 1 ? t('shell.sitemap.countPaged', { total, page, pages }) : t('shell.sitemap.count', { total })}</p>
      <ul className="sitemap-links">
        {links.map((link) => (
          <li key={link.to}>
            <ShellLink to={link.to}>{link.name}</ShellLink>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="sitemap-pages" aria-label={t('common.pager.label')}>
          {page > 1 && (
            <ShellLink to={at(page - 1)} rel="prev">
              {t('shell.sitemap.previous')}
            </ShellLink>
          )}
          {page < pages && (
            <ShellLink to={at(page + 1)} rel="next">
              {t('shell.sitemap.next')}
            </ShellLink>
          )}
        </nav>
      )}
    </>
  );
}

export function Component() {
  const value = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="sitemap-page">
      {value.view === 'index' && <SitemapIndex />}
      {value.view === 'categories' && <Categories categories={value.categories} />}
      {value.view === 'directory' && (
        <>
          <PageMeta
            title={t(DIRECTORY_TITLE[value.kind])}
            description={t('shell.sitemap.directory.description', { title: t(DIRECTORY_TITLE[value.kind]) })}
            path={`/sitemap/${value.kind}`}
          />
          <h1>{t(DIRECTORY_TITLE[value.kind])}</h1>
          <AlphabetDirectory label={t(DIRECTORY_TITLE[value.kind])} idPrefix={value.kind} entries={value.entries} />
        </>
      )}
      {value.view === 'links' && <Links {...value} />}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary(NotFound);
