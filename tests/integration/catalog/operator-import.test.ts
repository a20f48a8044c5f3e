import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { startApiProcess, tempDataDir, type NodeProcess } from '../../../scripts/lib/processes';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import { handOffImport, HandOffError, OPERATOR_IMPORT_PATH, OPERATOR_SECRET_FILE } from '../../../server/api/catalog/operator-handoff';
import type { Database } from '../../../server/api/db/database';
import { openDatabase } from '../../../server/api/db/open-database';
import { isGatewayPath } from '../../../server/web/proxy/gateway';
import { FORM_TYPE_MESSAGE } from '../../../server/web/http/page-forms';
import { startApi } from '../../support/api-server';
import { fixture, readFixture } from '../../support/feed-fixtures';
import { openTestDatabase } from '../../support/test-database';
import { TEST_BUILD_DIR } from '../../support/test-build';
import { runBuiltScriptOutcome, type ScriptOutcome } from '../../support/import-cli';
import { withWebOverUpstream } from '../../support/web-over-upstream';
import { CookieJar, fetchXsrf } from '../../support/web-session';

// `npm run import` while the api runs on the embedded database: the CLI hands the files to
// the api (POST /operator/import), which imports them as `importPath` would. The route asks
// for the operator secret, is off without one, and is never reachable through the web.

const SECRET = 'operator-secret-for-tests-0123456789abcdef';

const counts = (db: Database) =>
  db.query<{ stores: number; products: number; prices: number }>(
    `SELECT (SELECT count(*)::int FROM stores) AS stores, (SELECT count(*)::int FROM products) AS products,
            (SELECT count(*)::int FROM size_variant_prices) AS prices`,
  );

/** A hand-off request as the CLI sends it; `secret` null sends none. */
const post = (url: string, query: Record<string, string>, body: string, secret: string | null = SECRET) =>
  fetch(`${url}${OPERATOR_IMPORT_PATH}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
    body,
  });

describe('the operator import route', () => {
  const warnings: string[] = [];
  let db: Database;
  let api: Awaited<ReturnType<typeof startApi>>;
  let apiWithoutSecret: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    db = await openTestDatabase();
    await upsertCategoryTree(db);
    api = await startApi(db, { operatorSecret: SECRET, logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }) });
    apiWithoutSecret = await startApi(db);
  });
  afterAll(async () => {
    await api.close();
    await apiWithoutSecret.close();
    await db.close();
  });

  it('is not there without an operator secret', async () => {
    const res = await post(apiWithoutSecret.url, { kind: 'json', name: 'stores.json' }, readFixture('good/stores.json'));
    expect(res.status).toBe(404);
    expect(await counts(db)).toEqual([{ stores: 0, products: 0, prices: 0 }]);
  });

  it('refuses a request without the secret or with another, importing nothing', async () => {
    for (const secret of [null, 'wrong', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await post(api.url, { kind: 'json', name: 'stores.json' }, readFixture('good/stores.json'), secret);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: 401, message: 'This route needs the operator secret (Authorization: Bearer …).' });
    }
    expect(await counts(db)).toEqual([{ stores: 0, products: 0, prices: 0 }]);
  });

  it('answers bad input with a 400 that says what is wrong, and imports nothing', async () => {
    const cases: [Record<string, string>, string, string | RegExp][] = [
      [{ name: 'x.tsv' }, 'id\n', /^kind: kind must be one of "feed", "json"$/],
      [{ kind: 'json', name: 'stores.json' }, '', /^stores\.json: the request has no body; send the file's bytes$/],
      [{ kind: 'json', name: 'stores.json' }, '{"stores": [', /^stores\.json: .*JSON/],
      [{ kind: 'json', name: 'menu.json' }, '{"pages": []}', /^menu\.json: not a stores manifest \("stores": \[…\]\) nor site content \("menu", "home"\)$/],
      [{ kind: 'feed', name: '/tmp/feed.tsv' }, readFixture('good/northlane.gb.tsv'), /^\/tmp\/feed\.tsv: which store is this feed for\? Pass --store, or name the file <store-slug>\.<cc>\.tsv$/],
      [{ kind: 'feed', name: '/tmp/northlane.gb.tsv' }, readFixture('good/northlane.gb.tsv'), /^\/tmp\/northlane\.gb\.tsv: there is no store "northlane"; import the stores manifest \(stores\.json\) first$/],
    ];
    for (const [query, body, message] of cases) {
      const res = await post(api.url, query, body);
      expect([res.status, await res.json()], JSON.stringify(query)).toEqual([400, { status: 400, message: expect.stringMatching(message) }]);
    }
    expect(await counts(db)).toEqual([{ stores: 0, products: 0, prices: 0 }]);
  });

  it('imports a directory handed over file by file, printing what importPath prints', async () => {
    const lines: string[] = [];
    const dir = fixture('good');
    const summary = await handOffImport({ baseUrl: api.url, secret: SECRET }, dir, {}, (line) => lines.push(line));
    expect(summary.failures).toEqual([]);
    expect(lines.map((l) => l.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      `${dir}/stores.json: 2 stores (2 new, 0 updated), 1 coupons`,
      `${dir}/atlas-outfitters.gb.tsv → store atlas-outfitters, GB (tsv): 2 rows read, 2 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn`,
      `${dir}/atlas-outfitters.us.xml → store atlas-outfitters, US (xml): 3 rows read, 3 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn`,
      `${dir}/northlane.gb.tsv → store northlane, GB (tsv): 6 rows read, 6 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn`,
    ]);
    expect(summary.feeds.map((r) => r.rowsRead)).toEqual([2, 3, 6]);
    expect(await counts(db)).toEqual([{ stores: 2, products: 6, prices: 11 }]);

    // A feed with bad rows: the good ones load, each bad one is reported with its line.
    const bad = fixture('bad/northlane.gb.tsv');
    const badLines: string[] = [];
    const badSummary = await handOffImport({ baseUrl: api.url, secret: SECRET }, bad, {}, (line) => badLines.push(line));
    expect(badSummary.feeds[0]!.rejected.length).toBe(9);
    expect(badLines).toContain('  line 3: item BAD-PRICE: price "abc" is not an amount with a currency, like "49.99 GBP"');
    // Two valid items where the last feed carried six: held by the shrink guard, nothing changed.
    expect(badSummary.feeds[0]!.held).toMatchObject({ items: 2, previous: 6, guardPercent: 50 });
    expect(await counts(db)).toEqual([{ stores: 2, products: 6, prices: 11 }]);
  });

  it('says in the log that it held a shrunken feed, and applies it on the operator’s word', async () => {
    const bad = fixture('bad/northlane.gb.tsv');
    const held = warnings.map((w) => JSON.parse(w) as Record<string, unknown>).filter((w) => String(w.msg).includes('shrink guard'));
    expect(held.map(({ store, country, carried, previous, msg }) => ({ store, country, carried, previous, msg }))).toEqual([
      {
        store: 'northlane',
        country: 'GB',
        carried: 2,
        previous: 6,
        msg: 'feed held by the shrink guard: it carries far fewer items than the last one; nothing changed',
      },
    ]);
    const northlane = async () =>
      (await (await fetch(`${api.url}${SEARCH_API.list}?country=GB&storename=northlane`)).json()).data.totalCount as number;
    // The api's index follows each import's notice: settled first, it lists what the earlier imports left.
    await api.engine.settled();
    expect(await northlane()).toBe(4);
    const lines: string[] = [];
    const applied = await handOffImport({ baseUrl: api.url, secret: SECRET }, bad, { applyHeld: true }, (line) => lines.push(line));
    expect([applied.feeds[0]!.held, applied.feeds[0]!.withdrawn, applied.feeds[0]!.imported]).toEqual([null, 5, 1]);
    expect(lines[0]).toMatch(/: 11 rows read, 1 imported, 1 updated, 0 unchanged, 9 rejected, 5 withdrawn \(\d+ ms\)$/);
    // The api's index follows the import's notice: the withdrawn products leave the listing.
    await api.engine.settled();
    expect(await northlane()).toBe(2);
    // Once applied, nothing is held: the same bytes again are refused with a reason.
    const again = await handOffImport({ baseUrl: api.url, secret: SECRET }, bad, { applyHeld: true }, () => {});
    expect(again.failures.map((f) => f.error)).toEqual([
      `the api answered 400: ${bad}: no feed of store northlane for GB is held; import it without --apply-held`,
    ]);
  });

  it('says why when the api refuses the hand-off', async () => {
    const wrong = handOffImport({ baseUrl: api.url, secret: 'wrong' }, fixture('good/stores.json'), {}, () => {});
    await expect(wrong).rejects.toThrow(new HandOffError('the api answered 401: the operator secret was refused'));
    const off = handOffImport({ baseUrl: apiWithoutSecret.url, secret: SECRET }, fixture('good/stores.json'), {}, () => {});
    await expect(off).rejects.toThrow(new HandOffError('the api answered 404: the api has no operator route (no operator secret configured)'));
  });
});

describe('the web never forwards the operator route', () => {
  it('answers /operator/import itself, and the api behind it never sees the request', async () => {
    await withWebOverUpstream({}, async ({ upstream, web }) => {
      expect(isGatewayPath(OPERATOR_IMPORT_PATH)).toBe(false);
      // With the XSRF token a page would send, so the web's own refusal of a stray POST is not what stops it.
      const jar = new CookieJar();
      const xsrf = await fetchXsrf(web.url, jar);
      const res = await fetch(`${web.url}${OPERATOR_IMPORT_PATH}?kind=json&name=stores.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json', cookie: jar.header(), 'x-xsrf-token': xsrf },
        body: readFixture('good/stores.json'),
      });
      // A page path, where only a form may be posted: the web's own answer, not the api's.
      expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([400, 'text/plain; charset=utf-8', FORM_TYPE_MESSAGE]);
      expect(upstream.requests.filter((r) => r.url.startsWith('/operator'))).toEqual([]);
    });
  });
});

describe('npm run import while the api runs on the embedded database', () => {
  const dirs: string[] = [];
  const running: NodeProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  function runImport(env: NodeJS.ProcessEnv, ...args: string[]): Promise<ScriptOutcome> {
    return runBuiltScriptOutcome('import-feed.js', args, { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: undefined, OPERATOR_SECRET: undefined, ...env });
  }

  it('hands the files to the running api with the secret it keeps in DATA_DIR', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    // At info, every request is logged with its headers.
    const api = await startApiProcess(
      { DATA_DIR: dataDir, DEMO_CATALOG: 'false', OPERATOR_SECRET: undefined, DATABASE_URL: undefined, LOG_LEVEL: 'info' },
      TEST_BUILD_DIR,
    );
    running.push(api.proc);
    const secretFile = path.join(dataDir, OPERATOR_SECRET_FILE);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);

    const { code, stdout } = await runImport({ DATA_DIR: dataDir, API_PORT: String(api.port) }, 'tests/fixtures/feeds/good');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => l.replace(/ \(\d+ ms\)$/, ''));
    expect(lines[0]).toMatch(new RegExp(`^The api \\(pid ${api.proc.child.pid}\\) holds ${dataDir}: handing the files to it at http://127\\.0\\.0\\.1:${api.port}$`));
    expect(lines.slice(1)).toEqual([
      `${fixture('good')}/stores.json: 2 stores (2 new, 0 updated), 1 coupons`,
      `${fixture('good')}/atlas-outfitters.gb.tsv → store atlas-outfitters, GB (tsv): 2 rows read, 2 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn`,
      `${fixture('good')}/atlas-outfitters.us.xml → store atlas-outfitters, US (xml): 3 rows read, 3 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn`,
      `${fixture('good')}/northlane.gb.tsv → store northlane, GB (tsv): 6 rows read, 6 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn`,
      '3 feeds: 11 rows read, 0 rejected',
    ]);
    // The requests were logged, the secret they carried was not.
    expect(api.proc.output()).toContain('"authorization":"[redacted]"');
    expect(api.proc.output()).not.toContain(fs.readFileSync(secretFile, 'utf8').trim());

    // A wrong secret in the environment is refused with a message, and nothing is imported.
    const refused = await runImport({ DATA_DIR: dataDir, API_PORT: String(api.port), OPERATOR_SECRET: 'x'.repeat(40) }, 'tests/fixtures/feeds/good/stores.json');
    expect([refused.code, refused.stderr.trim()]).toEqual([1, 'the api answered 401: the operator secret was refused']);

    await api.proc.stop('SIGTERM');
    const db = await openDatabase({ dataDir });
    try {
      expect(await counts(db)).toEqual([{ stores: 2, products: 6, prices: 11 }]);
    } finally {
      await db.close();
    }
  });

  it('without a secret to find, says how to get one', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const api = await startApiProcess({ DATA_DIR: dataDir, DEMO_CATALOG: 'false', OPERATOR_SECRET: undefined, DATABASE_URL: undefined }, TEST_BUILD_DIR);
    running.push(api.proc);
    fs.rmSync(path.join(dataDir, OPERATOR_SECRET_FILE));
    const { code, stderr } = await runImport({ DATA_DIR: dataDir, API_PORT: String(api.port) }, 'tests/fixtures/feeds/good');
    expect(code).toBe(1);
    expect(stderr).toContain(`is in use by another Vitrine api process (pid ${api.proc.child.pid})`);
    expect(stderr).toContain(`no operator secret was found: set OPERATOR_SECRET to the api's, or run this as the user the api runs as (it keeps one in ${dataDir}).`);
  });
});
