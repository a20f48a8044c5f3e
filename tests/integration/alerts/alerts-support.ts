import { expect } from 'vitest';
import request from 'supertest';
import { ALERT_API } from '../../../shared/api/alert-schemas';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import type { AlertMailRules, AlertSettings } from '../../../server/api/alerts/alert-settings';
import { defaultAlertSettings } from '../../../server/api/alerts/alert-settings';
import { Accounts } from '../../../server/api/accounts/accounts';
import { AlertEvaluator } from '../../../server/api/alerts/alert-evaluator';
import { AlertLinks } from '../../../server/api/alerts/alert-links';
import { createApiApp } from '../../../server/api/app';
import { upsertCategoryTree } from '../../../server/api/catalog/category-table';
import { sizeVariantGuid } from '../../../server/api/catalog/identifiers';
import { importFeed } from '../../../server/api/catalog/importer';
import { importStores } from '../../../server/api/catalog/store-manifest';
import type { Database } from '../../../server/api/db/database';
import { MemorySearchEngine } from '../../../server/api/search-engine/memory-engine';
import type { SearchEngine } from '../../../server/api/search-engine/search-engine';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createLogger } from '../../../server/lib/logger';
import { fixtureManifest, readFixture } from '../../support/feed-fixtures';
import { startSmtpServer, type ReceivedMail } from '../../support/smtp-server';
import { listen } from '../../support/listen';
import { openTestDatabase } from '../../support/test-database';
import { registerUser, testAccountSettings, type TestSettings } from '../accounts/accounts-api';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { pathPrefix } from '../../support/api-paths';

// The alerts' tests run the real api over a real database holding the fixture feeds
// (tests/fixtures/feeds/good: Northlane in GB, Atlas Outfitters in GB and the US), imported
// through the real importer; prices change by importing an edited feed.

export const SITE_URL = 'https://shop.vitrine.test';

export const FEEDS = {
  northlaneGB: { text: readFixture('good/northlane.gb.tsv'), store: 'northlane', country: 'GB' },
  atlasGB: { text: readFixture('good/atlas-outfitters.gb.tsv'), store: 'atlas-outfitters', country: 'GB' },
  atlasUS: { text: readFixture('good/atlas-outfitters.us.xml'), store: 'atlas-outfitters', country: 'US' },
} as const;
export type FeedName = keyof typeof FEEDS;

/** A fixture item's size variant guid: `guidOf('northlane', 'NL100-BLK-S')`. */
export const guidOf = (store: string, item: string) => sizeVariantGuid(store, item);

/**
 * A tab-separated feed with some items' columns replaced (and rows of `drop` left out):
 * `editTsv(FEEDS.northlaneGB.text, { 'NL300': { sale_price: '30.00 GBP' } })`.
 */
export function editTsv(text: string, edits: Record<string, Record<string, string>>): string {
  const [headerLine, ...lines] = text.split('\n');
  const header = headerLine!.split('\t');
  const edited = lines.map((line) => {
    const fields = line.split('\t');
    for (const [column, value] of Object.entries(edits[fields[0]!] ?? {})) {
      const at = header.indexOf(column);
      if (at < 0) throw new Error(`no column ${column}`);
      fields[at] = value;
    }
    return fields.join('\t');
  });
  return [headerLine, ...edited].join('\n');
}

/** The US XML feed with one item's price and sale price replaced. */
export function editXml(text: string, item: string, prices: { price?: string; sale_price?: string }): string {
  return text.replace(new RegExp(`(<g:id>${item}</g:id>[\\s\\S]*?)(</item>)`), (_all, body: string, end: string) => {
    let out = body;
    for (const [tag, value] of Object.entries(prices)) {
      const element = new RegExp(`<g:${tag}>[^<]*</g:${tag}>`);
      out = element.test(out) ? out.replace(element, `<g:${tag}>${value}</g:${tag}>`) : out.replace(/(<g:price>[^<]*<\/g:price>)/, `$1\n      <g:${tag}>${value}</g:${tag}>`);
    }
    return out + end;
  });
}

/** Imports a fixture feed (or an edited text of it) through the real importer. */
export async function importFixture(db: Database, name: FeedName, text: string = FEEDS[name].text) {
  const { store, country } = FEEDS[name];
  return importFeed(db, { text, store, country });
}

/** A migrated database (PGlite unless `open` says) with the fixture stores and the three fixture feeds imported. */
export async function openAlertsDatabase(open: () => Promise<Database> = openTestDatabase): Promise<Database> {
  const db = await open();
  await upsertCategoryTree(db);
  await importStores(db, fixtureManifest());
  for (const name of Object.keys(FEEDS) as FeedName[]) await importFixture(db, name);
  return db;
}

/**
 * Another store sells one of Northlane's GB items (issue 28): a store like Northlane named
 * `store`, whose GB feed is that item's row as `copyId`, imported with the real importer and,
 * until the matcher lands, matched to Northlane's with SQL (products and size_variants same_as).
 * Returns the feed's text, for edits.
 */
export async function sellAlsoAt(db: Database, store: { slug: string; name: string }, item: string, copyId: string): Promise<string> {
  const manifest = fixtureManifest();
  manifest.stores.push({ ...manifest.stores.find((s) => s.slug === 'northlane')!, ...store, affiliateId: 100 + manifest.stores.length, coupons: [] });
  await importStores(db, manifest);
  const [header, ...lines] = FEEDS.northlaneGB.text.split('\n');
  const row = lines.find((line) => line.startsWith(`${item}\t`))!.replace(item, copyId).replace('northlane.example', `${store.slug}.example`);
  const text = editTsv([header, row].join('\n'), { [copyId]: { item_group_id: copyId } });
  await importFeed(db, { text, store: store.slug, country: 'GB' });
  const [original, copy] = [guidOf('northlane', item), guidOf(store.slug, copyId)];
  await db.query('UPDATE size_variants SET same_as = (SELECT id FROM size_variants WHERE guid = $1) WHERE guid = $2', [original, copy]);
  const productOf = 'SELECT v.product_id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id WHERE sv.guid = $';
  await db.query(`UPDATE products SET same_as = (${productOf}1) WHERE id = (${productOf}2)`, [original, copy]);
  return text;
}

export type AlertsApi = Awaited<ReturnType<typeof startAlertsApi>>;

/** The api over `db` as main.ts wires it, with accounts and alert settings for tests. */
export async function startAlertsApi(db: Database, options: { settings?: TestSettings; alertSettings?: Partial<AlertSettings>; searchEngine?: SearchEngine } = {}) {
  const logger = createLogger('api', 'silent');
  const settings = testAccountSettings({ siteUrl: SITE_URL, ...options.settings });
  const accounts = new Accounts({ db, logger, settings });
  const alertSettings: AlertSettings = { ...defaultAlertSettings(), setAlertsLimit: { perIp: 10_000, perAccount: 10_000, windowMs: 60_000 }, ...options.alertSettings };
  // Alert routes read cards by id; no listing is asked for, so the index is not followed.
  const searchEngine = options.searchEngine ?? new MemorySearchEngine(db, { follow: false });
  const { app } = createApiApp({ db, logger, registry: createRegistry('api'), readiness: { catalogLoaded: true }, accounts, searchEngine, alertSettings });
  const running = await listen(app);
  return {
    url: running.url,
    db,
    accounts,
    alertSettings,
    async close() {
      await accounts.stop();
      await running.close();
    },
  };
}

/** The alert calls, for one shopper (a token) or a guest (none). */
export function alertClient(api: Pick<AlertsApi, 'url'>, token?: string) {
  const auth = <T extends request.Test>(test: T): T => (token ? test.set(UPSTREAM_HEADER.token, token) : test);
  return {
    setGuest: (body: object) => auth(request(api.url).post(ALERT_API.setGuest).send(body)),
    setUser: (body: object) => auth(request(api.url).post(ALERT_API.setUser).send(body)),
    alerts: (country: string, query = '') => auth(request(api.url).get(`${ALERT_API.alerts(country)}${query}`)),
    remove: (alertId: number | string) => auth(request(api.url).delete(`${pathPrefix(ALERT_API.deleteAlert)}${alertId}`)),
    notifications: (query = '') => auth(request(api.url).get(`${ALERT_API.notifications}${query}`)),
    read: (upTo: unknown) => auth(request(api.url).put(ALERT_API.notificationsRead).send({ upTo })),
    count: () => auth(request(api.url).get(ACCOUNT_API.notificationCount)),
    sales: (country: string, query = '') => auth(request(api.url).get(`${ALERT_API.sales(country)}${query}`)),
    confirm: (token: unknown) => auth(request(api.url).put(ALERT_API.confirm).send({ token })),
    unsubscribe: (token: unknown, all?: unknown) => auth(request(api.url).post(ALERT_API.unsubscribe).send({ token, all })),
  };
}
export type AlertClient = ReturnType<typeof alertClient>;

/** A new shopper, signed in: their alert calls, address and id. */
export async function newShopper(api: Pick<AlertsApi, 'url'>): Promise<{ as: AlertClient; email: string; userId: number }> {
  const user = await registerUser(api);
  return { as: alertClient(api, user.token), email: user.email, userId: user.userId };
}

/** Sets one of `who`'s alerts on the GB site (a sale or price alert unless `body` says) and returns its id. */
export async function setUserAlert(who: { as: AlertClient }, body: object): Promise<number> {
  const res = await who.as.setUser({ alertPrice: null, brandId: null, storeId: null, country: 'gb', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.alertId as number;
}

/** A received message's text (the sink undoes quoted-printable, UTF-8 included). */
export const textOf = (mail: ReceivedMail) => mail.decoded;

export { headerOf } from '../../support/smtp-server';

/** An evaluator over the api's database and outbox, as main.ts makes it (not started: tests call run()); `now` a test's clock. */
export function evaluatorFor(api: Pick<AlertsApi, 'db' | 'accounts'>, options: { now?: () => Date; rules?: AlertMailRules } = {}): AlertEvaluator {
  return new AlertEvaluator({ db: api.db, outbox: api.accounts.outbox, links: new AlertLinks(api.db), logger: createLogger('api', 'silent'), siteUrl: SITE_URL, ...options });
}

/**
 * A clock for the digests' windows (ALERT_DIGEST_HOURS) that moves only when told: no sleeps.
 * Starts at the real time, so windows compare with what the database wrote.
 */
export function testClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    /** Moves on by this many hours. */
    advanceHours(hours: number) {
      at += hours * 3_600_000;
    },
  };
}

/** The alerts api sending mail to a loopback SMTP server, and an evaluator on a test's clock. */
export type MailingAlerts = { smtp: Awaited<ReturnType<typeof startSmtpServer>>; db: Database; api: AlertsApi; evaluator: AlertEvaluator };

/** Starts MailingAlerts over the fixtures, past their first import: every entry a first sighting, which fires nothing. */
export async function startMailingAlerts(open: () => Promise<Database>, clock: ReturnType<typeof testClock>): Promise<MailingAlerts> {
  const smtp = await startSmtpServer();
  const db = await openAlertsDatabase(open);
  const api = await startAlertsApi(db, { settings: { mail: { smtpUrl: smtp.url, from: 'Vitrine <alerts@vitrine.test>' } } });
  const evaluator = evaluatorFor(api, { now: clock.now });
  expect(await evaluator.run()).toEqual({ changes: 11, matches: 0, mails: 0 });
  return { smtp, db, api, evaluator };
}

/** Stops what startMailingAlerts started (any part of it, if it failed part-way). */
export async function stopMailingAlerts(stack: Partial<MailingAlerts>): Promise<void> {
  await stack.evaluator?.stop();
  await stack.api?.close();
  await stack.db?.close();
  await stack.smtp?.close();
}
