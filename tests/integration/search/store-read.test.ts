import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/api/db/database';
import { loadDocuments, type LoadOptions, type SearchDocument } from '../../../server/api/search-engine/documents';
import { generateCatalogue } from '../../support/generated-catalogue';
import { BOTH_ENGINES } from '../../support/test-database';

// After an import, and when a start from the snapshot finds stores changed since, the index
// reads those stores again (loadDocuments with storeSlugs). A selection of up to STORE_READ
// products is read by its stores, one statement a table (decision 0100: at 10,000,000
// products twice as fast on PostgreSQL as by chunks of ids); a larger one by chunks of its
// ids. Either way the documents are exactly those the whole catalogue's read gives for them.

const PRODUCTS = 1_200;
/** Stores 3 and 8: 60 products of the 1,200 (product i is store (1 + i % 40)'s). */
const SLUGS = ['store-3', 'store-8'];

describe.each(BOTH_ENGINES)('reading some stores again on %s', (_name, open) => {
  let db: Database;
  /** What the whole catalogue's read gives for SLUGS' stores. */
  let expected: SearchDocument[];
  /** The statements of the last read. */
  let statements: string[];

  const read = async (slugs: readonly string[], options: LoadOptions) => {
    const docs: SearchDocument[] = [];
    statements = [];
    const observed: Database = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            exec: (sql) => tx.exec(sql),
            query: (sql, params) => {
              statements.push(sql);
              return tx.query(sql, params);
            },
          }),
        ),
    };
    await loadDocuments(observed, { storeSlugs: slugs }, (chunk) => void docs.push(...chunk), options);
    return docs;
  };

  beforeAll(async () => {
    db = await open();
    await generateCatalogue(db, PRODUCTS);
    const all: SearchDocument[] = [];
    const directory = await loadDocuments(db, {}, (chunk) => void all.push(...chunk));
    const stores = new Set(SLUGS.map((slug) => directory.storeBySlug.get(slug)!.id));
    expected = all.filter((doc) => stores.has(doc.storeId));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('reads a selection that fits one read by its stores, one statement a table', async () => {
    expect(expected).toHaveLength(60);
    await expect(read(SLUGS, { storeRead: 60 })).resolves.toEqual(expected);
    const byStore = statements.filter((sql) => sql.includes('p.store_id = ANY($1::int[])'));
    expect(byStore).toHaveLength(2);
    expect(statements.filter((sql) => sql.includes('ANY($1::int[])'))).toHaveLength(4);
  });

  it('reads a larger selection by chunks of its ids, and gives the same documents', async () => {
    await expect(read(SLUGS, { storeRead: 59, chunkSize: 25 })).resolves.toEqual(expected);
    // The ids, then three chunks (25, 25 and 10 products) of three statements each.
    expect(statements.filter((sql) => sql.includes('p.id = ANY($1::int[])'))).toHaveLength(3);
    expect(statements.filter((sql) => sql.includes('p.store_id = ANY($1::int[])'))).toEqual([]);
  });

  it('reads nothing for a store it does not know, or none', async () => {
    await expect(read(['no-such-store'], {})).resolves.toEqual([]);
    await expect(read([], {})).resolves.toEqual([]);
  });
});
