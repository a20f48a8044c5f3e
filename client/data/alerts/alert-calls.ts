import { useEffect, useState } from 'react';
import { PRICE_HISTORY_DEFAULT_DAYS, priceHistoryPath } from '../../../shared/api/price-history-paths';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import { browserApi } from '../../api/browser-api';
import { alertProductOf, productByGuidPath, type AlertProduct } from '../../components/alerts/alert-rules';

// What the Sale Alert / Price Alert dialog asks the api for (components/alerts/AlertDialog.tsx).

export type LoadedAlertProduct = AlertProduct | 'loading' | 'failed';

/** The size variant's sale price and its brand's and store's ids, from the product's shared detail. */
export function useAlertProduct(guid: string, country: string): LoadedAlertProduct {
  const [loaded, setLoaded] = useState<LoadedAlertProduct>('loading');
  useEffect(() => {
    let live = true;
    browserApi()
      .get(productByGuidPath(guid), 'ProductDetail', { country })
      .then(
        (detail) => live && setLoaded(alertProductOf(detail, guid) ?? 'failed'),
        () => live && setLoaded('failed'),
      );
    return () => {
      live = false;
    };
  }, [guid, country]);
  return loaded;
}

/** The item's price history for a price alert's suggestion; null until it comes, or if it does not. */
export function usePriceHistory(guid: string, country: string, wanted: boolean): PriceHistory | null {
  const [history, setHistory] = useState<PriceHistory | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    browserApi()
      .get(priceHistoryPath(guid), 'PriceHistory', { country, days: PRICE_HISTORY_DEFAULT_DAYS })
      .then(
        (answer) => live && setHistory(answer),
        // A suggestion only: without it the form works as before.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [guid, country, wanted]);
  return history;
}

/** Sets the alert alertRequest describes; the api's words. */
export async function setAlert(call: { path: string; body: Record<string, unknown> }): Promise<string> {
  const answer = await browserApi().send('POST', call.path, call.body, 'AlertSet');
  return answer.message;
}
