import { z } from 'zod';

// What the api tells the webs about answers that must leave their caches at once (issue 25:
// a list made private stayed public for minutes). The api names, on each answer about
// something a shopper can withdraw (a public list, look, lookbook or profile), its purge keys;
// on every answer, the newest purge it knows of. A web that sees a newer one asks for the
// purges after the last it applied and drops every kept page and answer that carries one of
// their keys (server/web/upstream/cache-purges.ts). The keys are the api's own words, opaque
// to the web, and never reach a browser (the gateway removes them).

export const PURGE_HEADER = {
  /** Space-separated keys on an answer: drop it, and any page rendered from it, when one is purged. */
  keys: 'x-purge-keys',
  /** On every answer: the newest purge the api knows of (a number that only grows). */
  version: 'x-purge-version',
} as const;

/** GET …?after=N: the purges after N, oldest first. Outside /api: the web's gateway never forwards it. */
export const CACHE_PURGES_PATH = '/internal/cache-purges';

/** At most this many purges an answer; a web that gets as many drops everything it keeps. */
export const CACHE_PURGES_MAX = 500;

export const CachePurgesSchema = z.object({
  purges: z.array(z.object({ id: z.number().int(), keys: z.array(z.string()) })),
});
export type CachePurgesAnswer = z.infer<typeof CachePurgesSchema>;
