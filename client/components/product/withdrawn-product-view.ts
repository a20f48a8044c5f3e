import { ApiError } from '../../../shared/api/api-client';
import type { ProductCard, WithdrawnProduct } from '../../../shared/api/product-schemas';
import type { Translate } from '../../../shared/i18n/translator';

// The page of a product withdrawn from this country's site (issue 27; the api's product detail
// answers 410 with what it still knows, docs/decisions/0076): what it draws, apart from its
// markup. Never a dead end: the store's page, and similar items a shopper can buy here. Its
// words are the page's language's (issue 29): the loader words them with the request's translator.

export type WithdrawnProductView = {
  /** The page's heading and title: brand and name. */
  heading: string;
  /** "No longer sold by {store}". */
  notice: string;
  picture: string;
  storename: string;
  /** The store's page on this site, where Buy goes instead of the retailer's dead link. */
  storePath: string;
  similar: readonly ProductCard[];
  /** What to offer when no similar item is left: the store's page and the home page. */
  fallbacks: readonly { label: string; to: string }[];
};

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The withdrawn product a 410 from the product detail carries (ApiError.data), checked here
 * because error bodies are not parsed at the edge; null for any other error, or a body that is
 * not one.
 */
export function withdrawnProductOf(error: unknown): WithdrawnProduct | null {
  if (!(error instanceof ApiError) || error.status !== 410) return null;
  const w = error.data as Partial<Record<keyof WithdrawnProduct, unknown>> | null | undefined;
  const images = w?.images as Partial<Record<keyof WithdrawnProduct['images'], unknown>> | null | undefined;
  if (!w || typeof w.id !== 'number' || !isString(w.title) || !(w.brand === null || isString(w.brand))) return null;
  if (!isString(w.storename) || !isString(w.store_slug) || !isString(w.canonicalUrl)) return null;
  if (!images || !isString(images.productimage) || !isString(images.productimage80_png) || !isString(images.productimage180_jpg)) return null;
  return w as WithdrawnProduct;
}

export function withdrawnProductView(t: Translate, product: WithdrawnProduct, similar: readonly ProductCard[]): WithdrawnProductView {
  const storePath = `/store/${product.store_slug}`;
  const store = product.storename;
  return {
    heading: `${product.brand ? `${product.brand} ` : ''}${product.title}`,
    notice: t('product.withdrawn.notice', { store }),
    picture: product.images.productimage,
    storename: product.storename,
    storePath,
    similar,
    fallbacks: similar.length
      ? []
      : [
          { label: t('product.buy.browse', { store }), to: storePath },
          { label: t('product.withdrawn.home'), to: '/' },
        ],
  };
}
