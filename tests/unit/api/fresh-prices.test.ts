import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedLooksCutShort } from '../../../server/api/catalog/feed-refresh';
import { demoCatalogFiles, storesManifest, buildDemoCatalog } from '../../../server/demo/catalog/generate-demo-catalog';
import { SMALL_DEMO } from '../../../server/demo/catalog/demo-world';
import {
  ensureOperatorSecretFile,
  OPERATOR_SECRET_FILE,
  readOperatorSecretFile,
  removeOperatorSecretFile,
  secretMatches,
} from '../../../server/api/catalog/operator-handoff';
import { resolveFeedLocation, StoreManifestSchema } from '../../../server/api/catalog/store-manifest';
import { loadApiConfig } from '../../../server/api/config';

// The pure parts of fresh prices: the demo's later days, the feed sources in stores.json, the
// cut-short rule, the operator secret's comparison and the settings.

// The same seed always gives these (SMALL_DEMO).
const DAY_2_WITHDRAWN = 12;
const DAY_3_STILL_WITHDRAWN = 5;
const SHRUNKEN_ON_DAY_3: [string, string, number] = ['yardley-and-ashby', 'IN', 13];

const digest = (day: number) => {
  const hash = createHash('sha256');
  for (const f of demoCatalogFiles(SMALL_DEMO, day)) hash.update(f.path).update('\0').update(f.content).update('\0');
  return hash.digest('hex');
};

describe("the demo's later days", () => {
  it('gives the same bytes for the same day, and other bytes for another day', () => {
    expect(digest(1)).toBe(digest(1));
    expect(digest(2)).toBe(digest(2));
    expect(digest(2)).not.toBe(digest(1));
    expect(digest(3)).not.toBe(digest(2));
  });

  it('changes prices and stock only: the same products, variants and sizes every day', () => {
    const shape = (day: number) =>
      buildDemoCatalog(SMALL_DEMO, day).products.map((p) => [p.groupKey, p.variants.map((v) => v.sizes.map((s) => s.itemId))]);
    expect(shape(2)).toEqual(shape(1));
  });

  it('leaves products out from day 2, brings about half back each day after, and shrinks one feed on day 3 only', () => {
    const listings = (day: number) => buildDemoCatalog(SMALL_DEMO, day).listings;
    expect([listings(1).withdrawn.size, listings(1).shrunken, listings(2).shrunken, listings(4).shrunken]).toEqual([0, undefined, undefined, undefined]);
    const [two, three] = [listings(2), listings(3)];
    // Day 3 withdraws nothing new: what is gone then was gone on day 2.
    expect([...three.withdrawn].every((i) => two.withdrawn.has(i))).toBe(true);
    expect([two.withdrawn.size, three.withdrawn.size]).toEqual([DAY_2_WITHDRAWN, DAY_3_STILL_WITHDRAWN]);
    // No store loses more than a quarter of its products: only the shrunken feed is held.
    const { products } = buildDemoCatalog(SMALL_DEMO, 2);
    for (const store of new Set(products.map((p) => p.store.index))) {
      const own = products.flatMap((p, i) => (p.store.index === store ? [i] : []));
      expect(own.filter((i) => two.withdrawn.has(i)).length).toBeLessThanOrEqual(Math.floor(own.length / 4));
    }
    const shrunken = three.shrunken!;
    const store = buildDemoCatalog(SMALL_DEMO, 3).world.stores.find((s) => s.index === shrunken.store)!;
    expect([store.slug, shrunken.country, shrunken.products.size]).toEqual(SHRUNKEN_ON_DAY_3);
  });

  it('points each store at its generated feeds, one per country it sells to', () => {
    const { world } = buildDemoCatalog(SMALL_DEMO);
    const manifest = storesManifest(world);
    const store = world.stores[0]!;
    expect(manifest.stores[0]!.feeds).toEqual(
      Object.fromEntries(store.sellsTo.map((c) => [c, `feeds/${store.slug}.${c.toLowerCase()}.${store.format}`])),
    );
    expect(StoreManifestSchema.safeParse(manifest).success).toBe(true);
  });
});

describe('feed sources in the stores manifest', () => {
  const withFeeds = (feeds: unknown) =>
    StoreManifestSchema.safeParse({ stores: [{ slug: 'northlane', name: 'Northlane', countryCode: 'GB', feeds }] });

  it('takes an http(s) URL or a path per country', () => {
    expect(withFeeds({ GB: 'https://feeds.northlane.example/gb.tsv', US: 'feeds/northlane.us.xml' }).success).toBe(true);
  });

  it('refuses another scheme, an unknown country and an empty location, saying where', () => {
    expect(withFeeds({ GB: 'file:///etc/passwd' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['stores.0.feeds.GB', 'must be an http(s) URL or a path'],
    ]);
    expect(withFeeds({ XX: 'feeds/a.tsv' }).success).toBe(false);
    expect(withFeeds({ GB: '' }).success).toBe(false);
  });

  it('keeps URLs and absolute paths, and takes relative paths from the manifest’s folder', () => {
    expect(resolveFeedLocation('https://feeds.example/gb.tsv', '/srv/catalog')).toBe('https://feeds.example/gb.tsv');
    expect(resolveFeedLocation('/var/feeds/gb.tsv', undefined)).toBe('/var/feeds/gb.tsv');
    expect(resolveFeedLocation('feeds/gb.tsv', '/srv/catalog')).toBe('/srv/catalog/feeds/gb.tsv');
    expect(resolveFeedLocation('feeds/gb.tsv', undefined)).toBe(undefined);
  });
});

describe('a feed cut short', () => {
  it('is a TSV that stops in the middle of a line; XML is left to its parser', () => {
    expect(feedLooksCutShort('id\tprice\nA1\t12.00 GBP\n')).toBe(false);
    expect(feedLooksCutShort('id\tprice\nA1\t12.0')).toBe(true);
    expect(feedLooksCutShort('<?xml version="1.0"?><rss><channel>')).toBe(false);
  });
});

describe('the operator secret', () => {
  it('matches only itself, whatever the length of what is given', () => {
    const secret = 'a'.repeat(43);
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(`${secret}a`, secret)).toBe(false);
    expect(secretMatches(secret.slice(1), secret)).toBe(false);
    expect(secretMatches('', secret)).toBe(false);
  });
});

describe('the operator secret kept in DATA_DIR', () => {
  it('is made once, readable by its owner only, kept across restarts, and goes when one is configured', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-secret-'));
    try {
      expect(readOperatorSecretFile(dir)).toBe(undefined);
      const secret = ensureOperatorSecretFile(dir);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fs.statSync(path.join(dir, OPERATOR_SECRET_FILE)).mode & 0o777).toBe(0o600);
      expect(ensureOperatorSecretFile(dir)).toBe(secret);
      expect(readOperatorSecretFile(dir)).toBe(secret);
      // A file too short to be one the api wrote is replaced.
      fs.writeFileSync(path.join(dir, OPERATOR_SECRET_FILE), 'short\n');
      expect(ensureOperatorSecretFile(dir)).not.toBe(secret);
      removeOperatorSecretFile(dir);
      expect(readOperatorSecretFile(dir)).toBe(undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the fresh-prices settings', () => {
  it('refresh no feeds and configure no operator secret unless told, but for the demo’s own files', () => {
    const config = loadApiConfig({ DEMO_CATALOG: 'false' });
    expect([config.feedRefresh, config.operatorSecret]).toEqual([{ intervalMs: 0, fetchTimeoutMs: 60_000 }, undefined]);
    // The demo's stores.json names its own feed files: a pass finding them unchanged confirms their prices.
    expect(loadApiConfig({}).feedRefresh.intervalMs).toBe(60 * 60_000);
    expect(loadApiConfig({ FEED_REFRESH_MINUTES: '0' }).feedRefresh.intervalMs).toBe(0);
  });

  it('hold a feed that shrank below FEED_SHRINK_GUARD percent, 50 unless told, 0 for never', () => {
    expect([loadApiConfig({}).feedShrinkGuard, loadApiConfig({ FEED_SHRINK_GUARD: '0' }).feedShrinkGuard]).toEqual([50, 0]);
    expect(() => loadApiConfig({ FEED_SHRINK_GUARD: '150' })).toThrow(
      'Invalid api configuration: FEED_SHRINK_GUARD: must be a percent from 0 (off) to 100, like 50',
    );
  });

  it('take minutes (fractions too) and a secret of at least 32 characters', () => {
    const config = loadApiConfig({ FEED_REFRESH_MINUTES: '0.5', OPERATOR_SECRET: 's'.repeat(32) });
    expect([config.feedRefresh.intervalMs, config.operatorSecret]).toEqual([30_000, 's'.repeat(32)]);
    expect(() => loadApiConfig({ OPERATOR_SECRET: 'short' })).toThrow('Invalid api configuration: OPERATOR_SECRET: must be at least 32 characters');
    expect(() => loadApiConfig({ FEED_REFRESH_MINUTES: '-1' })).toThrow(/^Invalid api configuration: FEED_REFRESH_MINUTES: /);
  });
});
