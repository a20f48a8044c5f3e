import { Router, type Request } from 'express';
import { z } from 'zod';
import { DEPARTMENTS, isDepartment, type Department } from '../../../shared/constants';
import { CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { cleanSearchText } from '../../../shared/validation/search-text';
import { badRequest, notFound } from '../../lib/http-error';
import { isAdmin, type ViewerResolver } from '../accounts/viewer';
import { CountryQuery } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { ListingQuerySchema } from '../services/listing-params';
import { FILTER_TYPES, type FilterType, type SearchService } from '../services/search-service';

// Spec section 7 "Products and search": GET /api/search and its companions. Every query
// parameter is checked (services/listing-params.ts); a link that names nothing is a 404.

const MAX_SUGGEST_LENGTH = 100;

/** Answers that depend on who asks (admins see debug) are never kept by a shared cache. */
function policyFor(req: Request) {
  return req.headers.token ? CachePrivate : CacheShort;
}

const SuggestQuery = z.object({
  department: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const d = value.toLowerCase();
      if (!isDepartment(d)) {
        ctx.addIssue({ code: 'custom', message: `department must be one of ${DEPARTMENTS.join(', ')}` });
        return z.NEVER;
      }
      return d;
    }),
  country: CountryQuery.shape.country,
});

export function searchRoutes(deps: { search: SearchService; resolveViewer: ViewerResolver }): Router {
  const router = Router();
  const { search } = deps;

  router.get('/', async (req, res) => {
    const params = parseInput(ListingQuerySchema, req.query);
    const admin = req.headers.token ? isAdmin(await deps.resolveViewer(req)) : false;
    sendData(res, await search.search(params, admin), policyFor(req));
  });

  router.get('/deals', async (req, res) => {
    sendData(res, await search.deals(parseInput(ListingQuerySchema, req.query)), CacheShort);
  });

  router.get('/filters/breadcrumb', async (req, res) => {
    sendData(res, await search.breadcrumb(parseInput(ListingQuerySchema, req.query)), CacheShort);
  });

  router.get('/filters/:type', async (req, res) => {
    const type = req.params.type;
    if (!(FILTER_TYPES as readonly string[]).includes(type)) {
      throw notFound(`There is no ${type} filter; filters are ${FILTER_TYPES.join(', ')} and breadcrumb`);
    }
    const params = parseInput(ListingQuerySchema, req.query);
    const filter = type === 'price' ? await search.priceFilter(params) : await search.filter(type as Exclude<FilterType, 'price'>, params);
    sendData(res, filter, CacheShort);
  });

  router.get('/canonical-links', async (req, res) => {
    sendData(res, await search.canonicalLinks(parseInput(ListingQuerySchema, req.query)), CacheShort);
  });

  // /auto-suggest/{department}/{query}, /auto-suggest/{query}/{department} (spec section 7:
  // "parameter order reversed in some uses") and /auto-suggest/{query}?department=.
  const suggest = async (req: Request, text: string, department: Department | undefined) => {
    const { country, department: fromQuery } = parseInput(SuggestQuery, req.query);
    if (text.length > MAX_SUGGEST_LENGTH) throw badRequest(`the search text is longer than ${MAX_SUGGEST_LENGTH} characters`);
    return search.suggest(cleanSearchText(text), department ?? fromQuery, country);
  };
  router.get('/auto-suggest/:first/:second', async (req, res) => {
    const { first, second } = req.params as { first: string; second: string };
    let department: string;
    let text: string;
    if (isDepartment(first.toLowerCase())) [department, text] = [first.toLowerCase(), second];
    else if (isDepartment(second.toLowerCase())) [department, text] = [second.toLowerCase(), first];
    else throw badRequest(`one of the two path parts must be a department (${DEPARTMENTS.join(', ')})`);
    sendData(res, await suggest(req, text, department as Department), CacheShort);
  });
  router.get('/auto-suggest/:text', async (req, res) => {
    sendData(res, await suggest(req, (req.params as { text: string }).text, undefined), CacheShort);
  });

  return router;
}
