import fs from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/lib/processes';

// The merchant feeds under tests/fixtures/feeds (good/ and bad/), as the catalogue tests read them.

const FEEDS = path.join(root, 'tests/fixtures/feeds');

/** A fixture's path: `fixture('good/northlane.gb.tsv')`. */
export const fixture = (name: string) => path.join(FEEDS, name);
export const readFixture = (name: string) => fs.readFileSync(fixture(name), 'utf8');
/** The good stores manifest, parsed afresh for each caller (tests change it before importing). */
export type FixtureManifest = { stores: Record<string, unknown>[] };
export const fixtureManifest = () => JSON.parse(readFixture('good/stores.json')) as FixtureManifest;

/** One item of a feed written in a test: a midi dress in black, size M, in stock, unless told. */
export type DressRow = {
  id: string;
  group?: string;
  size?: string;
  title: string;
  price: string;
  availability?: string;
  /** Google's identifiers and shipping ("GB:::9.00 GBP"): columns written only when some row has one. */
  gtin?: string;
  mpn?: string;
  shipping?: string;
};

const DRESS_HEADER = 'id\titem_group_id\ttitle\tdescription\tlink\timage_link\tprice\tbrand\tcolor\tgender\tage_group\tsize\tavailability\tproduct_type';
const OPTIONAL_COLUMNS = ['gtin', 'mpn', 'shipping'] as const;

/** A TSV feed of women's midi dresses priced in `currency`, for a test's own small catalogue. */
export function dressFeed(rows: readonly DressRow[], currency = 'GBP'): string {
  const optional = OPTIONAL_COLUMNS.filter((column) => rows.some((r) => r[column] !== undefined));
  const lines = rows.map((r) =>
    [
      r.id,
      r.group ?? r.id,
      r.title,
      `A ${r.title.toLowerCase()}.`,
      `https://shop.example/${r.id}`,
      '/images/v1/product/dress/black/1/full.svg',
      `${r.price} ${currency}`,
      'Ava Marlowe',
      'Black',
      'female',
      'adult',
      r.size ?? 'M',
      r.availability ?? 'in_stock',
      'Women > Clothing > Dresses > Midi Dresses',
      ...optional.map((column) => r[column] ?? ''),
    ].join('\t'),
  );
  return `${[[DRESS_HEADER, ...optional].join('\t'), ...lines].join('\n')}\n`;
}
