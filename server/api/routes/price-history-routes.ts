import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { priceHistoryPath } from '../../../shared/api/price-history-paths';
import { z } from 'zod';
import { PRICE_HISTORY_DEFAULT_DAYS, PRICE_HISTORY_MAX_DAYS } from '../../../shared/api/price-history-paths';
import { CacheShort } from '../../../shared/http/cache-policy';
import { safeText, uuidId } from '../../../shared/validation/safe-input';
import { adminView } from '../http/catalog-view';
import { CountryQuery } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import { routesUnder, type ApiArea } from './area';

// A size variant's price history (shared/api/price-history-schemas.ts). The same for every
// visitor and changed only by an import, so it is one of the answers kept in memory
// (http/shared-answers.ts), which an import's change notice invalidates.

const HistoryQuery = CountryQuery.extend({
  days: safeText('days')
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return PRICE_HISTORY_DEFAULT_DAYS;
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > PRICE_HISTORY_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', message: `days must be a whole number from 1 to ${PRICE_HISTORY_MAX_DAYS}` });
        return z.NEVER;
      }
      return Number(value);
    }),
});
const GuidParams = z.object({ guid: uuidId('guid', 'guid must be a size variant id (a UUID)') });

export const priceHistoryArea: ApiArea = {
  mountPath: API_MOUNTS.products,
  routes: ({ priceHistory }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.products);
    router.get(at(priceHistoryPath), async (req, res) => {
      const { guid } = parseInput(GuidParams, req.params);
      const { country, days } = parseInput(HistoryQuery, req.query);
      sendData(res, await priceHistory.history(guid, country, days, adminView(req)), CacheShort);
    });
    return router;
  },
};
