import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../support/postgres';
import { runBuiltScriptOutcome, type ScriptOutcome } from '../../support/import-cli';

// `npm run import -- <path>` runs the built dist/scripts/import-feed.js; here the same
// script from the tests' build (the integration tier builds it first), against a fresh
// database on the PostgreSQL tier.

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

function runImport(...args: string[]): Promise<ScriptOutcome> {
  return runBuiltScriptOutcome('import-feed.js', args, { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
}

beforeAll(async () => {
  database = await createPostgresDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('npm run import', () => {
  it('imports a directory, manifest first, and prints a report per feed', async () => {
    const { code, stdout } = await runImport('tests/fixtures/feeds/good');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('tests/fixtures/feeds/good/stores.json: 2 stores (2 new, 0 updated), 1 coupons');
    expect(lines.slice(1, 4).map((l) => l.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      'tests/fixtures/feeds/good/atlas-outfitters.gb.tsv → store atlas-outfitters, GB (tsv): 2 rows read, 2 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn',
      'tests/fixtures/feeds/good/atlas-outfitters.us.xml → store atlas-outfitters, US (xml): 3 rows read, 3 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn',
      'tests/fixtures/feeds/good/northlane.gb.tsv → store northlane, GB (tsv): 6 rows read, 6 imported, 0 updated, 0 unchanged, 0 rejected, 0 withdrawn',
    ]);
    expect(lines[4]).toBe('3 feeds: 11 rows read, 0 rejected');
  });

  it('prints every rejected line of a feed with its reason, and holds a feed that shrank below the guard', async () => {
    const { code, stdout } = await runImport('tests/fixtures/feeds/bad/northlane.gb.tsv');
    expect(code).toBe(0);
    // Two valid items where the last feed carried six: a broken export, as far as the importer can tell.
    expect(stdout).toContain(
      'northlane.gb.tsv → store northlane, GB (tsv): HELD by the shrink guard, nothing changed: it carries 2 items, fewer than 50% of the 6 ' +
        'the last applied feed carried (9 rows rejected). If the store really shrank, apply it with: npm run import -- --apply-held ',
    );
    expect(stdout).toContain('  line 3: item BAD-PRICE: price "abc" is not an amount with a currency, like "49.99 GBP"');
    expect(stdout).toContain('  line 11: has 21 tab-separated fields but the header names 20 (a stray tab?)');
    expect(stdout).toContain('1 feed held by the shrink guard (FEED_SHRINK_GUARD 50%): nothing of it applied');
  });

  it('applies the held feed with --apply-held, withdrawing what it no longer carries', async () => {
    const { code, stdout } = await runImport('tests/fixtures/feeds/bad/northlane.gb.tsv', '--apply-held');
    expect(code).toBe(0);
    expect(stdout).toMatch(/northlane\.gb\.tsv → store northlane, GB \(tsv\): 11 rows read, 1 imported, 1 updated, 0 unchanged, 9 rejected, 5 withdrawn/);
  });

  it('takes the store and country from options when the file name does not say', async () => {
    const { code, stdout } = await runImport('tests/fixtures/feeds/good/atlas-outfitters.us.xml', '--store', 'northlane', '--country', 'us');
    expect(code).toBe(0);
    expect(stdout).toContain('→ store northlane, US (xml): 3 rows read, 3 imported');
  });

  it('fails with a message and exit code 1 when nothing can be imported', async () => {
    const missing = await runImport('tests/fixtures/feeds/nowhere.gb.tsv');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('tests/fixtures/feeds/nowhere.gb.tsv: no such file or directory');
    const unknown = await runImport('tests/fixtures/feeds/good/northlane.gb.tsv', '--store', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('there is no store "nobody"; import the stores manifest (stores.json) first');
    const usage = await runImport();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run import --');
  });
});
