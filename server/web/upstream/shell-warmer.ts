import type { Logger } from 'pino';
import { shellCalls } from '../../../shared/api/shell-calls';
import { COUNTRIES } from '../../../shared/countries';
import { CacheLong, sharedMaxAge } from '../../../shared/http/cache-policy';
import { createServerApiClient, type ServerApiDeps } from './server-api-client';

// Every page's shell needs its country site's menu and country, the same answers on every page:
// the web asks the api for all eight sites' when it starts, again as soon as an import empties the
// shared cache, and every max-age after, so a shopper's first page of a site waits for its own
// data only (a cold listing is one api call). The shared cache keeps them (stale-while-revalidate
// past their max-age), so a page finds them there; a call that fails is tried again shortly.

/** Between two rounds: the shell answers' max-age, when the round finds them stale and refreshes them. */
const REFRESH_MS = sharedMaxAge(CacheLong.header) * 1000;
/** After a round that failed (the api starting, or away). */
const RETRY_MS = 2_000;

export type ShellWarmer = {
  /** Settles once every shell answer has been kept (the first round that succeeds). */
  readonly warmed: Promise<void>;
  /** Asks for every shell answer the shared cache does not hold fresh. */
  warm(): Promise<void>;
  stop(): void;
};

export function createShellWarmer(deps: ServerApiDeps, logger: Logger): ShellWarmer {
  const { client } = createServerApiClient(deps, { caller: { isBot: false, requestId: 'shell-warm' } });
  let markWarmed: () => void = () => undefined;
  const warmed = new Promise<void>((resolve) => (markWarmed = resolve));
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  // One line when a round fails (the api still starting is usual), one when they are kept again.
  let failing = false;

  async function warm(): Promise<void> {
    clearTimeout(retry);
    const calls = Object.values(COUNTRIES).flatMap((country) => {
      const { menu, country: countryCall } = shellCalls(country);
      return [client.get(menu, 'MenuStructure'), client.get(countryCall, 'CountryResponse')];
    });
    const results = await Promise.allSettled(calls);
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed === 0) {
      if (failing) logger.info('shell answers kept ahead of pages');
      failing = false;
      markWarmed();
      return;
    }
    if (!failing) logger.warn({ failed, of: results.length }, 'shell answers not kept ahead of pages; trying again every 2 s');
    failing = true;
    if (!stopped) retry = setTimeout(() => void warm(), RETRY_MS).unref();
  }

  const refresh = setInterval(() => void warm(), REFRESH_MS).unref();
  return {
    warmed,
    warm,
    stop() {
      stopped = true;
      clearInterval(refresh);
      clearTimeout(retry);
    },
  };
}
