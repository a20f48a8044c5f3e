import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../../shared/api/search-schemas';
import { startApiProcess, tempDataDir, type RunningService } from '../../../scripts/lib/processes';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../scripts/lib/throwaway-postgres';
import { DATABASE_UNAVAILABLE } from '../../../server/api/db/database-unavailable';
import { runImportCli } from '../../support/import-cli';
import { pollUntil } from '../../support/poll';
import { TEST_BUILD_DIR } from '../../support/test-build';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';

// The built api on a PostgreSQL server that goes away under it: its connections terminated
// (pg_terminate_backend), the server stopped (pg_ctl stop -m fast) and started again. The api
// stays up, says it is not ready while the database is away, answers what it can from memory
// and refuses the rest with a 503, and once the database is back it listens again and
// catches up on the imports another process made meanwhile.
//
// The server is a cluster of this file's own (stopping the tier's shared one would break the
// other files). The api connects as a role of its own, so that role can be kept out
// (CONNECTION LIMIT 0) while the import CLI, as another role, changes the catalogue: the
// database is away for the api exactly as long as the test says, whatever its backoff.

const FEEDS = path.resolve(import.meta.dirname, '../../fixtures/feeds/good');
const UNAVAILABLE_MESSAGE = `${DATABASE_UNAVAILABLE}: please try again in a moment`;

let server: ThrowawayPostgres;
let adminUrl: string;
let api: RunningService;
const dirs: string[] = [];

function databaseUrl(user: string): string {
  const url = new URL(server.url);
  url.username = user;
  url.pathname = '/vitrine_outage';
  return url.toString();
}

async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const keepApiOut = () => admin('ALTER ROLE vitrine_api CONNECTION LIMIT 0');
const letApiIn = () => admin('ALTER ROLE vitrine_api CONNECTION LIMIT -1');

async function readyz(): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${api.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

// The pool and the listening connection each find out on their own; both have once this answers.
const awaitUnavailable = () =>
  pollUntil('/readyz says the database is unavailable and the index behind', async () => {
    const answer = await readyz();
    return answer.body.database === 'unavailable' && answer.body.catalog === 'catching up' ? answer : undefined;
  });

const awaitReady = () =>
  pollUntil('/readyz says ready again', async () => {
    const answer = await readyz();
    return answer.status === 200 ? answer : undefined;
  });

async function listing(query: string) {
  const res = await fetch(`${api.url}${SEARCH_API.list}?${query}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(((await res.json()) as { data: unknown }).data);
}

/** The api process has not died, and never printed an uncaught error. */
function expectApiUp(): void {
  expect(api.proc.child.exitCode).toBe(null);
  expect(api.proc.output()).not.toMatch(/Unhandled 'error' event|uncaught|unhandled rejection/i);
}

beforeAll(async () => {
  const started = await startThrowawayPostgres();
  if (!started) throw new Error('this test needs the PostgreSQL server binaries (initdb, postgres, pg_ctl)');
  server = started;
  await new pg.Client({ connectionString: server.url }).connect().then(async (client) => {
    await client.query('CREATE ROLE vitrine_api LOGIN');
    await client.query('CREATE DATABASE vitrine_outage OWNER vitrine_api');
    await client.end();
  });
  adminUrl = databaseUrl('vitrine');
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  // The api migrates the database at start; the catalogue it starts with is one store's feed.
  api = await startApiProcess(
    { DATABASE_URL: databaseUrl('vitrine_api'), DATA_DIR: dataDir, DEMO_CATALOG: 'false', LOG_LEVEL: 'info' },
    TEST_BUILD_DIR,
  );
  await runImportCli(adminUrl, path.join(FEEDS, 'stores.json'));
  await runImportCli(adminUrl, path.join(FEEDS, 'atlas-outfitters.gb.tsv'));
  await pollUntil('the api lists the first import', async () => ((await listing('link=/store/atlas-outfitters')).totalCount === 1 ? true : undefined));
});

afterAll(async () => {
  await api?.proc.stop('SIGKILL');
  await server?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the api when its PostgreSQL server goes away', () => {
  it('survives its connections being terminated, answers 503 while away, and lists what was imported meanwhile', async () => {
    await keepApiOut();
    const [row] = await admin<{ terminated: number }>(
      "SELECT count(pg_terminate_backend(pid))::int AS terminated FROM pg_stat_activity WHERE usename = 'vitrine_api'",
    );
    // The pool's connection(s) and the one that LISTENs.
    expect(row!.terminated).toBeGreaterThanOrEqual(2);

    const away = await awaitUnavailable();
    expect(away).toEqual({
      status: 503,
      body: { status: 'not ready', message: DATABASE_UNAVAILABLE, database: 'unavailable', catalog: 'catching up' },
    });
    // Alive, and what the index answers alone is answered from memory.
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const brands = await fetch(`${api.url}${SEARCH_API.filters('brand')}?link=/store/atlas-outfitters`);
    expect(brands.status).toBe(200);
    // A listing's cards are read from the database by id: refused quickly, with the reason.
    const cards = await fetch(`${api.url}${SEARCH_API.list}?link=/store/atlas-outfitters`);
    expect({ status: cards.status, body: await cards.json() }).toEqual({ status: 503, body: { status: 503, message: UNAVAILABLE_MESSAGE } });
    // A write is refused with a 503 and the reason, not a 500.
    const write = await fetch(`${api.url}${SUBSCRIPTION_API.subscribe}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ava@example.com' }),
    });
    expect({ status: write.status, body: await write.json() }).toEqual({ status: 503, body: { status: 503, message: UNAVAILABLE_MESSAGE } });

    // Another process imports a store's feed while the api cannot hear of it.
    expect(await runImportCli(adminUrl, path.join(FEEDS, 'northlane.gb.tsv'))).toContain('6 rows read, 6 imported');
    await letApiIn();

    expect(await awaitReady()).toEqual({ status: 200, body: { status: 'ready', database: 'open', catalog: 'loaded' } });
    // Ready means caught up: the import is listed at once.
    expect((await listing('link=/store/northlane')).totalCount).toBe(4);
    expect((await listing('q=serum')).products.map((p) => p.variants[0]!.title)).toEqual(['Hydrating Rose Facial Serum 30ml']);
    expectApiUp();
  });

  it('survives the server stopping and starting, and then catches up on a change the change log does not record', async () => {
    await keepApiOut();
    await server.stopServer();
    expect((await awaitUnavailable()).body.message).toBe(DATABASE_UNAVAILABLE);
    await server.startServer();
    // The server is back, but not for the api yet.
    expect((await readyz()).body).toMatchObject({ database: 'unavailable' });

    // A title-only change: an update of the products, and no entry in the change log.
    const logSize = () => admin<{ entries: number }>('SELECT count(*)::int AS entries FROM price_history');
    const before = await logSize();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-feed-'));
    dirs.push(dir);
    const renamed = path.join(dir, 'atlas-outfitters.gb.tsv');
    fs.writeFileSync(renamed, fs.readFileSync(path.join(FEEDS, 'atlas-outfitters.gb.tsv'), 'utf8').replaceAll('Wool-Blend Double-Breasted Overcoat', 'Zebrastripe Double-Breasted Overcoat'));
    expect(await runImportCli(adminUrl, renamed)).toContain('2 rows read, 0 imported, 2 updated');
    expect(await logSize()).toEqual(before);

    await letApiIn();
    await awaitReady();
    const found = await listing('q=zebrastripe');
    expect(found.products.map((p) => p.variants[0]!.title)).toEqual(['Zebrastripe Double-Breasted Overcoat']);
    expect((await listing('q=overcoat&link=/store/atlas-outfitters')).totalCount).toBe(1);
    expectApiUp();
  });
});
