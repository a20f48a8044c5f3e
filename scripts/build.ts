// Builds the browser client and the Node servers with esbuild.
//   tsx scripts/build.ts            production build into dist/
//   imported by scripts/dev.ts      the same options, in watch mode
//   imported by the test set-up     the same build into a folder of its own (tests/support/test-build.ts),
//                                   so a test run never deletes the dist/ an `npm start` is serving
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { JS_BUDGET, formatLoads, outputOf, overBudget, routeKey, routeLoads, smallChunkPlan, staticClosure, type RouteLoad, type SmallChunkPlan } from './lib/js-budget';
import { precompressAssets } from './lib/precompress';
import { catalogAsset, catalogProblems, withShortMessageIds } from '../server/lib/catalogs';
import { unusedMessageIds } from './lib/message-usage';
import { CATALOGS } from '../shared/i18n/languages';
import { INITIAL_CLUSTER_FILE } from '../server/api/db/initial-cluster';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where `npm start`, `npm run dev` and the benchmark build to and run from. */
export const dist = path.join(root, 'dist');

/** The manifest the web server reads to link the client entry, its CSS and chunks. */
export type ClientManifest = {
  entry: string;
  css: string[];
  /** What every page preloads: the chunks the entry imports. */
  modulepreload: string[];
  /** Per route module ('listing'), the files its page preloads besides: the module and what it imports. */
  routes: Record<string, string[]>;
  /** Each language's compiled catalogue, by catalogue id ('fr'): /assets/i18n/fr-<hash>.json. */
  catalogs: Record<string, string>;
};

// React Router's package exports point every condition at its development build;
// we bundle its production build instead (docs/performance.md "What was learned").
const reactRouterProduction: esbuild.Plugin = {
  name: 'react-router-production',
  setup(build) {
    const base = path.join(root, 'node_modules/react-router/dist/production');
    build.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) => ({
      path: path.join(base, args.path === 'react-router' ? 'index.mjs' : 'dom-export.mjs'),
    }));
  },
};

// React is CommonJS. esbuild imports a CommonJS module into each ES module that imports it
// through an object of its own (`__toESM`), a getter defined for each of the module's exports,
// and every call goes through a getter: React's 46 exports copied for each of about 60 of our
// modules that import React or the JSX runtime, 3-4 ms of a listing's first load (issue 31).
// So `import … from 'react'` and `'react/jsx-runtime'` in ES modules (ours and React
// Router's) resolve to one ES module per package that imports it once and exports each name
// as a constant: importers bind to them directly. CommonJS `require` (React DOM's) is unchanged.
const REACT_PACKAGES = ['react', 'react/jsx-runtime'] as const;
const reactAsModules: esbuild.Plugin = {
  name: 'react-as-modules',
  setup(build) {
    const requireFromRoot = createRequire(path.join(root, 'package.json'));
    build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => {
      if (args.kind !== 'import-statement' || args.namespace === 'react-module') return undefined;
      return { path: args.path, namespace: 'react-module' };
    });
    build.onLoad({ filter: /.*/, namespace: 'react-module' }, (args) => {
      const name = args.path as (typeof REACT_PACKAGES)[number];
      const exports = Object.keys(requireFromRoot(name) as object).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key));
      return {
        contents: `import * as cjs from ${JSON.stringify(name)};\nexport default cjs.default;\n${exports.map((key) => `export const ${key} = cjs.${key};`).join('\n')}\n`,
        loader: 'js',
        resolveDir: root,
      };
    });
  },
};

// React Router ships as one large module whose top-level statements esbuild must keep when
// they might have side effects: contexts and components made by unannotated calls
// (`React.createContext`, `memo`, `forwardRef`), constant `new Set`/`new URL`/`Symbol` values and
// `X.displayName = …` assignments (read by React's developer tools only). Kept, each keeps
// what it references (Link, Form, ScrollRestoration, HistoryRouter…), about 17 KB of code this
// client never calls. Marking the calls pure and dropping the display names lets esbuild
// remove what is unused; what is used is unchanged. Its production build also keeps the
// development warnings it writes to the console (`warning(cond, message)`, about 30 messages):
// an empty `warning` lets esbuild drop the calls and their text, 0.8 KiB of brotli on every
// page (issue 31), as React's own production build does. Its errors (`invariant`) stay.
const PURE_TOP_LEVEL = /^(var [A-Za-z0-9_$]+ = )(?=React\d*\.(?:createContext|memo|forwardRef)\(|new (?:URL|Set|Map|WeakMap)\(|Symbol\()/gm;
const DISPLAY_NAME = /^[A-Za-z0-9_$]+\.displayName = [^;\n]*;$/gm;
const WARNING = /^(function warning\(cond, message\) \{\n)[\s\S]*?\n\}$/m;
const reactRouterTreeShaking: esbuild.Plugin = {
  name: 'react-router-tree-shaking',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      return { contents: source.replace(PURE_TOP_LEVEL, '$1/* @__PURE__ */ ').replace(DISPLAY_NAME, '').replace(WARNING, '$1}'), loader: 'js' };
    });
  },
};

// Server bundles keep node_modules outside (installed by `npm ci --omit=dev`), except
// React Router, which the plugin above resolves to its production files.
const externalPackages: esbuild.Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (/^react-router(\/dom)?$/.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// esbuild puts each module in a chunk per set of entry points that reach it, and does not know
// that the client entry is always loaded before a route module: modules the entry shares with
// a few routes landed in some thirty small chunks, every one on every first load. Each route
// module, and each module the shell loads on demand (LAZY_SHELL_MODULES), imports the route
// table (and so the whole shell) here, in the client build only: the shell then has one set of
// entry points, all of them, and is one chunk. The small chunks of a first build are folded in
// the second (smallChunkPlan): those a landing page loads into the shell (the route table
// imports them), the others into a chunk per family that the entry points loading them import.
// A module loaded on demand that does not import the table splits esbuild's runtime helpers
// into a chunk of their own, one more file on every first load: the build refuses such a module
// (onDemandOutsideShell).
const LAZY_SHELL_MODULES = /[\\/](client[\\/](routes[\\/]([^\\/]+\.route|listing-loader)|components[\\/](account[\\/](AuthDialog|AccountMenu)|listing[\\/]PriceFilter|wishlist[\\/]card-dialogs|follows[\\/]FollowButton|product[\\/](WithdrawnProductPage|withdrawn-product-view|PriceHistoryChart)|looks[\\/](DressMeBoard|LookOwnerTools)|shell[\\/](CountryPopupDialog|MailingListDialog|LanguageChooser|LanguageNotice|Footer)|listing[\\/]ZeroListing)|data[\\/](wishlist[\\/]wishlist-hearts-call|follows[\\/]follows-call)))\.tsx?$/;
const SHARED_CHUNK = 'vitrine:shared-chunk/';
const NO_SMALL_CHUNKS: SmallChunkPlan = { shell: [], shared: [] };
function routesImportTheShell(plan: SmallChunkPlan): esbuild.Plugin {
  const importsOf = (files: readonly string[]) => files.map((file) => `import ${JSON.stringify(path.join(root, file))};`).join('\n');
  // Each entry point imports the folds it loads (one virtual module per family).
  const foldsOf = new Map<string, string[]>();
  for (const fold of plan.shared) {
    for (const file of fold.entries) foldsOf.set(path.join(root, file), [...(foldsOf.get(path.join(root, file)) ?? []), fold.family]);
  }
  const modulesOf = new Map(plan.shared.map((fold) => [`${SHARED_CHUNK}${fold.family}`, fold.modules]));
  return {
    name: 'routes-import-the-shell',
    setup(build) {
      const table = path.join(root, 'client/routes.ts');
      build.onLoad({ filter: LAZY_SHELL_MODULES }, async (args) => ({
        contents: `import ${JSON.stringify(table)};\n${(foldsOf.get(args.path) ?? []).map((family) => `import ${JSON.stringify(`${SHARED_CHUNK}${family}`)};\n`).join('')}${withShortMessageIds(await fs.promises.readFile(args.path, 'utf8'))}`,
        loader: 'tsx',
        resolveDir: path.dirname(args.path),
      }));
      build.onResolve({ filter: /^vitrine:shared-chunk\// }, (args) => ({ path: args.path, namespace: 'vitrine' }));
      build.onLoad({ filter: /.*/, namespace: 'vitrine' }, (args) => ({ contents: importsOf(modulesOf.get(args.path) ?? []), loader: 'ts', resolveDir: root }));
      if (!plan.shell.length) return;
      build.onLoad({ filter: /[\\/]client[\\/]routes\.ts$/ }, async (args) => ({
        contents: `${importsOf(plan.shell)}\n${withShortMessageIds(await fs.promises.readFile(args.path, 'utf8'))}`,
        loader: 'ts',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}

// Message ids are literals in the code ('listing.sort.newest') and short in the bundles ('2f'),
// in the code and the catalogues alike (server/lib/catalogs.ts shortMessageIds): a page's
// JavaScript carries two or three letters per message, not a dotted name (decision 0080).
// Plugins that load a file themselves (routesImportTheShell) shorten it too.
const OUR_SOURCE = /[\\/](client|shared|server)[\\/].*\.tsx?$/;
const shortMessageIdsPlugin: esbuild.Plugin = {
  name: 'short-message-ids',
  setup(build) {
    build.onLoad({ filter: OUR_SOURCE }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { contents: withShortMessageIds(await fs.promises.readFile(args.path, 'utf8')), loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};
const SHORT_ID_DEFINE = { 'process.env.VITRINE_SHORT_MESSAGE_IDS': '"1"' };

/** `smallChunks`: where a first build's small shared chunks go (paths relative to the root). */
export function clientOptions(outDir = dist, smallChunks: SmallChunkPlan = NO_SMALL_CHUNKS): esbuild.BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { 'entry.client': 'client/entry.client.tsx' },
    outdir: path.join(outDir, 'client/assets'),
    publicPath: '/assets',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox111', 'safari16.4'],
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    sourcemap: 'linked',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"', ...SHORT_ID_DEFINE },
    plugins: [reactAsModules, reactRouterProduction, reactRouterTreeShaking, routesImportTheShell(smallChunks), shortMessageIdsPlugin],
    logLevel: 'warning',
  };
}

export const SERVER_ENTRIES = {
  'server/web': 'server/web/main.ts',
  'server/api': 'server/api/main.ts',
  'scripts/start': 'scripts/start.ts',
  'scripts/import-feed': 'scripts/import-feed.ts',
  'scripts/generate-catalog': 'scripts/generate-catalog.ts',
  'scripts/bench': 'scripts/bench.ts',
  'scripts/lighthouse': 'scripts/lighthouse.ts',
} as const;

export function serverOptions(outDir = dist): esbuild.BuildOptions {
  const entryPoints = Object.fromEntries(
    Object.entries(SERVER_ENTRIES).filter(([, file]) => fs.existsSync(path.join(root, file))),
  );
  return {
    absWorkingDir: root,
    entryPoints,
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    loader: { '.sql': 'text' },
    sourcemap: 'linked',
    define: { 'process.env.NODE_ENV': '"production"', ...SHORT_ID_DEFINE },
    plugins: [reactRouterProduction, externalPackages, shortMessageIdsPlugin],
    logLevel: 'warning',
  };
}

const CLIENT_ENTRY = 'client/entry.client.tsx';

/**
 * Each route's first-load JavaScript as the browser receives it (the build's brotli copies,
 * `compressed`, by absolute path); throws when one is over JS_BUDGET.
 */
export function checkClientBudget(metafile: esbuild.Metafile, compressed: ReadonlyMap<string, number>): RouteLoad[] {
  const loads = routeLoads(metafile, CLIENT_ENTRY, (file) => {
    const bytes = compressed.get(path.resolve(root, file));
    if (bytes === undefined) throw new Error(`${file} has no compressed copy`);
    return bytes;
  });
  const problems = overBudget(loads, JS_BUDGET);
  if (problems.length) {
    throw new Error(`${formatLoads(loads)}\nThe client JavaScript is over budget (scripts/lib/js-budget.ts):\n  ${problems.join('\n  ')}`);
  }
  return loads;
}

/**
 * Writes each language's compiled catalogue as a content-hashed asset (decision 0080), after
 * checking them: the build fails when a catalogue lacks an id, has one English does not, has a
 * message that does not parse or whose arguments differ from English, or when an id is used
 * nowhere in the code.
 */
export function writeCatalogs(outDir = dist): Record<string, string> {
  const problems = [...catalogProblems(), ...unusedMessageIds().map((id) => `"${id}" is used nowhere in the code`)];
  if (problems.length) throw new Error(`The message catalogues (shared/i18n/catalogs) are not whole:\n  ${problems.join('\n  ')}`);
  const dir = path.join(outDir, 'client/assets/i18n');
  fs.mkdirSync(dir, { recursive: true });
  const urls: Record<string, string> = {};
  for (const id of CATALOGS) {
    const { json, hash } = catalogAsset(id);
    fs.writeFileSync(path.join(dir, `${id}-${hash}.json`), json);
    urls[id] = `/assets/i18n/${id}-${hash}.json`;
  }
  return urls;
}

/** Writes {outDir}/client/manifest.json from esbuild's metafile. */
export function writeClientManifest(metafile: esbuild.Metafile, outDir = dist, catalogs = writeCatalogs(outDir)): ClientManifest {
  const toUrl = (file: string) => `/${path.relative(path.join(outDir, 'client'), path.join(root, file)).split(path.sep).join('/')}`;
  const entryFile = outputOf(metafile, CLIENT_ENTRY);
  const entryOutput = entryFile ? metafile.outputs[entryFile] : undefined;
  if (!entryFile || !entryOutput) throw new Error('client entry missing from the build');
  const everyPage = staticClosure(metafile, entryFile);
  const routes: Record<string, string[]> = {};
  for (const [file, out] of Object.entries(metafile.outputs)) {
    const key = out.entryPoint && file.endsWith('.js') ? routeKey(out.entryPoint) : undefined;
    if (key) routes[key] = [...staticClosure(metafile, file)].filter((f) => !everyPage.has(f)).map(toUrl);
  }
  const manifest: ClientManifest = {
    entry: toUrl(entryFile),
    css: entryOutput.cssBundle ? [toUrl(entryOutput.cssBundle)] : [],
    modulepreload: [...everyPage].filter((f) => f !== entryFile).map(toUrl),
    routes,
    catalogs,
  };
  fs.writeFileSync(path.join(outDir, 'client/manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Copies client/public (favicon and other fixed-name files) next to the hashed assets. */
export function copyPublicFiles(outDir = dist): void {
  const from = path.join(root, 'client/public');
  if (fs.existsSync(from)) fs.cpSync(from, path.join(outDir, 'client'), { recursive: true });
}

/** Entry points of a client build (as source paths) loaded on demand without importing the shell. */
export function onDemandOutsideShell(metafile: esbuild.Metafile): string[] {
  return Object.entries(metafile.outputs)
    .filter(([file, out]) => file.endsWith('.js') && out.entryPoint && out.entryPoint !== CLIENT_ENTRY)
    .map(([, out]) => out.entryPoint!)
    .filter((entryPoint) => !LAZY_SHELL_MODULES.test(path.join(root, entryPoint)));
}

/** The client in two passes: the second folds away the first's small shared chunks. */
async function buildClient(outDir: string): Promise<esbuild.BuildResult> {
  const first = await esbuild.build({ ...clientOptions(outDir), write: false, sourcemap: false });
  const outside = onDemandOutsideShell(first.metafile!);
  if (outside.length) {
    throw new Error(`Loaded on demand but not importing the shell (add to LAZY_SHELL_MODULES in scripts/build.ts): ${outside.join(', ')}`);
  }
  return esbuild.build(clientOptions(outDir, smallChunkPlan(first.metafile!, CLIENT_ENTRY)));
}

/** Where builds keep the clusters they made, by content: a build whose migrations did not change makes none. */
const CLUSTER_CACHE = path.join(root, 'node_modules/.cache/vitrine');

/**
 * The migrated cluster new embedded databases start from (server/api/db/initial-cluster.ts,
 * decision 0088), at the build's root. Made by scripts/initial-cluster.ts bundled as the
 * servers are (so it holds the migrations the servers carry) into the cache folder, inside the
 * repository where its packages resolve whatever folder the build goes to; kept by the
 * bundle's content and PGlite's version (making one is about 5 s and 6 CPU-s, beside the
 * client's build; most builds change no migration).
 */
async function writeInitialCluster(outDir: string): Promise<void> {
  fs.mkdirSync(CLUSTER_CACHE, { recursive: true });
  const script = path.join(CLUSTER_CACHE, `initial-cluster-${process.pid}-${randomUUID()}.mjs`);
  try {
    const { entryPoints: _servers, outdir: _outdir, ...options } = serverOptions(outDir);
    await esbuild.build({ ...options, entryPoints: ['scripts/initial-cluster.ts'], outfile: script, sourcemap: false });
    const pglite = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    const key = createHash('sha256').update(fs.readFileSync(script)).update(pglite.version).digest('hex').slice(0, 16);
    const cached = path.join(CLUSTER_CACHE, `pglite-cluster-${key}.tar.gz`);
    if (!fs.existsSync(cached)) {
      const made = `${script}.tar.gz`;
      // A one-shot process: PGlite's WebAssembly unoptimised, as the tests' processes (decision 0087).
      await promisify(execFile)(process.execPath, ['--liftoff-only', script, made], { cwd: root });
      fs.renameSync(made, cached);
    }
    fs.copyFileSync(cached, path.join(outDir, INITIAL_CLUSTER_FILE));
  } finally {
    fs.rmSync(script, { force: true });
    fs.rmSync(`${script}.tar.gz`, { force: true });
  }
}

/**
 * A clean build into `outDir` (an absolute path; dist/ unless told), emptied first, the client's
 * assets with brotli copies beside them. Fails when a route's first-load JavaScript is over
 * budget; returns each route's.
 */
export async function build(outDir = dist): Promise<RouteLoad[]> {
  // Built beside and swapped in when whole: `npm run import` and `npm run generate-catalog`
  // build before they run, often while `npm start` serves from dist/ (the day-2 demo), which
  // emptying dist/ first left without its client files for the seconds a build takes.
  // A sibling, so the source maps' relative paths hold once it is renamed.
  const staging = path.join(path.dirname(outDir), `.${path.basename(outDir)}-building-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  let loads: RouteLoad[];
  try {
    fs.mkdirSync(staging, { recursive: true });
    const [client] = await Promise.all([buildClient(staging), esbuild.build(serverOptions(staging)), writeInitialCluster(staging)]);
    const catalogs = writeCatalogs(staging);
    const compressed = await precompressAssets(path.join(staging, 'client/assets'));
    loads = checkClientBudget(client.metafile!, compressed);
    writeClientManifest(client.metafile!, staging, catalogs);
    copyPublicFiles(staging);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  const retired = `${staging}-retired`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, retired);
  fs.renameSync(staging, outDir);
  fs.rmSync(retired, { recursive: true, force: true });
  return loads;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const loads = await build();
    if (!process.argv.includes('--quiet')) {
      console.log(formatLoads(loads));
      console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
