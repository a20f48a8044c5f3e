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

/** One item of a made-up GB dress feed (`dressFeed`): the price in GBP, in stock and size M unless said. */
export type DressRow = { id: string; group?: string; size?: string; title: string; price: string; availability?: string };

const DRESS_HEADER = 'id\titem_group_id\ttitle\tdescription\tlink\timage_link\tprice\tbrand\tcolor\tgender\tage_group\tsize\tavailability\tproduct_type';

/** A GB feed of midi dresses by one brand, one row per item: the smallest feed the importer takes whole. */
export function dressFeed(rows: readonly DressRow[]): string {
  const lines = rows.map((r) =>
    [
      r.id,
      r.group ?? r.id,
      r.title,
      `A ${r.title.toLowerCase()}.`,
      `https://shop.example/${r.id}`,
      '/images/v1/product/dress/black/1/full.svg',
      `${r.price} GBP`,
      'Ava Marlowe',
      'Black',
      'female',
      'adult',
      r.size ?? 'M',
      r.availability ?? 'in_stock',
      'Women > Clothing > Dresses > Midi Dresses',
    ].join('\t'),
  );
  return `${[DRESS_HEADER, ...lines].join('\n')}\n`;
}
