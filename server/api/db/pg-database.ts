import pg from 'pg';
import type { Logger } from 'pino';
import { observed, type Database, type QueryObserver, type Queryable, type Row } from './database';
import { unavailableOr } from './database-unavailable';
import { NotificationListener } from './pg-listener';
import { OID_INT8, OID_NUMERIC, parseNumber } from './type-parsers';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_INT8 || oid === OID_NUMERIC) return parseNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export type PostgresOptions = {
  observer?: QueryObserver | undefined;
  logger?: Logger | undefined;
  poolSize?: number;
  /** How long a statement may wait for a connection before it is refused (503). */
  connectionTimeoutMs?: number;
};

// The server engine. A server can go away under a running api (a restart, a failover,
// pg_terminate_backend): every connection has an 'error' listener, so a lost connection is an
// error of the statement that used it, never an uncaught 'error' event that ends the
// process; that error becomes a 503 (database-unavailable.ts); the pool makes new
// connections for the next statements once the server is back; LISTEN has a connection of
// its own that reconnects (pg-listener.ts).
export async function openPostgresDatabase(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const { observer, logger } = options;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    types: typeParsers,
    keepAlive: true,
    // While the server is unreachable a request is refused in this time instead of hanging.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
  });
  // An idle connection that breaks (the server restarted) is dropped by the pool and
  // reported here; the next statement gets a new one.
  pool.on('error', (error) => logger?.warn({ err: error }, 'database: an idle connection was lost'));
  // Fail fast at start when the server is unreachable or the credentials are wrong.
  const probe = await pool.connect();
  probe.release();

  const rawQuery = async (client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    try {
      return (await client.query<Row>(sql, params ? [...params] : undefined)).rows;
    } catch (error) {
      throw unavailableOr(error);
    }
  };

  const listener = new NotificationListener({ connectionString, types: typeParsers, logger });

  return {
    kind: 'postgres',
    query: observed((sql: string, params?: readonly unknown[]) => rawQuery(pool, sql, params), observer) as Database['query'],
    async exec(sql) {
      await rawQuery(pool, sql);
    },
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailableOr(error);
      });
      // The pool listens for errors only on idle connections: one that breaks while it is
      // checked out would otherwise throw an 'error' event nobody catches. The statement
      // that was running fails with the same error.
      let broken: unknown;
      const onError = (error: unknown) => (broken = error);
      client.on('error', onError);
      try {
        await rawQuery(client, 'BEGIN');
        const scoped: Queryable = {
          query: observed((sql: string, params?: readonly unknown[]) => rawQuery(client, sql, params), observer) as Queryable['query'],
          async exec(sql) {
            await rawQuery(client, sql);
          },
        };
        const result = await fn(scoped);
        await rawQuery(client, 'COMMIT');
        return result;
      } catch (error) {
        if (!broken) await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
        throw error;
      } finally {
        client.off('error', onError);
        // A broken connection is destroyed, not handed to the next caller.
        client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
      }
    },
    listen(channel, onPayload, events) {
      return listener.subscribe(channel, onPayload, events);
    },
    async checkpoint() {
      // A server checkpoints on its own schedule; a client needs no checkpoint.
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
