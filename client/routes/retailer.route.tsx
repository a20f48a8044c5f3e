import { data, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { rethrowAsRouteError } from '../app/route-error';
import type { RouteHandle } from '../components/shell/CountryPopup';
import { PageMeta } from '../components/meta/PageMeta';
import { notFoundBoundary } from '../components/ui/NotFoundBoundary';
import { ShellLink } from '../components/ui/ShellLink';
import { retailerDestination } from '../components/product/retailer-destination';
import { Component as NotFound } from './not-found.route';
import { PRODUCT_API } from '../../shared/api/product-paths';

// products/loadRetailerProductPage/{guid} (spec section 2 route table, section 9): the
// click-through to the retailer. Header and footer are hidden and the country popup stays
// away; the click is recorded (POST /api/products/add-csd) and the shopper is sent on to
// the size variant's stored retailer URL — never to an address the request carries.
//
// The hand-over is a meta refresh plus a link, not an HTTP redirect: it works without
// JavaScript, the page can say where the shopper is going, and the render path keeps its
// rule that loaders only ever redirect on-site (server/web/render/fetch-response.ts).
// Buy links reach it as a new document (target=_blank), so the refresh is always read.
// It speaks the page's language (issue 29); the store's and product's names are the feed's.

export const handle: RouteHandle = { hideShell: true, noCountryPopup: true };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the click happened: the path of one of our own pages, else nothing (no foreign URLs kept). */
export function clickSource(referer: string | null, ownOrigins: readonly string[]): string {
  if (!referer) return '';
  try {
    const url = new URL(referer);
    const own = ownOrigins.some((o) => new URL(o).origin === url.origin);
    return own ? `${url.pathname}${url.search}`.slice(0, 300) : '';
  } catch {
    return '';
  }
}

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const guid = params.guid ?? '';
  if (!UUID.test(guid)) throw notFound();
  let link;
  try {
    link = await api.get(PRODUCT_API.retailer(guid), 'RetailerLink', { country: site.country });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    rethrowAsRouteError(error);
  }
  // Withdrawn from this country's site (issue 27): the retailer's page is gone, so the shopper
  // goes to the store's page here instead, and nothing goes to the retailer to count.
  if (link.withdrawn) throw redirect(`${site.basename}/store/${link.store_slug}`, { status: 302, headers: { 'Cache-Control': CacheNone.header } });
  // Crawlers and HEAD requests are not shoppers: their visits are not clicks.
  if (!site.isBot && request.method === 'GET') {
    const source = clickSource(request.headers.get('referer'), [site.siteUrl, request.url]);
    await api
      .send('POST', PRODUCT_API.click, { id: link.guid, country: site.country, source }, 'ClickRecorded')
      .catch(() => undefined); // the shopper still goes on when the count fails
  }
  const destination = retailerDestination(link);
  // Each visit is a click: nothing may keep this page.
  return data(
    { storename: link.storename, storeSlug: link.store_slug, title: link.title, brand: link.brand, destination },
    { headers: { 'Cache-Control': CacheNone.header } },
  );
}

export function Component() {
  const { storename: store, storeSlug, title, brand, destination } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="retailer-handover" aria-live="polite">
      <PageMeta title={t('product.retailer.title', { store })} description={t('product.retailer.description', { product: `${brand ? `${brand} ` : ''}${title}`, store })} noindex />
      {destination && <meta httpEquiv="refresh" content={`0; url=${destination}`} />}
      <p className="retailer-logo">VITRINE</p>
      {destination ? (
        <>
          <h1>{t('product.retailer.title', { store })}</h1>
          <p>
            {brand ? `${brand} ` : ''}
            {title}
          </p>
          <span className="loader-spinner" aria-hidden="true" />
          <p>
            <a className="button button-primary" href={destination} rel="noopener nofollow">
              {t('product.retailer.continue', { store })}
            </a>
          </p>
        </>
      ) : (
        <>
          <h1>{t('product.retailer.closed', { store })}</h1>
          <p>
            <ShellLink className="button" to={`/store/${storeSlug}`}>
              {t('product.retailer.browse', { store })}
            </ShellLink>
          </p>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary(NotFound);
