import fs from 'node:fs/promises';
import path from 'node:path';
import type { CountryCode } from '../../../shared/countries';
import type { StoreManifest } from '../../api/catalog/store-manifest';
import { buildDemoProducts, type DemoProduct } from './demo-catalog';
import { demoListingsOnDay, demoProductsOnDay, type DemoListings } from './demo-days';
import { writeFeed } from './demo-feeds';
import { plantDemoTraps, type DemoTrap } from './demo-traps';
import { buildDemoHistory, HISTORY_FILE, writeHistoryTsv } from './demo-history';
import { convertRound } from './demo-pricing';
import { buildDemoSite } from './demo-site';
import { buildDemoWorld, FULL_DEMO, storeLogo, type DemoOptions, type DemoWorld } from './demo-world';

// The deterministic demo catalogue, written as a merchant would deliver it: stores.json
// (merchant facts), site.json (menu and home content) and one Google Merchant Center feed
// per store and target country (feeds/<store>.<cc>.tsv|xml). generator.json is written
// last and names the generator version, so a directory that has it is complete. A later day
// (`--day 2`, demo-days.ts) is the same catalogue with the next days' price and stock
// changes, written over the same files, so importing it (or the api's feed refresh, which
// stores.json points at these files) changes prices as a merchant's next feed would; from day
// 2 some products are off their store's feeds (withdrawn), from day 3 some come back, and day
// 3 has one shrunken feed that the shrink guard holds (demo-days.ts). With
// `historyDays`, the first day's catalogue also gets the price and stock changes of that many
// days before it (demo-history.ts), in history/price-history.tsv, which the first-start loader
// writes straight into the change log.

/** Bump when the generator's output changes, so stale generated catalogues are remade. */
export const DEMO_GENERATOR_VERSION = 5;

export const INFO_FILE = 'generator.json';

/**
 * Written by the api into the generated directory once every feed has been imported (see
 * demo-loader.ts). A later day of the same catalogue keeps it: the api has that catalogue,
 * and the new day's changes come in by import or refresh, not by a first-start import.
 */
export const IMPORTED_MARKER = 'imported.json';

export type DemoFile = { path: string; content: string };

export type DemoCatalogInfo = {
  generator: 'vitrine-demo';
  version: number;
  options: DemoOptions;
  /** Which day's prices and stock the feeds hold (1: as first generated). */
  day?: number;
  /** How many days of price history before the feeds HISTORY_FILE holds, and its rows (changes). */
  history?: { days: number; rows: number };
  stores: number;
  brands: number;
  products: number;
  feeds: number;
  items: number;
};

export function storesManifest(world: DemoWorld): StoreManifest {
  return {
    version: 1,
    stores: world.stores.map((s) => {
      // Thresholds in the store's own currency; a store that always ships free has 0.
      const threshold = s.alwaysFree ? 0 : convertRound(s.country, s.freeOverGbp);
      const sells = (c: CountryCode) => s.sellsTo.includes(c);
      return {
        slug: s.slug,
        name: s.name,
        countryCode: s.country,
        isInternational: s.isInternational,
        affiliateId: s.affiliateId,
        logoUrl: storeLogo(s),
        websiteUrl: `https://www.${s.slug}.example/`,
        freeDelivery: {
          GB: sells('GB') ? threshold : null,
          US: sells('US') ? threshold : null,
          INTERNATIONAL: s.sellsTo.some((c) => c !== 'GB' && c !== 'US') ? threshold : null,
        },
        // Issue 28: what delivery costs where the feed gives no shipping, in each country's site currency.
        ...(s.statesDeliveryPrices ? { deliveryPrices: Object.fromEntries(s.sellsTo.map((c) => [c, convertRound(c, s.shippingGbp)])) } : {}),
        coupons: s.coupons,
        sellsTo: s.sellsTo,
        // The files written beside this manifest, so a refreshing api picks up a later day by itself.
        feeds: Object.fromEntries(s.sellsTo.map((c) => [c, feedPath(s, c)])),
      };
    }),
  };
}

const feedPath = (store: DemoWorld['stores'][number], country: CountryCode) =>
  `feeds/${store.slug}.${country.toLowerCase()}.${store.format}`;

/**
 * `products` holds every store copy (index for index the same every day); `listings` says which
 * the day's feeds leave out; `traps` the identifiers some feeds state wrongly (demo-traps.ts).
 */
export type DemoCatalog = { world: DemoWorld; products: DemoProduct[]; listings: DemoListings; traps: DemoTrap[] };

/** The catalogue as day `day`'s feeds state it (1: as first generated). */
export function buildDemoCatalog(options: DemoOptions = FULL_DEMO, day = 1): DemoCatalog {
  const world = buildDemoWorld(options);
  const { products: made, traps } = plantDemoTraps(buildDemoProducts(world), options);
  const products = demoProductsOnDay(made, options.seed, day);
  return { world, products, listings: demoListingsOnDay(products, options.seed, day), traps };
}

/** The products a store's feed for `country` carries that day. */
function feedProducts(store: DemoWorld['stores'][number], country: CountryCode, listed: readonly [number, DemoProduct][], listings: DemoListings): DemoProduct[] {
  const shrunken = listings.shrunken;
  const rows = shrunken && shrunken.store === store.index && shrunken.country === country ? listed.filter(([i]) => shrunken.products.has(i)) : listed;
  return rows.map(([, p]) => p);
}

/**
 * What else to write: `historyDays` of price history before the first day's feeds (0: none).
 * `catalog`: the catalogue these options and day build (buildDemoCatalog), when the caller has it
 * already; the full demo's takes seconds to build.
 */
export type DemoCatalogExtras = { historyDays?: number; catalog?: DemoCatalog };

/** Every file of the catalogue, generator.json last; the same options, day and extras give the same bytes. */
export function* demoCatalogFiles(options: DemoOptions = FULL_DEMO, day = 1, { historyDays = 0, catalog }: DemoCatalogExtras = {}): Generator<DemoFile> {
  // The history ends at the first day's feeds; a later day's feeds have moved on from it (and
  // an api that has the catalogue already has its history: the new day comes in by import).
  if (historyDays > 0 && day > 1) throw new RangeError('price history is written with the first day\'s feeds only');
  const { world, products, listings } = catalog ?? buildDemoCatalog(options, day);
  yield { path: 'stores.json', content: `${JSON.stringify(storesManifest(world), null, 2)}\n` };
  yield { path: 'site.json', content: `${JSON.stringify(buildDemoSite(world), null, 2)}\n` };
  const byStore = new Map<number, [number, DemoProduct][]>();
  products.forEach((p, i) => {
    if (listings.withdrawn.has(i)) return;
    const list = byStore.get(p.store.index) ?? [];
    list.push([i, p]);
    byStore.set(p.store.index, list);
  });
  let feeds = 0;
  let items = 0;
  for (const store of world.stores) {
    const list = byStore.get(store.index) ?? [];
    for (const country of store.sellsTo) {
      feeds++;
      const carried = feedProducts(store, country, list, listings);
      for (const p of carried) for (const v of p.variants) items += v.sizes.length;
      yield { path: feedPath(store, country), content: writeFeed(store, country, carried) };
    }
  }
  let history: DemoCatalogInfo['history'];
  if (historyDays > 0) {
    const { rows } = buildDemoHistory(products, options.seed, historyDays);
    history = { days: historyDays, rows: rows.length };
    yield { path: HISTORY_FILE, content: writeHistoryTsv(rows) };
  }
  const info: DemoCatalogInfo = {
    generator: 'vitrine-demo',
    version: DEMO_GENERATOR_VERSION,
    options,
    ...(day > 1 ? { day } : {}),
    ...(history ? { history } : {}),
    stores: world.stores.length,
    brands: world.brands.length,
    products: products.length,
    feeds,
    items,
  };
  yield { path: INFO_FILE, content: `${JSON.stringify(info, null, 2)}\n` };
}

/** The info of a complete generated catalogue in `dir`, or undefined. */
export async function readDemoCatalogInfo(dir: string): Promise<DemoCatalogInfo | undefined> {
  try {
    const info = JSON.parse(await fs.readFile(path.join(dir, INFO_FILE), 'utf8')) as DemoCatalogInfo;
    return info.generator === 'vitrine-demo' ? info : undefined;
  } catch {
    return undefined;
  }
}

const sameOptions = (a: DemoOptions, b: DemoOptions) =>
  a.seed === b.seed && a.products === b.products && a.stores === b.stores && a.brands === b.brands;

/**
 * Writes the catalogue into `outDir`, replacing what was there. It is written beside the
 * target and renamed into place, so an interrupted run never leaves half a catalogue
 * that looks complete. Another day of the catalogue already there keeps its imported marker.
 */
export async function writeDemoCatalog(
  outDir: string,
  options: DemoOptions = FULL_DEMO,
  day = 1,
  extras: DemoCatalogExtras = {},
): Promise<DemoCatalogInfo> {
  const target = path.resolve(outDir);
  const temp = `${target}.tmp-${process.pid}`;
  await fs.rm(temp, { recursive: true, force: true });
  await fs.mkdir(path.join(temp, 'feeds'), { recursive: true });
  let info: DemoCatalogInfo | undefined;
  for (const file of demoCatalogFiles(options, day, extras)) {
    if (file.path === HISTORY_FILE) await fs.mkdir(path.join(temp, path.dirname(HISTORY_FILE)), { recursive: true });
    await fs.writeFile(path.join(temp, file.path), file.content);
    if (file.path === INFO_FILE) info = JSON.parse(file.content) as DemoCatalogInfo;
  }
  const before = await readDemoCatalogInfo(target);
  if (before?.version === DEMO_GENERATOR_VERSION && sameOptions(before.options, options)) {
    await fs.copyFile(path.join(target, IMPORTED_MARKER), path.join(temp, IMPORTED_MARKER)).catch(() => undefined);
  }
  await fs.rm(target, { recursive: true, force: true });
  await fs.rename(temp, target);
  return info!;
}
