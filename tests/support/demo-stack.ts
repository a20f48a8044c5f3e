import { afterAll, beforeAll } from 'vitest';
import { buildDemoSite } from '../../server/demo/catalog/demo-site';
import { buildDemoWorld, SMALL_DEMO } from '../../server/demo/catalog/demo-world';
import { importSiteContent, SITE_CONTENT_CHANGED_CHANNEL } from '../../server/api/catalog/site-content';
import { notifyCatalogChanged } from '../../server/api/catalog/catalog-changed';
import type { Database } from '../../server/api/db/database';
import { startApi } from './api-server';
import { openDemoDatabase } from './demo-catalog-database';
import { startSearchApi } from './search-api';
import { openTestDatabase } from './test-database';
import { startWeb } from './web-server';

// The web over the api over a fresh database, for one test file: `site` holds the demo's
// menu and home content only (fast), `catalog` the small demo catalogue with its index built.

export type DemoStack = {
  db: Database;
  api: Awaited<ReturnType<typeof startApi>>;
  web: Awaited<ReturnType<typeof startWeb>>;
};

export async function startDemoStack(content: 'site' | 'catalog', env: Record<string, string> = {}): Promise<DemoStack & { close(): Promise<void> }> {
  let db: Database;
  if (content === 'catalog') db = await openDemoDatabase();
  else {
    db = await openTestDatabase();
    await importSiteContent(db, buildDemoSite(buildDemoWorld(SMALL_DEMO)));
  }
  const api = content === 'catalog' ? await startSearchApi(db) : await startApi(db);
  const web = await startWeb(api.url, env);
  return {
    db,
    api,
    web,
    async close() {
      await web.close();
      await api.close();
      await db.close();
    },
  };
}

/** Starts a stack before the file's tests and stops it after; its parts are there once they run. */
export function demoStackForFile(content: 'site' | 'catalog', env: Record<string, string> = {}): DemoStack {
  const stack = {} as DemoStack & { close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(stack, await startDemoStack(content, env));
  });
  afterAll(async () => {
    await stack.close?.();
  });
  return stack;
}

/** The api over the small demo catalogue (index built), without a web, for one test file. */
export function demoApiForFile(): Omit<DemoStack, 'web'> {
  const parts = {} as Omit<DemoStack, 'web'>;
  beforeAll(async () => {
    parts.db = await openDemoDatabase();
    parts.api = await startSearchApi(parts.db);
  });
  afterAll(async () => {
    await parts.api?.close();
    await parts.db?.close();
  });
  return parts;
}

/**
 * The api keeps menu and home answers in memory until an import announces a change. A test
 * that breaks the database under it (a renamed table) announces one, as a site content import
 * would, so the api asks the database again; resolves once the api has heard it.
 */
export async function announceSiteContentChange(stack: DemoStack): Promise<void> {
  const heard = stack.api.answers.nextChange();
  await stack.db.query('SELECT pg_notify($1, $2)', [SITE_CONTENT_CHANGED_CHANNEL, '']);
  await heard;
}

/**
 * A test that writes catalogue rows behind the importer's back (a price history, say) tells the
 * api, as an import does in its transaction, with a catalog_changed notice for the store selling
 * the size variant `guid`: the answers kept in memory go, and the index catches up with the
 * store. Resolves once the api has heard it.
 */
export async function announceCatalogChange(stack: DemoStack, guid: string): Promise<void> {
  const [row] = await stack.db.query<{ store: string }>('SELECT st.slug AS store FROM size_variants sv JOIN stores st ON st.id = sv.store_id WHERE sv.guid = $1::uuid', [guid]);
  if (!row) throw new Error(`no size variant ${guid}`);
  const heard = stack.api.answers.nextChange();
  await notifyCatalogChanged(stack.db, { store: row.store });
  await heard;
}
