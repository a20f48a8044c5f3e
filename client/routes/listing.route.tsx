import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { ListingPage } from '../components/listing/ListingPage';
import { usePrefetchOnIntent } from '../components/listing/use-listing-nav';
import { notFoundBoundary } from '../components/ui/NotFoundBoundary';
import { lazyPart } from '../app/lazy-part';

// One listing route for /search and every canonical path (spec section 2 "Listing and search
// page"): /shop/…, /brand/{brand}, /store/{store} and single-segment pages (/dresses,
// /50-percent-off). The api decides what a path means; a path naming nothing is its 404, and
// ours. All state is in the URL (spec section 4), read with the same grammar as the api's.

// The loader's code (reading the URL, the api call, the wire form) is a module of its own: in
// the browser it runs only on client navigations (the first page hydrates from the payload), so
// it is fetched at the shopper's first sign of moving (usePrefetchOnIntent), not with the page.
const loadModule = () => import('./listing-loader');

export async function loader(args: LoaderFunctionArgs) {
  return (await loadModule()).loader(args);
}

// Moving within the same listing (hash changes) needs no new data; any URL change does.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export function Component() {
  usePrefetchOnIntent(loadModule);
  return <ListingPage />;
}

// The not-found page, drawn when the api knows no such page: its code on demand
// (client/app/lazy-part.ts), so this page's first load does not carry it.
const NotFound = lazyPart(() => import('./not-found.route').then((module) => module.Component));

/** A path the api does not know is the not-found page, with its 404 (spec section 2). */
export const ErrorBoundary = notFoundBoundary(NotFound, { lazy: true });
