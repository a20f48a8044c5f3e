// Builds the browser client and the Node servers with esbuild.
//   tsx scripts/build.ts            production build into dist/
//   imported by scripts/dev.ts      the same options, in watch mode
//   imported by the test set-up     the same build into a folder of its own (tests/support/test-build.ts),
//                                   so a test run never deletes the dist/ an `npm start` is serving
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where `npm start`, `npm run dev` and the benchmark build to and run from. */
export const dist = path.join(root, 'dist');

/** The manifest the web server reads to link the client entry, its CSS and chunks. */
export type ClientManifest = {
  entry: string;
  css: string[];
  modulepreload: string[];
};

// React Router's package exports point every condition at its development build;
// we bundle its production build instead (ARCHITECTURE.md "Performance notes").
const reactRouterProduction: esbuild.Plugin = {
  name: 'react-router-production',
  setup(build) {
    const base = path.join(root, 'node_modules/react-router/dist/production');
    build.onResolve({ filter: /^react-router(\/dom)?$/ }, (args) => ({
      path: path.join(base, args.path === 'react-router' ? 'index.mjs' : 'dom-export.mjs'),
    }));
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

export function clientOptions(outDir = dist): esbuild.BuildOptions {
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
    sourcemap: 'linked',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [reactRouterProduction],
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
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [reactRouterProduction, externalPackages],
    logLevel: 'warning',
  };
}

/** Writes {outDir}/client/manifest.json from esbuild's metafile. */
export function writeClientManifest(metafile: esbuild.Metafile, outDir = dist): ClientManifest {
  const toUrl = (file: string) => `/${path.relative(path.join(outDir, 'client'), path.join(root, file)).split(path.sep).join('/')}`;
  const [entryFile, entryOutput] =
    Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === 'client/entry.client.tsx') ?? [];
  if (!entryFile || !entryOutput) throw new Error('client entry missing from the build');
  const manifest: ClientManifest = {
    entry: toUrl(entryFile),
    css: entryOutput.cssBundle ? [toUrl(entryOutput.cssBundle)] : [],
    modulepreload: entryOutput.imports
      .filter((imp) => imp.kind === 'import-statement' && !imp.external)
      .map((imp) => toUrl(imp.path)),
  };
  fs.writeFileSync(path.join(outDir, 'client/manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Copies client/public (favicon and other fixed-name files) next to the hashed assets. */
export function copyPublicFiles(outDir = dist): void {
  const from = path.join(root, 'client/public');
  if (fs.existsSync(from)) fs.cpSync(from, path.join(outDir, 'client'), { recursive: true });
}

/** A clean build into `outDir` (an absolute path; dist/ unless told), emptied first. */
export async function build(outDir = dist): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const [client] = await Promise.all([esbuild.build(clientOptions(outDir)), esbuild.build(serverOptions(outDir))]);
  writeClientManifest(client.metafile!, outDir);
  copyPublicFiles(outDir);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await build();
  if (!process.argv.includes('--quiet')) {
    console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
  }
}
