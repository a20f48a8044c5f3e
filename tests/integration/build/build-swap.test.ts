import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, root } from '../../../scripts/build';
import { INITIAL_CLUSTER_FILE, readInitialCluster } from '../../../server/api/db/initial-cluster';
import { MIGRATIONS } from '../../../server/api/db/migrations';
import { openPgliteDatabase } from '../../../server/api/db/pglite-database';
import { TEST_BUILD_ROOT } from '../../support/test-build';

// `npm run import` and `npm run generate-catalog` build before they run, often while
// `npm start` serves from dist/ (the day-2 demo): a build must never leave the served folder
// without its files. It builds beside the folder and swaps the whole in at the end.

// The folder sits at the root's depth, as dist/ and dist-test/ do: the source maps' paths are
// relative to it and part of the chunks' hashes, so a folder elsewhere gets other hashes, other
// brotli sizes (up to 0.2 KiB a route) and another verdict from the JavaScript budget.
const out = fs.mkdtempSync(path.join(root, 'dist-swap-'));
const beside = () => fs.readdirSync(root).filter((name) => name.includes(path.basename(out)));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('the build', () => {
  it('keeps the previous build in place until the new one is whole, and leaves nothing beside it', async () => {
    await build(out);
    const manifest = path.join(out, 'client/manifest.json');
    expect(fs.existsSync(manifest)).toBe(true);

    // Look for the served files at every turn of the event loop while a second build runs.
    let looks = 0;
    let missing = 0;
    let building = true;
    const watch = () => {
      if (!building) return;
      looks++;
      if (!fs.existsSync(manifest) || !fs.existsSync(path.join(out, 'server/web.js'))) missing++;
      setImmediate(watch);
    };
    watch();
    await build(out);
    building = false;

    expect(looks).toBeGreaterThan(10);
    expect(missing).toBe(0);
    expect(fs.existsSync(manifest)).toBe(true);
    expect(beside()).toEqual([path.basename(out)]);
  });

  it('ships the migrated cluster a new embedded database starts from (decision 0088), every migration applied', async () => {
    // The run's own build (build-global-setup.ts).
    const db = await openPgliteDatabase(undefined, { loadDataDir: readInitialCluster(path.join(TEST_BUILD_ROOT, INITIAL_CLUSTER_FILE)) });
    try {
      const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await db.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'size_variants'")).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });
});
