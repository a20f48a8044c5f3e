import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListenGap } from '../../../server/api/db/database';
import { openPostgresDatabase } from '../../../server/api/db/pg-database';
import { LISTENER_APPLICATION_NAME } from '../../../server/api/db/pg-listener';
import type { Database } from '../../../server/api/db/database';
import { createPostgresDatabase } from '../../support/postgres';

// LISTEN on a PostgreSQL server when its connection is cut: the subscriber hears `lost`, the
// listener connects again on its own and LISTENs anew, the subscriber hears `resumed` with the
// time the old connection last answered (where a catch-up starts), and notices flow again.

let database: { url: string; drop(): Promise<void> };
let db: Database;

/** A connection of the test's own, outside the api's pool and listener. */
async function sql(text: string, params: unknown[] = []): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Resolves with the next value `register` hands over. */
function next<T>(register: (deliver: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve) => register(resolve));
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  db = await openPostgresDatabase(database.url);
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('LISTEN on a PostgreSQL server', () => {
  it('is lost when its connection is terminated, listens again by itself, and delivers what comes after', async () => {
    const notices: string[] = [];
    let onNotice: (payload: string) => void = () => undefined;
    let onLost: () => void = () => undefined;
    let onResumed: (gap: ListenGap) => void = () => undefined;
    const unlisten = await db.listen(
      'listener_test',
      (payload) => {
        notices.push(payload);
        onNotice(payload);
      },
      { lost: () => onLost(), resumed: (gap) => onResumed(gap) },
    );

    const first = next<string>((deliver) => (onNotice = deliver));
    await sql("SELECT pg_notify('listener_test', 'before')");
    expect(await first).toBe('before');

    const lost = next<void>((deliver) => (onLost = deliver));
    const resumed = next<ListenGap>((deliver) => (onResumed = deliver));
    const cutAt = new Date();
    const terminated = await sql(
      'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    expect(terminated).toEqual([{ done: true }]);
    await lost;
    const gap = await resumed;
    // The server time the lost connection last answered: its LISTEN, just before the cut.
    expect(gap.lastAnsweredAt.getTime()).toBeLessThanOrEqual(cutAt.getTime() + 1_000);
    expect(gap.lastAnsweredAt.getTime()).toBeGreaterThan(cutAt.getTime() - 60_000);

    const after = next<string>((deliver) => (onNotice = deliver));
    await sql("SELECT pg_notify('listener_test', 'after')");
    expect(await after).toBe('after');
    expect(notices).toEqual(['before', 'after']);

    // The process is still here, and the pool works as before.
    expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    await unlisten();
    expect(await sql('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [LISTENER_APPLICATION_NAME])).toEqual([{ n: 0 }]);
  });
});
