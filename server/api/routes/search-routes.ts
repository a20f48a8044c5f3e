import { Router, type Request } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { z } from 'zod';
import { SEARCH_DEBUG_FORBIDDEN } from '../../../shared/api/search-schemas';
import { DEPARTMENTS, isDepartment, type Department } from '../../../shared/constants';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { FILTER_TYPES, isFilterType } from '../../../shared/listing/vocabulary';
import { safeText } from '../../../shared/validation/safe-input';
import { cleanSearchText } from '../../../shared/validation/search-text';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { isAdmin, type ViewerResolver } from '../accounts/viewer';
import { adminView } from '../http/catalog-view';
import { requestTranslator } from '../http/request-language';
import { CountryDepartmentQuery, pathText } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { readFilterListOptions, readListingRequest } from '../listing/read-listing-request';
import type { SearchService } from '../listing/search-service';
import { routesUnder, type ApiArea } from './area';

// Spec section 7 "Products and search": GET /api/search and its companions. Every listing
// call is read with the one listing grammar (shared/listing/) and narrowed to what it depends
// on; a link that names nothing is a 404. Only /debug reads who is asking (the admin debug
// line is its own call), so every other answer is the same bytes for everyone and may be
// shared; a call asking for the admin view (with the admin-only stores) is granted or not
// before it gets here (http/catalog-view.ts) and is private.

const MAX_SUGGEST_LENGTH = 100;

export function searchRoutes(deps: { search: SearchService; resolveViewer: ViewerResolver }): Router {
  const router = Router();
  const at = routesUnder(API_MOUNTS.search);
  const { search } = deps;

  router.get(at(SEARCH_API.list), async (req, res) => {
    sendData(res, await search.products.list(readListingRequest(req, 'list'), requestTranslator(req)), CacheShort);
  });

  // Spec section 2: "Users with a token and profile type 1 or 2 see a debug and time-taken
  // line." Anyone else is refused with 403, not 401: their session is fine, the line is not theirs.
  router.get(at(SEARCH_API.debug), async (req, res) => {
    const request = readListingRequest(req, 'list');
    if (!isAdmin(await deps.resolveViewer(req))) throw new HttpError(403, SEARCH_DEBUG_FORBIDDEN);
    sendData(res, await search.products.debug(request, requestTranslator(req)), CachePrivate);
  });

  router.get(at(SEARCH_API.deals), async (req, res) => {
    sendData(res, await search.facets.deals(readListingRequest(req, 'deals')), CacheShort);
  });

  router.get(at(SEARCH_API.breadcrumb), async (req, res) => {
    sendData(res, await search.links.breadcrumb(readListingRequest(req, 'breadcrumb')), CacheShort);
  });

  router.get(at(SEARCH_API.filters), async (req, res) => {
    const type = req.params.type;
    if (!isFilterType(type)) throw notFound(`There is no ${type} filter; filters are ${FILTER_TYPES.join(', ')} and breadcrumb`);
    const answer =
      type === 'price'
        ? await search.facets.price(readListingRequest(req, 'price'))
        : await search.facets.filter(type, readListingRequest(req, 'filters'), readFilterListOptions(req));
    sendData(res, answer, CacheShort);
  });

  // Our web's one call per listing page: the site page and every companion's answer.
  router.get(at(SEARCH_API.listing), async (req, res) => {
    sendData(res, await search.page.answer(readListingRequest(req, 'listing'), requestTranslator(req)), CacheShort);
  });

  router.get(at(SEARCH_API.canonicalLinks), async (req, res) => {
    sendData(res, await search.links.canonicalLinks(readListingRequest(req, 'canonical-links'), requestTranslator(req).t), CacheShort);
  });

  // /auto-suggest/{department}/{query}, /auto-suggest/{query}/{department} (spec section 7:
  // "parameter order reversed in some uses") and /auto-suggest/{query}?department=.
  // Named by the path part that carries it, so a 400 says which part to change.
  const SuggestText = {
    first: pathText('first (the search text)', MAX_SUGGEST_LENGTH),
    second: pathText('second (the search text)', MAX_SUGGEST_LENGTH),
    text: pathText('text (the search text)', MAX_SUGGEST_LENGTH),
  };
  const SuggestParams = z.object({ first: safeText('first'), second: safeText('second') });
  const suggest = async (req: Request, text: string, part: keyof typeof SuggestText, department: Department | undefined) => {
    const { country, department: fromQuery } = parseInput(CountryDepartmentQuery, req.query);
    return search.suggestions.suggest(cleanSearchText(parseInput(SuggestText[part], text)), department ?? fromQuery, country, adminView(req), requestTranslator(req).t);
  };
  router.get(at(SEARCH_API.autoSuggestIn), async (req, res) => {
    const { first, second } = parseInput(SuggestParams, req.params);
    let department: string;
    let text: string;
    let part: 'first' | 'second';
    if (isDepartment(first.toLowerCase())) [department, text, part] = [first.toLowerCase(), second, 'second'];
    else if (isDepartment(second.toLowerCase())) [department, text, part] = [second.toLowerCase(), first, 'first'];
    else throw badRequest(`first or second (the two path parts) must be a department (${DEPARTMENTS.join(', ')}); the other is the search text`);
    sendData(res, await suggest(req, text, part, department as Department), CacheShort);
  });
  router.get(at(SEARCH_API.autoSuggest), async (req, res) => {
    sendData(res, await suggest(req, (req.params as { text: string }).text, 'text', undefined), CacheShort);
  });

  return router;
}

/** The listing endpoints under /api/search. */
export const searchArea: ApiArea = {
  mountPath: API_MOUNTS.search,
  routes: ({ search, accounts }) => searchRoutes({ search, resolveViewer: accounts.resolveViewer }),
};
