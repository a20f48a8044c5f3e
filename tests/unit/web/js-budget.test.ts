import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ASSET_HEADER_BYTES, JS_GOAL, SMALL_CHUNK_BYTES, moduleFamily, overBudget, routeLoads, smallChunkPlan } from '../../../scripts/lib/js-budget';

// `npm run build` fails when a page's first-load JavaScript (the client entry, the page's route
// module, and every chunk they import) is over budget. A small build's metafile as esbuild
// writes it: the entry imports the shell chunk, the listing route a chunk of its own.

type Outputs = Metafile['outputs'];
const output = (entryPoint: string | undefined, imports: string[], dynamic: string[] = []): Outputs[string] => ({
  bytes: 0,
  inputs: {},
  exports: [],
  imports: [...imports.map((path) => ({ path, kind: 'import-statement' as const })), ...dynamic.map((path) => ({ path, kind: 'dynamic-import' as const }))],
  ...(entryPoint ? { entryPoint } : {}),
});
const metafile: Metafile = {
  inputs: {},
  outputs: {
    'dist/entry.js': output('client/entry.client.tsx', ['dist/shell.js'], ['dist/listing.js', 'dist/home.js']),
    'dist/shell.js': output(undefined, []),
    'dist/listing.js': output('client/routes/listing.route.tsx', ['dist/shell.js', 'dist/cards.js']),
    'dist/cards.js': output(undefined, []),
    'dist/home.js': output('client/routes/home.route.tsx', ['dist/shell.js']),
  },
};
const KIB = 1024;

/** A built chunk of `bytes` holding `inputs`, an entry point's or a shared one. */
const chunk = (bytes: number, inputs: string[], entryPoint?: string, imports: string[] = []): Outputs[string] => ({
  ...output(entryPoint, imports),
  bytes,
  inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
});

describe('the client JavaScript budget', () => {
  it('counts, for each route, the entry, the route module and everything they import, once each', () => {
    const sizes: Record<string, number> = { 'dist/entry.js': 60 * KIB, 'dist/shell.js': 30 * KIB, 'dist/listing.js': 10 * KIB, 'dist/cards.js': 5 * KIB, 'dist/home.js': 8 * KIB };
    const loads = routeLoads(metafile, 'client/entry.client.tsx', (file) => sizes[file]!);
    expect(loads).toEqual([
      { route: 'home', files: ['dist/entry.js', 'dist/shell.js', 'dist/home.js'], bytes: 98 * KIB, transfer: 98 * KIB + 3 * ASSET_HEADER_BYTES },
      { route: 'listing', files: ['dist/entry.js', 'dist/shell.js', 'dist/listing.js', 'dist/cards.js'], bytes: 105 * KIB, transfer: 105 * KIB + 4 * ASSET_HEADER_BYTES },
    ]);
    expect(overBudget(loads, JS_GOAL)).toEqual([]);
  });

  it('fails a route over the bytes (with each file\'s headers, as Lighthouse counts) or over the files, saying which and by what', () => {
    // The listing: 109 KiB of brotli in 4 files, 110.3 KiB with their headers; home 108.4 KiB in 3, 109.4 with them.
    const sizes: Record<string, number> = { 'dist/entry.js': 60 * KIB, 'dist/shell.js': 40 * KIB, 'dist/listing.js': 8 * KIB, 'dist/cards.js': 1 * KIB, 'dist/home.js': 8.4 * KIB };
    const loads = routeLoads(metafile, 'client/entry.client.tsx', (file) => sizes[file]!);
    expect(overBudget(loads, { kib: 111, files: 3 })).toEqual(['listing: 110.3 KiB of JavaScript with its headers, over 110 KiB (a landing page: the goal)', 'listing: 4 JavaScript files, over 3']);
    expect(overBudget(loads, { kib: 109, files: 12 })).toEqual([
      'home: 109.4 KiB of JavaScript with its headers, over 109 KiB',
      'listing: 110.3 KiB of JavaScript with its headers, over 109 KiB',
    ]);
    // A page the goal does not measure is held to the ratchet only.
    const other = loads.map((load) => (load.route === 'listing' ? { ...load, route: 'wishlist-add' } : load));
    expect(overBudget(other, { kib: 111, files: 12 })).toEqual([]);
    expect(overBudget(other, { kib: 110.2, files: 12 })).toEqual(['wishlist-add: 110.3 KiB of JavaScript with its headers, over 110.2 KiB']);
  });

  it('folds small shared chunks a landing page loads into the shell, and those only other pages load into one chunk per family for those pages', () => {
    const built: Metafile = {
      inputs: {},
      outputs: {
        'dist/entry.js': chunk(200 * KIB, ['client/entry.client.tsx', 'node_modules/react-dom/client.js'], 'client/entry.client.tsx', ['dist/shell.js']),
        'dist/shell.js': chunk(150 * KIB, ['client/routes.ts']),
        'dist/listing.js': chunk(10 * KIB, ['client/routes/listing.route.tsx'], 'client/routes/listing.route.tsx', ['dist/shell.js', 'dist/rules.js', 'dist/cards.js']),
        'dist/rules.js': chunk(SMALL_CHUNK_BYTES - 1, ['shared/vocabulary.ts', 'client/components/Meta.tsx', 'node_modules/tiny/index.js']),
        'dist/cards.js': chunk(SMALL_CHUNK_BYTES, ['client/components/ProductCard.tsx']),
        'dist/auth.js': chunk(3 * KIB, ['client/routes/auth.route.tsx'], 'client/routes/auth.route.tsx', ['dist/shell.js', 'dist/rules.js', 'dist/fields.js']),
        'dist/settings.js': chunk(3 * KIB, ['client/routes/user-settings.route.tsx'], 'client/routes/user-settings.route.tsx', ['dist/shell.js', 'dist/fields.js', 'dist/picture.js']),
        'dist/fields.js': chunk(1500, ['shared/validation/account-fields.ts']),
        'dist/picture.js': chunk(500, ['client/components/account/ProfilePicture.tsx']),
        'dist/wishlists.js': chunk(3 * KIB, ['client/routes/user-wishlists.route.tsx'], 'client/routes/user-wishlists.route.tsx', ['dist/shell.js', 'dist/list-rules.js']),
        'dist/list-rules.js': chunk(700, ['shared/validation/wishlist-rules.ts']),
        'dist/list-paths.js': chunk(300, ['shared/api/wishlist-paths.ts']),
        'dist/dialogs.js': chunk(2 * KIB, ['client/components/wishlist/card-dialogs.tsx'], 'client/components/wishlist/card-dialogs.tsx', ['dist/shell.js', 'dist/list-rules.js', 'dist/list-paths.js']),
        'dist/logout.js': chunk(200, ['client/routes/logout.route.tsx'], 'client/routes/logout.route.tsx', ['dist/shell.js']),
        'dist/small.css': chunk(100, ['client/styles/small.css']),
      },
    };
    expect(smallChunkPlan(built, 'client/entry.client.tsx')).toEqual({
      // The cards, at the size limit, go too: only a landing page loads them.
      shell: ['client/components/Meta.tsx', 'client/components/ProductCard.tsx', 'shared/vocabulary.ts'],
      // The account pages' rules and the wishlist pages' rules in a chunk each: My Wishlists
      // does not load the sign-in forms' rules. The wishlists' api paths join their rules: one
      // subject, one file.
      shared: [
        {
          family: 'account',
          modules: ['client/components/account/ProfilePicture.tsx', 'shared/validation/account-fields.ts'],
          entries: ['client/routes/auth.route.tsx', 'client/routes/user-settings.route.tsx'],
        },
        {
          family: 'wishlist',
          modules: ['shared/api/wishlist-paths.ts', 'shared/validation/wishlist-rules.ts'],
          entries: ['client/components/wishlist/card-dialogs.tsx', 'client/routes/user-wishlists.route.tsx'],
        },
      ],
    });
  });

  it('folds a chunk of any size into the shell when only landing pages and modules loaded on demand share it', () => {
    const built: Metafile = {
      inputs: {},
      outputs: {
        'dist/entry.js': chunk(200 * KIB, ['client/entry.client.tsx'], 'client/entry.client.tsx', ['dist/shell.js']),
        'dist/shell.js': chunk(150 * KIB, ['client/routes.ts']),
        // The listing's grammar: the page writes URLs with it, its loader (loaded on demand) reads them.
        'dist/listing.js': chunk(10 * KIB, ['client/routes/listing.route.tsx'], 'client/routes/listing.route.tsx', ['dist/shell.js', 'dist/grammar.js', 'dist/cards.js']),
        'dist/loader.js': chunk(8 * KIB, ['client/routes/listing-loader.ts'], 'client/routes/listing-loader.ts', ['dist/shell.js', 'dist/grammar.js']),
        'dist/grammar.js': chunk(4 * KIB, ['shared/listing/listing-state.ts']),
        // Shared with a page people do not land on: stays a chunk of its own.
        'dist/cards.js': chunk(4 * KIB, ['client/components/ProductCard.tsx']),
        'dist/profile.js': chunk(3 * KIB, ['client/routes/user-profile.route.tsx'], 'client/routes/user-profile.route.tsx', ['dist/shell.js', 'dist/cards.js']),
      },
    };
    expect(smallChunkPlan(built, 'client/entry.client.tsx')).toEqual({ shell: ['shared/listing/listing-state.ts'], shared: [] });
  });
  it('folds a chunk two landing pages load into the shell, whatever other pages load it too', () => {
    const built: Metafile = {
      inputs: {},
      outputs: {
        'dist/entry.js': chunk(200 * KIB, ['client/entry.client.tsx'], 'client/entry.client.tsx', ['dist/shell.js']),
        'dist/shell.js': chunk(150 * KIB, ['client/routes.ts']),
        'dist/listing.js': chunk(10 * KIB, ['client/routes/listing.route.tsx'], 'client/routes/listing.route.tsx', ['dist/shell.js', 'dist/cards.js']),
        'dist/product.js': chunk(5 * KIB, ['client/routes/product.route.tsx'], 'client/routes/product.route.tsx', ['dist/shell.js', 'dist/cards.js']),
        // The product card: the listing and the product page draw it, and so does a wishlist page.
        'dist/cards.js': chunk(4 * KIB, ['client/components/ProductCard.tsx']),
        'dist/wishlists.js': chunk(3 * KIB, ['client/routes/user-wishlists.route.tsx'], 'client/routes/user-wishlists.route.tsx', ['dist/shell.js', 'dist/cards.js']),
      },
    };
    expect(smallChunkPlan(built, 'client/entry.client.tsx')).toEqual({ shell: ['client/components/ProductCard.tsx'], shared: [] });
  });

  it("keeps a subject's rules and paths with its area's components, and the directories apart", () => {
    expect(moduleFamily('shared/api/follow-paths.ts')).toBe(moduleFamily('shared/validation/follow-rules.ts'));
    expect(moduleFamily('shared/api/product-paths.ts')).toBe(moduleFamily('client/components/product/ProductPage.tsx'));
    // The alert pages call a product by its guid: with the product area's fold they loaded the directories' components.
    expect(moduleFamily('client/components/product/DirectoryPage.tsx')).toBe('directory');
    expect(moduleFamily('client/components/product/AlphabetDirectory.tsx')).toBe('directory');
  });
});
