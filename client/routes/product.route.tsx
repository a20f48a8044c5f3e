import { data, isRouteErrorResponse, redirect, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { sessionContext } from '../app/session-context';
import { ProductPage } from '../components/product/ProductPage';
import { RouteErrorView } from '../components/shell/RouteErrorView';
import { Component as NotFound } from './not-found.route';

// The product landing page {cat}/{lastnode}/{slug} (spec section 2 route table): the api
// finds the size variant by its slug; a known slug under another path is sent, once, to
// its canonical path; an unknown one is the not-found page with its 404.

/** Similar products shown under the product. */
export const SIMILAR_PRODUCTS = 12;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': CacheNone.header } });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const site = context.get(siteContext);
  const { cat = '', lastnode = '', slug = '' } = params;
  // Anything that cannot be a slug names no product: no need to ask.
  if (![cat, lastnode, slug].every((s) => SLUG.test(s))) throw notFound();
  const path = `${cat}/${lastnode}/${slug}`;
  const query = { country: site.country };
  let similarFailed = false;
  const similar = api.get(`/api/products/similar/${path}`, 'SimilarProducts', { ...query, page: 1, perPage: SIMILAR_PRODUCTS }).catch(() => {
    // Like the listing's extras (spec section 8): left out, and the page is not kept.
    similarFailed = true;
    return null;
  });
  let detail;
  try {
    detail = await api.get(`/api/products/detail/${path}`, 'ProductDetail', query);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    rethrowAsRouteError(error);
  }
  if (detail.canonicalUrl !== path) {
    const search = new URL(request.url).search;
    throw redirect(`${site.basename}/${detail.canonicalUrl}${search}`, 301);
  }
  const similarCards = (await similar)?.products ?? [];
  // The similar items' filled hearts: a personal call of its own, only for a signed-in shopper.
  const hearts = context.get(sessionContext).signedIn() ? await (await import('../components/wishlist/wishlist-hearts-call')).loadHearts(context, similarCards.map((card) => card.id)) : {};
  // Whether the shopper follows its brand and store: the same, only for a signed-in shopper.
  const follows = context.get(sessionContext).signedIn() ? await (await import('../components/follows/follows-call')).loadFollows(context) : {};
  const value = { detail, similar: similarCards, ...hearts, ...follows };
  return similarFailed ? data(value, { headers: { 'Cache-Control': CacheNone.header } }) : value;
}

export function Component() {
  const { detail, similar } = useLoaderData<typeof loader>();
  return <ProductPage detail={detail} similar={similar} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <RouteErrorView />;
}
