import type { RouterContextProvider } from 'react-router';
import { SHOW_WISHLIST_MAX_IDS } from '../../../shared/validation/wishlist-limits';
import { apiContext } from '../../app/contexts';
import { sessionContext } from '../../app/session-context';
import { WISHLIST_API } from '../../../shared/api/wishlist-paths';

// The filled hearts of a page (ARCHITECTURE.md "Personal and shared data", the pattern for a new
// personal part of a page): one small personal call, made by the loader only for a signed-in
// shopper, beside the shared catalogue calls, which stay as they are. A guest's page makes no
// such call and so stays the shared, cacheable page it was. A failure leaves the hearts empty.
// The loaders import this module when the shopper is signed in (`import()`), so a guest's
// first load in the browser does not carry it.

/** `{ hearts }`: the products of `ids` in any of the shopper's lists; `{}` for a guest or on failure. */
export async function loadHearts(context: Readonly<RouterContextProvider>, ids: readonly number[]): Promise<{ hearts?: number[] }> {
  if (!context.get(sessionContext).signedIn()) return {};
  const asked = [...new Set(ids)].slice(0, SHOW_WISHLIST_MAX_IDS);
  if (asked.length === 0) return { hearts: [] };
  try {
    const answer = await context.get(apiContext).get(WISHLIST_API.show, 'ShowWishlistMany', { ids: asked });
    return { hearts: asked.filter((id) => (answer.products[String(id)]?.length ?? 0) > 0) };
  } catch {
    return {};
  }
}
