import { describe, expect, it } from 'vitest';
import type { QueryToken } from '../../../server/api/search-engine/analyser';
import { Dictionary, TableBuilder } from '../../../server/api/search-engine/document-table';
import { DisplayWords } from '../../../server/api/search-engine/documents';
import { buildIndex } from '../../../server/api/search-engine/index-build';
import { TextIndex } from '../../../server/api/search-engine/index-text';
import { COUNTRY_CODES } from '../../../shared/countries';
import { listingWorkload } from '../../../scripts/bench/listing-workload';
import { syntheticCatalog } from '../../../scripts/bench/synthetic-catalog';

// Issue 30: the text index intersects its words' posting lists, the rarest first, galloping
// through the longer ones, and merges each word's expansions; its answer is a bitset over the
// documents, cleared by the next query. It must match exactly the
// documents that hold every word (one of its expansions each), scored as the sum over words
// of the best field weight × match quality: here worked out document by document from the
// table's own terms. The catalogue is the bench's, the queries its workload's (brand names,
// product words, misspellings, several words).

const catalog = syntheticCatalog(6000, undefined, 0.4);
const terms = new Dictionary();
const builder = new TableBuilder(terms, new Dictionary());
for (const chunk of catalog.chunks(2000)) for (const doc of chunk) builder.add(doc, catalog.directory);
const table = builder.build();
const rows = buildIndex(table, catalog.directory).rows;
const text = new TextIndex(table, rows, terms, new DisplayWords());

/**
 * Each matching document (global number) with its score, ascending: every bit set in the whole
 * bitset, so a bit left over from the query before, or set outside [lo, hi), shows.
 */
function matched(tokens: readonly QueryToken[]): [number, number][] {
  const m = text.match(tokens, table.size);
  const out: [number, number][] = [];
  for (let w = 0; w < m.bits.length; w++) {
    for (let b = m.bits[w]!; b !== 0; b &= b - 1) {
      const g = w * 32 + 31 - Math.clz32(b & -b);
      out.push([g, m.score[g]!]);
    }
  }
  expect(out.length).toBe(m.count);
  expect(out.filter(([g]) => g >>> 5 < m.lo || g >>> 5 >= m.hi)).toEqual([]);
  return out;
}

/** The same, read off every document's terms. */
function expected(tokens: readonly QueryToken[]): [number, number][] {
  const out: [number, number][] = [];
  for (let g = 0; g < rows.length; g++) {
    const row = rows[g]!;
    let sum = 0;
    for (const token of tokens) {
      let best = -1;
      for (let k = table.termStart[row]!; k < table.termStart[row + 1]!; k++) {
        const entry = table.termData[k]!;
        for (const e of token.expansions) if (terms.lookup(e.term) === entry >>> 2) best = Math.max(best, (entry & 3) * e.quality);
      }
      if (best < 0) {
        sum = -1;
        break;
      }
      sum += best;
    }
    if (sum >= 0) out.push([g, sum]);
  }
  return out;
}

describe('matching a query’s words', () => {
  it('finds the documents holding every word, scored by each word’s best field and match quality', () => {
    const workload = [...new Set(listingWorkload(catalog.directory, 1200, { countries: COUNTRY_CODES }).map((q) => q.text))].filter(Boolean);
    // And each one-word query whose word has several expansions, with its second expansion as a
    // second word ("bag handbag"): its documents then go through a united list and the
    // intersection, not the one-word path.
    const paired = workload
      .filter((q) => !q.includes(' ') && text.analyse(q)[0]!.expansions.length > 1)
      .map((q) => `${q} ${text.analyse(q)[0]!.expansions[1]!.term}`);
    const queries = [...new Set([...workload, ...paired])];
    let documents = 0;
    let expanded = 0;
    for (const query of queries) {
      const tokens = text.analyse(query);
      const want = expected(tokens);
      expect(matched(tokens), query).toEqual(want);
      documents += want.length;
      // Several words, one of them with several expansions: the intersection meets a united list.
      if (tokens.length > 1 && tokens.some((t) => t.expansions.length > 1)) expanded++;
    }
    // The workload is seeded: its queries, those of several words one of which has several expansions, and the documents they match.
    expect([queries.length, expanded, documents]).toEqual([155, 38, 17175]);
  });
});
