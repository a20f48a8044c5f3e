import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import { CacheLong, CacheShort } from '../../../shared/http/cache-policy';
import { cleanSearchText } from '../../../shared/validation/search-text';
import { badRequest } from '../../lib/http-error';
import { adminView } from '../http/catalog-view';
import { CountryDepartmentQuery, CountryQuery, pathText } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { routesUnder, type ApiArea } from './area';

// The brand and store directories under /api/account (spec section 7 "Account"):
// GET /brand-list, /store-list and /store-search/{term}, counted from the search engine.

const MAX_TERM_LENGTH = 100;

export const directoryArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ directories }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);

    router.get(at(DIRECTORY_API.brands), async (req, res) => {
      const { country, department } = parseInput(CountryDepartmentQuery, req.query);
      sendData(res, await directories.brandList(country, department, adminView(req)), CacheLong);
    });
    router.get(at(DIRECTORY_API.stores), async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      sendData(res, await directories.storeList(country, undefined, adminView(req)), CacheLong);
    });
    router.get(at(DIRECTORY_API.storeSearch), async (req, res) => {
      const { country } = parseInput(CountryQuery, req.query);
      const raw = parseInput(pathText('term', MAX_TERM_LENGTH), req.params.term);
      // Spec section 5: whitespace-only brand and store searches are rejected.
      const term = cleanSearchText(raw);
      if (!term) throw badRequest('term must contain letters or digits');
      sendData(res, await directories.storeList(country, term, adminView(req)), CacheShort);
    });

    return router;
  },
};
