import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingWorkload } from '../../../scripts/bench/listing-workload';
import { createApiApp } from '../../../server/api/app';
import type { Database } from '../../../server/api/db/database';
import { Dictionary, TableBuilder } from '../../../server/api/search-engine/document-table';
import { DisplayWords, loadDocuments } from '../../../server/api/search-engine/documents';
import { MemorySearchEngine, type BuildReport } from '../../../server/api/search-engine/memory-engine';
import { MemoryIndex } from '../../../server/api/search-engine/memory-index';
import { FACETS } from '../../../server/api/search-engine/search-engine';
import { TimeSlicer } from '../../../server/api/search-engine/time-slicer';
import { createRegistry } from '../../../server/lib/http-metrics';
import { createLogger } from '../../../server/lib/logger';
import { generateCatalogue } from '../../support/generated-catalogue';
import { listen } from '../../support/listen';
import { openTestDatabase } from '../../support/test-database';

// Building the catalog index takes seconds of CPU at the demo's size. Built in one piece, it
// held the event loop that long, and health probes timed out while the api started; it is
// now built in slices (time-slicer.ts). Here over a catalogue generated straight into the
// tables (tests/support/generated-catalogue.ts: faster than feeds through the importer, and
// enough to make one piece slow).

const PRODUCTS = 8_000;
/**
 * The slowest /healthz answer allowed while the index is built. A slice is about 10 ms, the
 * longest (one PGlite read) about 20 ms on a quiet machine, and probes are answered within
 * 100 ms there; the bound leaves room for a CI machine busy with other test files. Built in one piece,
 * the build answered one probe in all, after a second or more.
 */
const PROBE_BOUND_MS = 500;

let db: Database;

/** Probes a URL back to back (one connection, kept alive) until its stdin closes, then prints every answer's status and time. */
const PROBE_SCRIPT = `
const url = process.argv[1];
const answers = [];
let stopping = false;
process.stdin.on('end', () => (stopping = true)).resume();
await (await fetch(url)).arrayBuffer();
process.stdout.write('probing\\n');
while (!stopping) {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  answers.push({ status: res.status, ms: performance.now() - started });
}
process.stdout.write(JSON.stringify(answers) + '\\n');
`;

beforeAll(async () => {
  db = await openTestDatabase();
  await generateCatalogue(db, PRODUCTS);
});

afterAll(async () => {
  await db?.close();
});

describe('building the catalog index', () => {
  it(`answers /healthz within ${PROBE_BOUND_MS} ms all through the first build`, async () => {
    const engine = new MemorySearchEngine(db, { follow: false });
    const reports: BuildReport[] = [];
    engine.onBuilt = (report) => reports.push(report);
    const readiness = { catalogLoaded: false };
    const { app } = createApiApp({ db, logger: createLogger('api', 'silent'), registry: createRegistry('api'), readiness, searchEngine: engine });
    const api = await listen(app);
    // The probes come from another process, as a load balancer's would: a client in this
    // process would wait on this event loop too, and count each slice several times.
    const probe = spawn(process.execPath, ['--input-type=module', '-e', PROBE_SCRIPT, `${api.url}/healthz`], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const lines = readline.createInterface({ input: probe.stdout! })[Symbol.asyncIterator]();
      expect((await lines.next()).value).toBe('probing');
      await engine.start();
      probe.stdin!.end();
      const answers = JSON.parse((await lines.next()).value as string) as { status: number; ms: number }[];

      expect(reports).toEqual([expect.objectContaining({ products: PRODUCTS })]);
      // Many probes were answered while the build ran, every one of them quickly.
      expect(answers.length).toBeGreaterThan(20);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const slowest = Math.max(...answers.map((a) => a.ms));
      expect(slowest, `probes (ms): ${answers.map((a) => Math.round(a.ms)).join(' ')}`).toBeLessThan(PROBE_BOUND_MS);
    } finally {
      probe.kill();
      await api.close();
      await engine.close();
    }
  });

  it('gives the same answers built in slices as built at once', async () => {
    const terms = new Dictionary();
    const cares = new Dictionary();
    const display = new DisplayWords();
    const builder = new TableBuilder(terms, cares);
    const directory = await loadDocuments(db, {}, (docs, _tx, dir) => {
      for (const doc of docs) builder.add(doc, dir, display);
    });
    const table = builder.build();
    const atOnce = new MemoryIndex(table, directory, terms, cares, display, 1);
    // A budget of 0 ms: a turn to the event loop after every step.
    const slicer = new TimeSlicer(0);
    const sliced = await MemoryIndex.build(table, directory, terms, cares, display, 2, slicer);
    expect(slicer.turns).toBeGreaterThan(50);
    expect(sliced.stats()).toEqual(atOnce.stats());
    const queries = listingWorkload(directory, 200, { seed: 11, countries: ['GB', 'US'] });
    const needs = { hits: true, facets: FACETS };
    const answers = (index: MemoryIndex) => queries.map((q) => ({ ...index.search(q, needs), version: 0 }));
    const expected = answers(atOnce);
    // Not an empty comparison: most requests list something.
    expect(expected.filter((a) => a.total > 0).length).toBeGreaterThan(60);
    expect(answers(sliced)).toEqual(expected);
  });
});
