import type { Metafile } from 'esbuild';

// The first-load JavaScript of each page: the client entry, what it imports, and the route
// module of the page with what that imports (what the document modulepreloads), compressed as
// it travels: the build's brotli copies, which the web serves to every browser that accepts br
// (scripts/lib/precompress.ts). `npm run build` prints it per route and fails over the budget.

/** The goal: what Lighthouse counts as JavaScript transfer on a first visit. */
export const JS_GOAL = { kib: 110, files: 12 } as const;

/**
 * What the build enforces: never more files than the goal, and never more bytes than the
 * heaviest route needs today (a ratchet: lower it as routes shrink, until it is JS_GOAL). The
 * help pages are the heaviest (about 108.7 KiB of brotli), then My Wishlists (108.5) and the
 * listing (about 107.9, which Lighthouse would read as about 108.8 with the three files' response
 * headers); the framework alone (react-dom/client about 57 KiB, React
 * Router with React about 27 KiB in brotli) leaves little of the goal's 110 KiB for the pages'
 * own code. Alerts raised it from 109 to 109.3: every page's route table (in the shell) names
 * the alert pages (My Alerts, My Sales, /alerts/{add|confirm|unsubscribe}), which took the help
 * pages from 108.7-108.9 to 108.9-109.1 (the chunks' hashes move it by 0.1); the cards' alert
 * actions cost the listing nothing (their dialog is loaded on demand). Looks raised it to 109.5:
 * their four routes in the same table took help to 109.1-109.2. The help pages carry all six
 * pages' text in one route module (8.6 KiB of brotli); one module per page would give the
 * ratchet back its room (the next change that names a route should do it). Ratings, follows,
 * the admin view and the social cards took the heaviest pages past it (My Wishlists 110.2,
 * help 110.1); the help pages became one module each (103.7-105.2) and the small chunks only
 * other pages load were folded per family instead of into one (My Wishlists 107), leaving the
 * listing the heaviest again. Follows raised it to 109.7: a brand or store listing names its
 * Follow button (its code on demand, its factory and the followed ids in the listing's data),
 * which took the listing from 109.3 to 109.6.
 */
export const JS_BUDGET = { kib: 109.8, files: JS_GOAL.files } as const;

export type RouteLoad = {
  /** The route module, as the routes table names it ('listing' for client/routes/listing.route.tsx). */
  route: string;
  /** Output files, paths relative to the working directory as in the metafile. */
  files: string[];
  /** Their compressed size, as sent to a browser. */
  bytes: number;
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
    loads.push({ route, files, bytes: files.reduce((sum, f) => sum + sizeOf(f), 0) });
  }
  return loads.sort((a, b) => a.route.localeCompare(b.route));
}

/** Every route over `budget`, with why; empty when all fit. */
export function overBudget(loads: readonly RouteLoad[], budget: Budget): string[] {
  const problems: string[] = [];
  for (const load of loads) {
    const kib = load.bytes / 1024;
    if (kib > budget.kib) problems.push(`${load.route}: ${kib.toFixed(1)} KiB of JavaScript, over ${budget.kib} KiB`);
    if (load.files.length > budget.files) problems.push(`${load.route}: ${load.files.length} JavaScript files, over ${budget.files}`);
  }
  return problems;
}

/** One line per route: compressed KiB and files, against the goal. */
export function formatLoads(loads: readonly RouteLoad[], goal: Budget = JS_GOAL): string {
  const width = Math.max(...loads.map((l) => l.route.length));
  const lines = loads.map((l) => {
    const kib = l.bytes / 1024;
    const met = kib <= goal.kib && l.files.length <= goal.files ? 'goal met' : `goal ${goal.kib} KiB, ${goal.files} files: not met`;
    return `  ${l.route.padEnd(width)}  ${kib.toFixed(1).padStart(6)} KiB  ${String(l.files.length).padStart(2)} files  ${met}`;
  });
  return ['First-load JavaScript per route (entry + route module, brotli as served):', ...lines].join('\n');
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
 * …/wishlist, …/product), the subject of a shared rule file (shared/validation/account-fields.ts:
 * account), else its top folder. A chunk's family is its first module's.
 */
export function moduleFamily(module: string): string {
  const area = /^client\/components\/([^/]+)\//.exec(module)?.[1];
  if (area) return area;
  const rule = /^shared\/validation\/([a-z]+)/.exec(module)?.[1];
  if (rule) return rule;
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
