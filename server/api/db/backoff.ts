// Waiting before trying again after the database failed: exponential, capped, and jittered,
// so that several api instances that lost the same server do not all come back at the same
// instant, and a long outage costs a try every few seconds, not a busy loop.

export type Backoff = { initialMs: number; maxMs: number };

export const DATABASE_BACKOFF: Backoff = { initialMs: 200, maxMs: 5_000 };

/** The wait before try `attempt` (0 first): `initialMs` doubled per attempt up to `maxMs`, then between half and all of that. */
export function backoffDelay(attempt: number, backoff: Backoff = DATABASE_BACKOFF, random = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
