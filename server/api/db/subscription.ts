import type { Logger } from 'pino';
import { backoffDelay } from './backoff';
import type { Database, ListenEvents } from './database';

// Listening for notices until stopped. The first LISTEN can fail (the database is not up
// yet, or away): it is tried again with backoff, and nothing heard may be assumed until
// `listening` runs. Once listening, the database's listener reconnects by itself and `events`
// hear the loss and the return (notices sent meanwhile are never delivered).

export type Subscription = { stop(): Promise<void> };

export type SubscribeOptions = {
  channels: readonly { channel: string; onPayload: (payload: string) => void }[];
  /** Once, when every channel is first listened to (a return after a loss is `events.resumed`). */
  listening: () => void;
  events?: ListenEvents;
  logger?: Logger | undefined;
  /** Who listens, for the warning while the first LISTEN fails. */
  what: string;
};

export function subscribe(db: Database, options: SubscribeOptions): Subscription {
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let unsubscribes: (() => Promise<void>)[] = [];

  const attempt = async (tries: number): Promise<void> => {
    const taken: (() => Promise<void>)[] = [];
    try {
      for (const [i, { channel, onPayload }] of options.channels.entries()) {
        // The connection's events are heard once, with the first channel.
        taken.push(await db.listen(channel, onPayload, i === 0 ? options.events : undefined));
      }
    } catch (error) {
      await Promise.all(taken.map((u) => u().catch(() => undefined)));
      if (stopped) return;
      options.logger?.warn({ err: error }, `${options.what}: cannot listen for notices; trying again`);
      retryTimer = setTimeout(() => void attempt(tries + 1), backoffDelay(tries));
      retryTimer.unref();
      return;
    }
    unsubscribes = taken;
    if (stopped) return void (await release());
    options.listening();
  };

  const release = async () => {
    const taken = unsubscribes;
    unsubscribes = [];
    for (const u of taken) await u().catch(() => undefined);
  };

  void attempt(0);
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await release();
    },
  };
}
