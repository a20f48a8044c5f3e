import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../scripts/build';

// `npm run import` and `npm run generate-catalog` build before they run, often while
// `npm start` serves from dist/ (the day-2 demo): a build must never leave the served folder
// without its files. It builds beside the folder and swaps the whole in at the end.

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-build-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

describe('the build', () => {
  it('keeps the previous build in place until the new one is whole, and leaves nothing beside it', async () => {
    const out = path.join(parent, 'dist');
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
    expect(fs.readdirSync(parent)).toEqual(['dist']);
  });
});
