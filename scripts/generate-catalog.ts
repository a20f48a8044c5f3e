// npm run generate-catalog -- [--out <dir>] [--day <n>] [--days <n>] [--small] [--seed <n>] [--products <n>] [--stores <n>] [--brands <n>]
//
// Writes the deterministic demo catalogue (stores.json, site.json, feeds/<store>.<cc>.tsv|xml)
// that the api imports on first start; `npm run import -- <dir>` loads it by hand. The same
// options always give the same bytes. `--day 2` (3, …) writes the same catalogue's next
// days: some prices cut, some sizes sold out, some back in stock, some products off their
// store's feeds (day 2) and about half of those back (day 3 on), and on day 3 one shrunken feed
// that the import's shrink guard holds (demo-days.ts). Without size
// options it keeps those of the catalogue already in <dir>, so the running api's catalogue
// gets its own next day; then `npm run import -- <dir>` brings the changes in. `--days 365`
// also writes that many days of price history before the (first day's) feeds into
// history/price-history.tsv (demo-history.ts): the first start writes it into the change log.
import { parseArgs } from 'node:util';
import { FULL_DEMO, SMALL_DEMO, type DemoOptions } from '../server/demo/catalog/demo-world';
import { readDemoCatalogInfo, writeDemoCatalog } from '../server/demo/catalog/generate-demo-catalog';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '.data/demo-catalog' },
    day: { type: 'string' },
    days: { type: 'string' },
    small: { type: 'boolean', default: false },
    seed: { type: 'string' },
    products: { type: 'string' },
    stores: { type: 'string' },
    brands: { type: 'string' },
  },
});

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
  return n;
}

const day = positive('day', values.day, 1);
const historyDays = values.days === undefined ? 0 : positive('days', values.days, 0);
if (historyDays > 0 && day > 1) {
  console.error('--days writes the history before the first day\'s feeds: it cannot be used with --day');
  process.exit(2);
}
const sized = values.small || [values.seed, values.products, values.stores, values.brands].some((v) => v !== undefined);
const existing = day > 1 && !sized ? await readDemoCatalogInfo(values.out!) : undefined;
const base = existing?.options ?? (values.small ? SMALL_DEMO : FULL_DEMO);
const options: DemoOptions = {
  seed: positive('seed', values.seed, base.seed),
  products: positive('products', values.products, base.products),
  stores: positive('stores', values.stores, base.stores),
  brands: positive('brands', values.brands, base.brands),
};
const started = performance.now();
const info = await writeDemoCatalog(values.out!, options, day, { historyDays });
console.log(
  `Wrote ${values.out}${day > 1 ? ` (day ${day})` : ''}: ${info.stores} stores, ${info.brands} brands, ${info.products} products, ` +
    `${info.items} feed items in ${info.feeds} feeds` +
    `${info.history ? `, ${info.history.rows} price changes over ${info.history.days} days` : ''} (${Math.round(performance.now() - started)} ms)`,
);
