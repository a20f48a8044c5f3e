import { useEffect, useState } from 'react';
import type { PriceAge as Age } from '../../../shared/api/product-schemas';
import type { Country } from '../../../shared/countries';
import { catalogReady, T, useT } from '../../app/i18n';
import { priceAgeWords } from './price-age-view';

// "Price checked 3 hours ago" beside a store's price, and "Prices may be out of date" when its
// feed is older than FEED_STALE_HOURS (issue 27). The server and the hydrating render write the
// absolute time; the relative words come after hydration, from the browser's clock, and move on
// each minute (price-age-view.ts says why), in the page's language (issue 29).

const TICK_MS = 60_000;

/**
 * The browser's clock once hydrated (null on the server and in the hydrating render), read again
 * every minute. Only once the language's whole catalogue is in (issue 29): the first page's
 * payload carries the messages the server's render used, not "just now" or "an hour ago";
 * without the catalogue the absolute time stays.
 */
function useNowAfterHydration(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    catalogReady().then(
      () => {
        if (!live) return;
        setNow(Date.now());
        timer = setInterval(() => setNow(Date.now()), TICK_MS);
      },
      () => undefined,
    );
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return now;
}

export function PriceAge({ age, country }: { age: Age; country: Pick<Country, 'locale' | 'timeZone'> }) {
  const t = useT();
  const words = priceAgeWords(t, age, country, useNowAfterHydration());
  if (!words) return null;
  return (
    <>
      <p className="product-price-age">
        <T id="product.priceAge.checked" values={{ when: words.when }} components={{ 0: <time dateTime={words.at} /> }} />
      </p>
      {words.note && (
        <p className="product-price-stale" role="note">
          {words.note}
        </p>
      )}
    </>
  );
}
