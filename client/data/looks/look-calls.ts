import type { Query } from '../../../shared/api/api-client';
import * as SEARCH_API from '../../../shared/api/search-paths';
import type { LookPlacement } from '../../../shared/validation/look-rules';
import { browserApi } from '../../api/browser-api';
import { LOOK_API } from '../../components/looks/looks-common';

// What the look pages ask the api for from the browser: the Dress Me board's piece search and
// filters (PiecePicker), publishing and renaming a look (PublishLookDialog), a look's owner's
// tools (LookOwnerTools).

/** A category's products as the listing's /api/search finds them (`query`: its filters, words, country, page size). */
export function searchPieces(query: Query) {
  return browserApi().get(SEARCH_API.list, 'SearchResponse', query);
}

/** A category's Dress Me filter groups (a signed-in call). */
export function dressMeFilters(categoryId: string, query: Query) {
  return browserApi().get(LOOK_API.filters(categoryId), 'DressMeFilters', query);
}

/** Saves the board as a look. */
export function publishLook(input: { setName: string; setId: number; setPublic: 0 | 1; items: readonly LookPlacement[] }) {
  return browserApi().send('POST', LOOK_API.save, { setName: input.setName, setId: input.setId, setPublic: input.setPublic, data: { items: input.items } }, 'SetSaved');
}

/** Renames a look and says who can see it (the same call makes it public or private). */
export function renameLook(input: { listId: number; setName: string; setPublic: 0 | 1 }) {
  return browserApi().send('PUT', LOOK_API.rename, input, 'SetSaved');
}

export function deleteLook(listId: number) {
  return browserApi().send('DELETE', LOOK_API.look(listId), undefined, 'LookDeleted');
}
