import type { RouterContextProvider } from 'react-router';
import { FOLLOW_API } from '../../../shared/api/follow-paths';
import type { FollowedIds } from '../../../shared/api/follow-schemas';
import { apiContext } from '../../app/contexts';
import { sessionContext } from '../../app/session-context';

// Which brands and stores on a page the shopper follows (ARCHITECTURE.md "Personal and shared
// data", the pattern for a new personal part of a page): one small personal call, made by the
// loader only for a signed-in shopper, beside the shared calls, which stay as they are. A
// guest's page makes no such call and stays the shared, cacheable page it was. A failure
// leaves every button at Follow. Loaders import this module on demand (`import()`), so a
// guest's first load does not carry it.

/** `{ follows }`: every brand and store id the shopper follows; `{}` for a guest or on failure. */
export async function loadFollows(context: Readonly<RouterContextProvider>): Promise<{ follows?: FollowedIds }> {
  if (!context.get(sessionContext).signedIn()) return {};
  try {
    return { follows: await context.get(apiContext).get(FOLLOW_API.followed, 'FollowedIds') };
  } catch {
    return {};
  }
}
