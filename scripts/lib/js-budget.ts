import type { Metafile } from 'esbuild';

// The first-load JavaScript of each page: the client entry, what it imports, and the route
// module of the page with what that imports (what the document modulepreloads), compressed as
// it travels: the build's brotli copies, which the web serves to every browser that accepts br
// (scripts/lib/precompress.ts). `npm run build` prints it per route and fails over the budget.

/** The goal: what Lighthouse counts as JavaScript transfer on a first visit. */
export const JS_GOAL = { kib: 110, files: 12 } as const;

/**
 * The response headers of one first-load script as the web sends it (status line and header
 * lines, server/web/http/static-files.ts), which Lighthouse's transfer size counts with the
 * body: the security headers a script keeps (nosniff, Cross-Origin-Resource-Policy), Vary,
 * Content-Type (no charset), Content-Encoding, Cache-Control, Content-Length (six digits here: any file under a megabyte),
 * Date and keep-alive. The web integration test of compression reads them off the wire and
 * fails when they no longer add up to this. Lighthouse read 1.4 KiB more than the build for the
 * listing's three files when they were 496 bytes each (with Last-Modified and Accept-Ranges);
 * 429 with the request id, Referrer-Policy and a charset.
 */
export const ASSET_HEADER_BYTES = 332;

/**
 * What the build enforces, counted as Lighthouse does (the brotli bytes plus ASSET_HEADER_BYTES
 * per file): the landing pages (LANDING_ROUTES, which the issue measures) never over JS_GOAL,
 * and every route never over `kib` nor `files`: a ratchet, what the heaviest route needs today
 * (lower it as routes shrink, until it is JS_GOAL). The framework alone (react-dom/client about
 * 57 KiB, React Router with React about 27 KiB in brotli) leaves little of the goal's 110 KiB
 * for the pages' own code, and each file costs its headers, so the pages of many small chunks
 * are the heaviest. Today (2026-12-01, issue 31: React Router's console warnings left out of
 * the client build, 0.8 KiB off every page, and the pages' Intl answers read at hydration,
 * 0.1 KiB on) the heaviest is the sign-in page, 110.3 KiB as Lighthouse counts (in 11 files).
 * The chunks' hashes, and so their brotli sizes, depend on the build folder's depth (the source
 * maps' relative paths are hashed), so every build of ours sits at the root's depth (dist/,
 * dist-test/, the build test's folder) and weighs the same. Of the landing pages (evening, the
 * listing restoring its place by card): home 104.8, listing 109.3, product 107.5.
 */
export const JS_BUDGET = { kib: 110.6, files: JS_GOAL.files } as const;

export type RouteLoad = {
  /** The route module, as the routes table names it ('listing' for client/routes/listing.route.tsx). */
  route: string;
  /** Output files, paths relative to the working directory as in the metafile. */
  files: string[];
  /** Their compressed size, as sent to a browser. */
  bytes: number;
  /** What Lighthouse counts: `bytes` plus each file's response headers (ASSET_HEADER_BYTES). */
  transfer: number;
};

export type Budget = { kib: number; files: number };

/** Output files a file imports statically, itself included, transitively. */
export function staticClosure(metafile: Metafile, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of metafile.outputs[file]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) staticClosure(metafile, imported.path, into);
  }
  return into;
}

/** The route module's key: client/routes/listing.route.tsx is 'listing'. */
export function routeKey(entryPoint: string): string | undefined {
  return /^client\/routes\/(.+)\.route\.tsx$/.exec(entryPoint)?.[1];
}

/** The JavaScript output of an entry point (not its CSS). */
export function outputOf(metafile: Metafile, entryPoint: string): string | undefined {
  return Object.entries(metafile.outputs).find(([file, out]) => out.entryPoint === entryPoint && file.endsWith('.js'))?.[0];
}

/** The first load of every route module: the entry's closure plus the route's. */
export function routeLoads(metafile: Metafile, entryPoint: string, sizeOf: (file: string) => number): RouteLoad[] {
  const entry = outputOf(metafile, entryPoint);
  if (!entry) throw new Error(`${entryPoint} missing from the build`);
  const loads: RouteLoad[] = [];
  for (const [file, out] of Object.entries(metafile.outputs)) {
    const route = out.entryPoint && file.endsWith('.js') ? routeKey(out.entryPoint) : undefined;
    if (!route) continue;
    const files = [...staticClosure(metafile, file, staticClosure(metafile, entry))];
    const bytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
    loads.push({ route, files, bytes, transfer: bytes + files.length * ASSET_HEADER_BYTES });
  }
  return loads.sort((a, b) => a.route.localeCompare(b.route));
}

/** Every route over `budget`, and every landing page over `goal`, with why (counted as Lighthouse does); empty when all fit. */
export function overBudget(loads: readonly RouteLoad[], budget: Budget, goal: Budget = JS_GOAL): string[] {
  const problems: string[] = [];
  for (const load of loads) {
    const kib = load.transfer / 1024;
    const landing = LANDING_ROUTES.includes(load.route);
    const ceiling = landing ? Math.min(budget.kib, goal.kib) : budget.kib;
    const why = landing && goal.kib < budget.kib ? ' (a landing page: the goal)' : '';
    if (kib > ceiling) problems.push(`${load.route}: ${kib.toFixed(1)} KiB of JavaScript with its headers, over ${ceiling} KiB${why}`);
    if (load.files.length > budget.files) problems.push(`${load.route}: ${load.files.length} JavaScript files, over ${budget.files}`);
  }
  return problems;
}

/** One line per route: brotli KiB, files and KiB with headers (as Lighthouse counts), against the goal. */
export function formatLoads(loads: readonly RouteLoad[], goal: Budget = JS_GOAL): string {
  const width = Math.max(...loads.map((l) => l.route.length));
  const lines = loads.map((l) => {
    const kib = l.transfer / 1024;
    const met = kib <= goal.kib && l.files.length <= goal.files ? 'goal met' : `goal ${goal.kib} KiB, ${goal.files} files: not met`;
    return `  ${l.route.padEnd(width)}  ${(l.bytes / 1024).toFixed(1).padStart(6)} KiB  ${String(l.files.length).padStart(2)} files  ${kib.toFixed(1).padStart(6)} KiB with headers  ${met}`;
  });
  return [
    `First-load JavaScript per route (entry + route module, brotli as served; with headers: plus ${ASSET_HEADER_BYTES} bytes of response headers a file, as Lighthouse counts):`,
    ...lines,
  ].join('\n');
}

/**
 * Below this size a chunk shared by a few routes costs a page more as a request of its own
 * (headers, a round of the browser's module loading, worse compression) than its bytes cost
 * the pages that do not need it: the build folds such chunks away (smallChunkPlan).
 */
export const SMALL_CHUNK_BYTES = 2048;

/**
 * The pages people land on, and the issue measures: home, a listing (or search) and a product
 * page. Their first load is the shell plus their own module, so the shell takes in only what
 * they or the entry share.
 */
export const LANDING_ROUTES: readonly string[] = ['home', 'listing', 'product'];

/** Where the modules of a first build's small shared chunks (and landing pages' own) go in the second. */
export type SmallChunkPlan = {
  /** Into the shell: chunks the entry or a landing page loads. */
  shell: string[];
  /**
   * Into a chunk per family, each loaded by its `entries` (entry points, as source paths): chunks
   * only other pages load (the account pages' forms and rules, the wishlist pages' rules, the A-Z
   * directories), which a landing page would otherwise carry in its shell. One chunk for them
   * all made every such page load all of them (My Wishlists carried the sign-in forms' rules);
   * one per family keeps the files few and each page's bytes its own.
   */
  shared: SharedFold[];
};

/** Small chunks of one family, folded into one chunk for the entry points that load any of them. */
export type SharedFold = { family: string; modules: string[]; entries: string[] };

/**
 * The family a module belongs to: the folder of its component area (client/components/account,
 * …/wishlist, …/product), the subject of a shared rule file or of an api's paths
 * (shared/validation/account-fields.ts, shared/api/account-paths.ts: account), else its top
 * folder. A chunk's family is its first module's. A subject's rules and paths are one family:
 * the Follow button, loaded on demand by the product page, needs both, and as two folds they
 * were two more files of a few hundred bytes each on that page's first load.
 */
export function moduleFamily(module: string): string {
  // The ui primitives (client/components/ui/) are used across areas, each by its own set of
  // pages: one fold for all of them put the dialogs' frame and the form field on every paged
  // list. The parts of a list page (its pager, a vanished product's card) fold together: the
  // public wishlist draws both, and they are a few hundred bytes.
  const primitive = /^client\/components\/ui\/([^/.]+)/.exec(module)?.[1];
  if (primitive) return ['Pager', 'ProductGoneCard'].includes(primitive) ? 'ui/list-parts' : `ui/${primitive}`;
  // A client area's components and its data (client/data/<area>/) are one family.
  // The brand and store directories are a family of their own: the alert pages call a product
  // by its guid (the product paths), and with the product area's fold they loaded the
  // directories' components too.
  if (/^client\/components\/product\/[A-Za-z]*Directory/.test(module)) return 'directory';
  const area = /^client\/(?:components|data)\/([^/]+)\//.exec(module)?.[1];
  if (area) return area;
  const rule = /^shared\/(?:validation\/([a-z]+)|api\/([a-z]+)-paths\.ts$)/.exec(module);
  if (rule) return (rule[1] ?? rule[2])!;
  return module.split('/').slice(0, 2).join('/');
}

const ownModules = (out: Metafile['outputs'][string]) =>
  Object.keys(out.inputs).filter((input) => !input.startsWith('node_modules/') && /\.(ts|tsx)$/.test(input));

/** The plan for a first build's small shared chunks (see SMALL_CHUNK_BYTES and LANDING_ROUTES). */
export function smallChunkPlan(metafile: Metafile, clientEntry: string): SmallChunkPlan {
  const entries = Object.entries(metafile.outputs)
    .filter(([file, out]) => out.entryPoint && file.endsWith('.js'))
    .map(([file, out]) => ({ entryPoint: out.entryPoint!, closure: staticClosure(metafile, file) }));
  const landing = (entryPoint: string) => entryPoint === clientEntry || LANDING_ROUTES.includes(routeKey(entryPoint) ?? '');
  const onDemand = (entryPoint: string) => entryPoint !== clientEntry && !routeKey(entryPoint);
  const shell = new Set<string>();
  const folds = new Map<string, { modules: Set<string>; entries: Set<string> }>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js') || out.entryPoint) continue;
    const loaders = entries.filter((entry) => entry.closure.has(file)).map((entry) => entry.entryPoint);
    // What only landing pages and modules loaded on demand share (the listing's grammar, which
    // its page writes URLs with and its loader reads them with; the product cards of listing and
    // product page) is part of a landing page's first load whatever its size: in the shell it
    // is no file of its own, at the price of its bytes on the other landing pages.
    // So is what two landing pages load (the product card of listing and product page, which
    // the wishlist pages draw too): as a file of its own it is one more on both, and in the
    // shell it costs the pages that do not use it less than that file costs the two.
    const landingsOwn =
      (loaders.some(landing) && loaders.every((entry) => landing(entry) || onDemand(entry))) ||
      (!loaders.includes(clientEntry) && loaders.filter((entry) => LANDING_ROUTES.includes(routeKey(entry) ?? '')).length >= 2);
    if (out.bytes >= SMALL_CHUNK_BYTES && !landingsOwn) continue;
    const modules = ownModules(out);
    if (loaders.some(landing)) {
      for (const module of modules) shell.add(module);
    } else if (modules.length) {
      const family = moduleFamily([...modules].sort()[0]!);
      const fold = folds.get(family) ?? { modules: new Set<string>(), entries: new Set<string>() };
      for (const module of modules) fold.modules.add(module);
      for (const entry of loaders) fold.entries.add(entry);
      folds.set(family, fold);
    }
  }
  const shared = [...folds.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, fold]) => ({ family, modules: [...fold.modules].sort(), entries: [...fold.entries].sort() }));
  return { shell: [...shell].sort(), shared };
}
