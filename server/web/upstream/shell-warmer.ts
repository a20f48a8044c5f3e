import type { Logger } from 'pino';
import type { AnswerName } from '../../../shared/api/answer-schemas';
import { shellCalls } from '../../../shared/api/shell-calls';
import { COUNTRIES } from '../../../shared/countries';
import { CacheLong, sharedMaxAge } from '../../../shared/http/cache-policy';
import { readJson, type ApiUpstream } from './api-upstream';
import { parsedAs } from './parsed-answer';
import type { SharedCacheEntry } from './shared-cache';

// Every page's shell needs its country site's menu and country: sixteen answers, the same on
// every page of a site, that change only with an import. The web holds them itself, like its
// asset manifest: it asks the api for all of them when it starts, again as soon as an answer
// says the catalogue changed, and every max-age after, and pages read them from here, so a
// shopper's page waits for its own data only (a cold listing is one api call). Until the new
// answers arrive the old ones are served; a round that fails is tried again shortly and keeps
// what it had.

/** Between two rounds: the shell answers' max-age. */
const REFRESH_MS = sharedMaxAge(CacheLong.header) * 1000;
/** After a round that failed (the api starting, or away). */
const RETRY_MS = 2_000;

export type ShellWarmer = {
  /** A shell answer held, by its transfer key (its address). */
  get(key: string): SharedCacheEntry | undefined;
  /** Settles once every shell answer is held (the first round that succeeds). */
  readonly warmed: Promise<void>;
  /** Asks the api for every shell answer again. */
  warm(): Promise<void>;
  stop(): void;
};

/** What the root loader asks each shell call for: held parsed as that, once per round (issue 26). */
const SHELL_ANSWERS = { menu: 'MenuStructure', country: 'CountryResponse' } as const satisfies Record<keyof ReturnType<typeof shellCalls>, AnswerName>;

const SHELL_CALLS = Object.values(COUNTRIES).flatMap((country) =>
  Object.entries(shellCalls(country)).map(([name, url]) => ({ url, answer: SHELL_ANSWERS[name as keyof typeof SHELL_ANSWERS] })),
);

export function createShellWarmer(upstream: ApiUpstream, logger: Logger): ShellWarmer {
  const held = new Map<string, SharedCacheEntry>();
  const caller = { isBot: false, requestId: 'shell-warm' };
  let markWarmed: () => void = () => undefined;
  const warmed = new Promise<void>((resolve) => (markWarmed = resolve));
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  // One line when rounds start failing (the api still starting is usual), one when they succeed again.
  let failing = false;

  async function fetchOne({ url, answer }: (typeof SHELL_CALLS)[number]): Promise<void> {
    const res = await upstream.call({ method: 'GET', url }, caller, { timeoutMs: upstream.timeoutMs });
    const json = res.status === 200 ? readJson(res.text) : undefined;
    if (!json) throw new Error(`${url} answered ${res.status}`);
    const parsed = parsedAs(answer, { status: 200, body: json.value, bytes: res.bytes });
    held.set(url, { status: 200, body: parsed.body, bytes: res.bytes, answer: parsed.answer });
  }

  async function warm(): Promise<void> {
    clearTimeout(retry);
    const results = await Promise.allSettled(SHELL_CALLS.map(fetchOne));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed === 0) {
      if (failing) logger.info('shell answers held again');
      failing = false;
      markWarmed();
      return;
    }
    if (!failing) logger.warn({ failed, of: results.length }, 'shell answers not all held; trying again every 2 s');
    failing = true;
    if (!stopped) retry = setTimeout(() => void warm(), RETRY_MS).unref();
  }

  const refresh = setInterval(() => void warm(), REFRESH_MS).unref();
  return {
    get: (key) => held.get(key),
    warmed,
    warm,
    stop() {
      stopped = true;
      clearInterval(refresh);
      clearTimeout(retry);
    },
  };
}
