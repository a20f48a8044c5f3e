import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../../shared/countries';
import { Dictionary, TableBuilder } from '../../../server/api/search-engine/document-table';
import { COUNTRY_INDEX } from '../../../server/api/search-engine/documents';
import { bitsCanScan, scanBits } from '../../../server/api/search-engine/index-bits';
import { buildIndex } from '../../../server/api/search-engine/index-build';
import { newFacetCounters } from '../../../server/api/search-engine/index-facets';
import { TextIndex } from '../../../server/api/search-engine/index-text';
import { DisplayWords } from '../../../server/api/search-engine/documents';
import { candidatesOf, planSearch } from '../../../server/api/search-engine/index-plan';
import { clearStoreCards, markStoreCards, newScanBuffers, scanFilters, type ScanBuffers } from '../../../server/api/search-engine/index-scan';
import { FACETS, type SearchQuery } from '../../../server/api/search-engine/search-engine';
import { listingWorkload } from '../../../scripts/bench/listing-workload';
import { syntheticCatalog } from '../../../scripts/bench/synthetic-catalog';

// Issue 30: a range is scanned a word at a time (index-bits.ts). For every request it takes,
// the word scan must write what the position scan writes: the same hits, the same near misses
// with their group, the same price range. The catalogue is the bench's
// (2-5 stores for 40 % of items), the requests its workload, and each request again with
// international delivery, so every filter group, store filters and cards included, is met
// over whole countries and category ranges, with words to match and without.

const catalog = syntheticCatalog(6000, undefined, 0.4);
const terms = new Dictionary();
const cares = new Dictionary();
const builder = new TableBuilder(terms, cares);
for (const chunk of catalog.chunks(2000)) for (const doc of chunk) builder.add(doc, catalog.directory);
const table = builder.build();
const built = buildIndex(table, catalog.directory);
const keys = { directory: catalog.directory, maxBrandId: built.maxBrandId, maxStoreId: built.maxStoreId, cares };
const text = new TextIndex(table, built.rows, terms, new DisplayWords(), built.hiddenRows);
const positions = Math.max(...built.countries.map((C) => C.size));
const needs = { hits: true, facets: FACETS };

type Written = { hits: number[]; misses: string[]; minPrice: number; maxPrice: number };

function scanned(query: SearchQuery, by: 'positions' | 'words', S: ScanBuffers): Written | undefined {
  const tokens = query.text ? text.analyse(query.text) : [];
  const plan = planSearch(query, needs, tokens, keys);
  if (!plan || plan.useCells) return undefined;
  const C = built.countries[COUNTRY_INDEX.get(query.country)!]!;
  const K = candidatesOf(C, plan, undefined, plan.text ? text.match(tokens, table.size) : undefined);
  if (!bitsCanScan(plan, K)) return undefined;
  const F = newFacetCounters(new Set(FACETS), keys.maxBrandId, keys.maxStoreId);
  markStoreCards(C, plan.storeCards, S);
  if (by === 'words') scanBits(C, plan, K, S, F);
  else scanFilters(C, plan, K, S, F);
  clearStoreCards(C, plan.storeCards, S);
  const misses = Array.from(S.miss.subarray(0, S.missCount), (pos, i) => `${pos}:${S.missGroup[i]}`).sort();
  // In any order: a sale page's list runs by discount, and the page ranks by unique keys.
  const hits = Array.from(S.hits.subarray(0, S.hitCount)).sort((a, b) => a - b);
  return { hits, misses, minPrice: F.minPrice, maxPrice: F.maxPrice };
}

/** Scans each request the word scan takes both ways; returns how many it took and their hits. */
function compareScans(withWords: boolean): [number, number] {
  const workload = listingWorkload(catalog.directory, 1200, { countries: COUNTRY_CODES })
    .filter((q) => (q.text !== '') === withWords)
    .flatMap((q) => [q, { ...q, internationalDelivery: true }]);
  const S = newScanBuffers(positions);
  let compared = 0;
  let hits = 0;
  for (const query of workload) {
    const byPositions = scanned(query, 'positions', S);
    if (!byPositions) continue;
    expect(scanned(query, 'words', S), JSON.stringify(query)).toEqual(byPositions);
    compared++;
    hits += byPositions.hits.length;
  }
  return [compared, hits];
}

describe('the scan of a range by words', () => {
  it('writes the hits, near misses and price range the position scan writes', () => {
    // The workload is seeded: these are its requests the word scan takes, and their hits (those
    // whose other filters are only Offers buckets, Free Delivery or Price Dropped add up cells).
    expect(compareScans(false)).toEqual([949, 26797]);
  });

  it('does so with words to match, where they match one position in 256 of the range or more', () => {
    // Every one of the workload's requests with words but those with a brand or store page, a
    // sale band or few matches.
    expect(compareScans(true)).toEqual([586, 8052]);
  });
});
