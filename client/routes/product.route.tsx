import { Suspense } from 'react';
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { PRICE_HISTORY_MAX_DAYS, priceHistoryPath } from '../../shared/api/price-history-paths';
import type { ProductDetail } from '../../shared/api/product-schemas';
import { RATING_API } from '../../shared/api/rating-paths';
import { CacheNone } from '../../shared/http/cache-policy';
import { apiContext, i18nContext, siteContext } from '../app/contexts';
import { rethrowAsRouteError } from '../app/route-error';
import { sessionContext } from '../app/session-context';
import { ProductPage } from '../components/product/ProductPage';
import { SimilarProducts } from '../components/product/SimilarProducts';
import { loadMyRating } from '../data/product/rating-call';
import type { RouteHandle } from '../components/shell/CountryPopup';
import { notFoundBoundary } from '../components/ui/NotFoundBoundary';
import { lazyPart } from '../app/lazy-part';
import { PRODUCT_PAGE_API } from '../../shared/api/product-page-paths';

// The product landing page {cat}/{lastnode}/{slug} (spec section 2 route table): the api
// finds the size variant by its slug; a known slug under another path is sent, once, to
// its canonical path; an unknown one is the not-found page with its 404. A product its store
// withdrew from this country's site (issue 27) is the api's 410: a page of its own with that
// status, its name, picture, store and similar items (docs/decisions/0076).

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
  const similar = api.get(PRODUCT_PAGE_API.similar(cat, lastnode, slug), 'SimilarProducts', { ...query, page: 1, perPage: SIMILAR_PRODUCTS }).catch(() => {
    // Like the listing's extras (spec section 8): left out, and the page is not kept.
    similarFailed = true;
    return null;
  });
  const signedIn = context.get(sessionContext).signedIn();
  // The similar items' filled hearts: a personal call of its own, only for a signed-in shopper,
  // asked once the detail has answered.
  const similarWithHearts = () =>
    similar.then(async (answer) => {
      const cards = answer?.products ?? [];
      const hearts = signedIn ? await (await import('../data/wishlist/wishlist-hearts-call')).loadHearts(context, cards.map((card) => card.id)) : {};
      return { cards, hearts };
    });
  const canonical = (canonicalUrl: string) => {
    if (canonicalUrl !== path) throw redirect(`${site.basename}/${canonicalUrl}${new URL(request.url).search}`, 301);
  };
  let detail;
  try {
    detail = await api.get(PRODUCT_PAGE_API.detail(cat, lastnode, slug), 'ProductDetail', query);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    if (!(error instanceof ApiError && error.status === 410)) rethrowAsRouteError(error);
    // A withdrawn product's page is rare: its code is loaded on demand.
    const { withdrawnProductOf, withdrawnProductView } = await import('../components/product/withdrawn-product-view');
    const withdrawn = withdrawnProductOf(error);
    if (!withdrawn) rethrowAsRouteError(error);
    canonical(withdrawn.canonicalUrl);
    const { cards, hearts } = await similarWithHearts();
    // 410 and kept by nobody (documentCachePolicy): the next feed may bring it back.
    return data({ withdrawn: withdrawnProductView(context.get(i18nContext).t, withdrawn, cards), ...hearts }, { status: 410, headers: { 'Cache-Control': CacheNone.header } });
  }
  canonical(detail.canonicalUrl);
  // The ratings: a shopper's own stars come with the average as it is now (a personal call);
  // a guest's page asks for the shared average, which caches keep a short while. Either way
  // the average goes into the detail, where the contract has room for it (`rating`).
  let ratingFailed = false;
  const shared = () =>
    api.get(RATING_API.summary(detail.product.id), 'ProductRating').then(
      (answer) => answer.rating,
      () => {
        ratingFailed = true;
        return null;
      },
    );
  const ratings = (async () => {
    const own = signedIn ? await loadMyRating(context, detail.product.id) : null;
    return { own, rating: own ? own.rating : await shared() };
  })();
  // The selected size variant's price history: a shared call too, made once the detail has
  // said which one is selected, beside the ratings and the similar items. Without it the page
  // still shows the product (and is not kept).
  let historyFailed = false;
  const history = api.get(priceHistoryPath(detail.selected.guid), 'PriceHistory', { ...query, days: PRICE_HISTORY_MAX_DAYS }).catch(() => {
    historyFailed = true;
    return null;
  });
  // Whether the shopper follows its brand and store: the same, only for a signed-in shopper.
  const followed = signedIn ? import('../data/follows/follows-call').then((module) => module.loadFollows(context)) : Promise.resolve({});
  const [{ own, rating }, { cards: similarCards, hearts }, priceHistory, follows] = await Promise.all([ratings, similarWithHearts(), history, followed]);
  // myRating: the shopper's stars (null: not rated), absent for a guest (offered sign-in).
  const value = { detail: { ...detail, rating }, similar: similarCards, history: priceHistory, ...(signedIn ? { myRating: own?.star_rating ?? null } : {}), ...hearts, ...follows };
  return similarFailed || ratingFailed || historyFailed ? data(value, { headers: { 'Cache-Control': CacheNone.header } }) : value;
}

/**
 * Rating without JavaScript: the rating form posts here (with JavaScript it calls the api
 * itself), through the page's api client, so the session cache drops what it kept.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const body = { id: Number(form.get('id')), star_rating: Number(form.get('star_rating')) };
  try {
    await context.get(apiContext).send('POST', RATING_API.rate, body, 'MyProductRating');
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data({ ratingError: error.message }, { status: error.status, headers: { 'Cache-Control': CacheNone.header } });
    throw error;
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, 303);
}

/** The country chooser's other sites: a product's page exists only where it is sold. */
export const handle: RouteHandle = { countries: (loaderData) => (loaderData as { detail?: ProductDetail } | undefined)?.detail?.soldIn };

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  if ('withdrawn' in loaded) {
    return (
      <Suspense fallback={null}>
        <WithdrawnProductPage view={loaded.withdrawn}>
          <SimilarProducts cards={loaded.withdrawn.similar} />
        </WithdrawnProductPage>
      </Suspense>
    );
  }
  const { detail, similar, history, myRating } = loaded;
  return <ProductPage detail={detail} similar={similar} history={history} myRating={myRating} ratingError={failed?.ratingError} />;
}

// The page of a product withdrawn from this country's site (issue 27), its code on demand.
const WithdrawnProductPage = lazyPart(() => import('../components/product/WithdrawnProductPage').then((module) => module.WithdrawnProductPage));

// The not-found page, drawn when the api knows no such page: its code on demand
// (client/app/lazy-part.ts), so this page's first load does not carry it.
const NotFound = lazyPart(() => import('./not-found.route').then((module) => module.Component));

export const ErrorBoundary = notFoundBoundary(NotFound, { lazy: true });
