import pg from 'pg';
import { observed, type Database, type QueryObserver, type Queryable, type Row } from './database';
import { OID_INT8, OID_NUMERIC, parseNumber } from './type-parsers';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_INT8 || oid === OID_NUMERIC) return parseNumber;
    return pg.types.getTypeParser(oid, format);
  },
};

export async function openPostgresDatabase(
  connectionString: string,
  observer?: QueryObserver,
  poolSize = 10,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: typeParsers as pg.CustomTypesConfig });
  // A pool error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Fail fast at start when the server is unreachable or the credentials are wrong.
  const probe = await pool.connect();
  probe.release();

  const rawQuery = async (client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await client.query<Row>(sql, params ? [...params] : undefined)).rows;

  const listeners: pg.PoolClient[] = [];

  return {
    kind: 'postgres',
    query: observed((sql: string, params?: readonly unknown[]) => rawQuery(pool, sql, params), observer) as Database['query'],
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const scoped: Queryable = {
          query: observed((sql: string, params?: readonly unknown[]) => rawQuery(client, sql, params), observer) as Queryable['query'],
          async exec(sql) {
            await client.query(sql);
          },
        };
        const result = await fn(scoped);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await pool.connect();
      listeners.push(client);
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      client.on('notification', handler);
      // Channel names cannot be parameters; only our own constant names reach here.
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
      await client.query(`LISTEN ${channel}`);
      return async () => {
        client.off('notification', handler);
        await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
        listeners.splice(listeners.indexOf(client), 1);
        client.release();
      };
    },
    async checkpoint() {
      // A server checkpoints on its own schedule; a client needs no checkpoint.
    },
    async close() {
      for (const client of listeners.splice(0)) client.release();
      await pool.end();
    },
  };
}
