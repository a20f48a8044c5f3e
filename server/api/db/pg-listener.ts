import pg from 'pg';
import type { Logger } from 'pino';
import type { ListenEvents, ListenGap } from './database';
import { backoffDelay, type Backoff } from './backoff';
import { unavailableOr } from './database-unavailable';

// LISTEN on a PostgreSQL server, on one connection of its own (not one of the pool's), that
// survives the server: a connection cut by a restart, a failover or pg_terminate_backend is
// noticed (its 'error' and 'end' events, or a heartbeat that gets no answer), and the
// listener connects again with capped, jittered exponential backoff and LISTENs every channel
// anew. Notices sent while no connection listened are lost for good (NOTIFY is not queued for
// absent listeners), so subscribers hear `lost` and then `resumed`, with the server time the
// old connection last answered, and catch up from their own records.

export type ListenerOptions = {
  connectionString: string;
  types?: pg.CustomTypesConfig;
  logger?: Logger | undefined;
  /** How often the listening connection is asked the time (finds a connection that died silently). */
  heartbeatMs?: number;
  /** Waits between reconnect attempts (DATABASE_BACKOFF unless told). */
  backoff?: Backoff;
};

type Subscription = { channel: string; onPayload: (payload: string) => void; events: ListenEvents | undefined };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** The listening connection's application_name on the server. */
export const LISTENER_APPLICATION_NAME = 'vitrine-listen';

export class NotificationListener {
  private readonly subscriptions = new Set<Subscription>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly listening = new Set<string>();
  private state: 'idle' | 'listening' | 'reconnecting' | 'closed' = 'idle';
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private lastAnsweredAt: Date | undefined;

  constructor(private readonly options: ListenerOptions) {}

  /** Whether a connection is listening now. */
  get connected(): boolean {
    return this.state === 'listening';
  }

  async subscribe(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>> {
    // Channel names cannot be parameters; only our own constant names reach here.
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
    if (this.state === 'closed') throw new Error('the database is closed');
    const subscription: Subscription = { channel, onPayload, events };
    this.subscriptions.add(subscription);
    const unsubscribe = async () => {
      if (!this.subscriptions.delete(subscription)) return;
      if ([...this.subscriptions].some((s) => s.channel === channel)) return;
      if (this.client && this.listening.delete(channel)) await this.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      if (!this.subscriptions.size) await this.disconnect('idle');
    };
    if (this.state === 'reconnecting') {
      // Its channel is LISTENed with the others once a connection is back.
      events?.lost?.();
      return unsubscribe;
    }
    try {
      if (this.state === 'idle') await this.connect();
      if (this.client && !this.listening.has(channel)) {
        await this.client.query(`LISTEN ${channel}`);
        this.listening.add(channel);
      }
    } catch (error) {
      // A running listener that lost its connection meanwhile has told this subscriber
      // (lose() tells every subscriber) and reconnects on its own; only a first connection
      // that could not be made is the caller's to hear about.
      if (this.stateNow() === 'reconnecting') return unsubscribe;
      this.subscriptions.delete(subscription);
      throw unavailableOr(error);
    }
    return unsubscribe;
  }

  /** The state as it is now, after awaits that may have changed it. */
  private stateNow(): typeof this.state {
    return this.state;
  }

  async close(): Promise<void> {
    await this.disconnect('closed');
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** A new connection that LISTENs every subscribed channel; the listener's state moves to 'listening' only if all of that worked. */
  private async open(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      ...(this.options.types ? { types: this.options.types } : {}),
      // Named, so pg_stat_activity tells it from the pool's connections.
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // A heartbeat on a connection that died without a word (a dropped network) fails here.
      query_timeout: 10_000,
    });
    // Without a listener an 'error' event would be thrown and end the process.
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('Connection terminated')));
    client.on('notification', (message) => this.deliver(message));
    try {
      await client.connect();
      const channels = new Set([...this.subscriptions].map((s) => s.channel));
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
      const [row] = (await client.query<{ now: Date }>('SELECT now() AS now')).rows;
      if (this.state === 'closed' || (this.state === 'idle' && !this.subscriptions.size)) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.listening.clear();
      for (const channel of channels) this.listening.add(channel);
      this.lastAnsweredAt = row!.now;
      this.state = 'listening';
      this.heartbeatTimer = setInterval(() => this.heartbeat(client), this.options.heartbeatMs ?? 10_000);
      this.heartbeatTimer.unref();
    } catch (error) {
      client.removeAllListeners('end');
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private heartbeat(client: pg.Client): void {
    client.query<{ now: Date }>('SELECT now() AS now').then(
      (result) => {
        if (client === this.client) this.lastAnsweredAt = result.rows[0]!.now;
      },
      (error: unknown) => this.lose(client, error),
    );
  }

  private deliver(message: pg.Notification): void {
    for (const subscription of this.subscriptions) {
      if (subscription.channel !== message.channel) continue;
      try {
        subscription.onPayload(message.payload ?? '');
      } catch (error) {
        this.options.logger?.error({ err: error, channel: message.channel }, 'a notification handler failed');
      }
    }
  }

  /** The connection `client` is gone (called once or more per loss; only the first call for the current client counts). */
  private lose(client: pg.Client, error: unknown): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.listening.clear();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.state !== 'listening') return;
    this.state = 'reconnecting';
    this.options.logger?.warn({ err: error }, 'database: the listening connection was lost; reconnecting');
    for (const subscription of this.subscriptions) this.callEvent(() => subscription.events?.lost?.());
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempts, this.options.backoff);
    this.retryTimer = setTimeout(() => void this.reconnect(), delay);
    this.retryTimer.unref();
  }

  private async reconnect(): Promise<void> {
    this.retryTimer = undefined;
    if (this.state !== 'reconnecting') return;
    const gap: ListenGap = { lastAnsweredAt: this.lastAnsweredAt ?? new Date(0) };
    try {
      await this.connect();
    } catch (error) {
      if (this.state !== 'reconnecting') return;
      this.attempts++;
      this.options.logger?.debug({ err: error, attempts: this.attempts }, 'database: reconnecting the listening connection failed');
      this.scheduleReconnect();
      return;
    }
    if (this.stateNow() !== 'listening') return;
    this.options.logger?.info({ attempts: this.attempts + 1 }, 'database: listening again');
    this.attempts = 0;
    for (const subscription of this.subscriptions) this.callEvent(() => subscription.events?.resumed?.(gap));
  }

  private callEvent(call: () => void): void {
    try {
      call();
    } catch (error) {
      this.options.logger?.error({ err: error }, 'a listen event handler failed');
    }
  }

  private async disconnect(state: 'idle' | 'closed'): Promise<void> {
    this.state = state;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.retryTimer = undefined;
    this.heartbeatTimer = undefined;
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.listening.clear();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
