// `npm run lighthouse`: Lighthouse (mobile defaults: a mid-range phone on a slow 4G link,
// simulated) on the built product, as a new visitor sees it. A benchmark, not a test: the
// figures are noisy on a shared machine and never fail anything.
//   npm run lighthouse -- [--runs 3] [--pages listing,search] [--save <dir>] [--busy]
// --busy keeps one core busy while it audits (a loop in a process of its own, at normal
// priority, stopped with the audit and after an hour at most), so the figures under a shared
// CPU, which is what a mid-range phone looks like, can be made again (issue 31).
// --pages audits only the named pages; --save writes each run's full report (JSON) to the
// folder, for Lighthouse's own diagnostics (LCP breakdown, render-blocking resources, requests).
// It starts the product as `npm start` does (the api on the embedded defaults with the demo
// catalogue, then the web), each in a child process on a free port with a data folder of its
// own, audits every page in PAGES a few times in Debian's Chromium, and prints the median run
// of each with the goals of the performance work. Nothing is fetched from the internet:
// Chromium runs with background networking off and the pages are ours.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import nodePath from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { WISHLIST_API } from '../shared/api/wishlist-paths';
import { ListingPageSchema } from '../shared/api/search-schemas';
import { WishlistAddedSchema, WishlistListsSchema, type Wishlist } from '../shared/api/wishlist-schemas';
import { LISTING_CALL_PATHS } from '../shared/listing/companion-calls';
import { callApi, registerShopper } from './lib/api-calls';
import { freePort, startNodeProcess, tempDataDir, waitForUrl, type NodeProcess } from './lib/processes';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Page = {
  name: string;
  /** The path to audit, or how to find it on the running site (a product page needs a product). */
  path: string | ((site: Site) => Promise<string>);
  /** Whether the listing goals (TBT and LCP) apply. */
  listing?: boolean;
  /** In a translated language (issue 29): its catalogue may add JavaScript up to GOALS.translatedJsKib. */
  translated?: boolean;
};

type Site = { webUrl: string; apiUrl: string };

/** A product page: the first card of /dresses. */
async function firstProductPath({ webUrl }: Site): Promise<string> {
  const html = await (await fetch(`${webUrl}/dresses`)).text();
  // The card's title links to its product page (ProductCard.tsx).
  const link = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(html);
  if (!link?.[1]) throw new Error('no product card on /dresses to take a product page from');
  return link[1];
}

/**
 * A public wishlist, as a new visitor opens one a shopper shared: a shopper signs up on the
 * api, puts the first eight products of /dresses in a list and makes it public.
 */
async function publicWishlistPath({ apiUrl }: Site): Promise<string> {
  const listing = await callApi(apiUrl, 'GET', `${LISTING_CALL_PATHS.listing}?link=%2Fdresses&country=GB`, ListingPageSchema);
  const ids = (listing.pages[0]?.products ?? []).map((p) => p.id).slice(0, 8);
  if (ids.length < 8) throw new Error(`only ${ids.length} products on /dresses to put in a wishlist`);
  const { token } = await registerShopper(apiUrl, 'lighthouse');
  let list: Wishlist | undefined;
  for (const id of ids) {
    const added = await callApi(apiUrl, 'POST', WISHLIST_API.add, WishlistAddedSchema, { token, body: { id, listId: list?.listId ?? 0, listName: list ? '' : 'Party Season' } });
    list ??= added.lists[0];
  }
  if (!list) throw new Error('adding to a new wishlist answered no list');
  await callApi(apiUrl, 'PUT', WISHLIST_API.privacy, WishlistListsSchema, { token, body: { listId: list.listId, isPublic: 1 } });
  return `/wishlist/${list.listId}/${list.slug}`;
}

/** The pages audited: the four, and a wishlist page (it asks for "a wishlist or look page"). */
const PAGES: Page[] = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/dresses', listing: true },
  // The same listing in French, with the same goals (issue 29).
  { name: 'listing-fr', path: '/ca/fr/dresses', listing: true, translated: true },
  { name: 'search', path: '/search?q=dress', listing: true },
  { name: 'product', path: firstProductPath },
  { name: 'wishlist', path: publicWishlistPath },
];

/** The goals of the performance work (README "Benchmarks"); 100 on a quiet machine and 95 with a core busy are issue 31's. */
const GOALS = { performance: 100, busyPerformance: 95, bestPractices: 100, listingTbtMs: 100, listingLcpMs: 1500, jsKib: 110, translatedJsKib: 115, jsFiles: 12 } as const;

type Figures = {
  performance: number;
  accessibility: number;
  /** The accessibility audits that failed, by id. */
  accessibilityFailures: string[];
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsKib: number;
  jsFiles: number;
};

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number from 1`);
  return value;
}

function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

function figures(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Every script the page fetched over the network (inline scripts are not requests).
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? []).filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKib: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    jsFiles: scripts.length,
  };
}

/** Which goals a page's median run meets, and which it misses. */
function goalReport(page: Page, f: Figures, busy: boolean): string[] {
  const check = (met: boolean, text: string) => `${met ? 'met' : 'MISSED'}: ${text}`;
  const performance = busy ? GOALS.busyPerformance : GOALS.performance;
  const lines = [
    check(f.performance >= performance, `performance ≥ ${performance}${busy ? ' with one core busy' : ''}`),
    check(f.bestPractices >= GOALS.bestPractices, `Best Practices ${GOALS.bestPractices}`),
  ];
  const jsKib = page.translated ? GOALS.translatedJsKib : GOALS.jsKib;
  lines.push(check(f.jsKib <= jsKib && f.jsFiles <= GOALS.jsFiles, `JavaScript ≤ ${jsKib} KiB in ≤ ${GOALS.jsFiles} files`));
  if (page.listing) {
    lines.push(check(f.tbtMs <= GOALS.listingTbtMs, `TBT ≤ ${GOALS.listingTbtMs} ms`), check(f.lcpMs <= GOALS.listingLcpMs, `LCP ≤ ${GOALS.listingLcpMs / 1000} s`));
  }
  return lines;
}

async function main() {
  const runs = option('runs', 3);
  const only = textOption('pages')?.split(',');
  const unknown = only?.filter((name) => !PAGES.some((p) => p.name === name)) ?? [];
  if (unknown.length) throw new Error(`--pages: no page named ${unknown.join(', ')} (there are ${PAGES.map((p) => p.name).join(', ')})`);
  const saveDir = textOption('save');
  const busy = process.argv.includes('--busy');
  if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROME_PATH)`);
  const processes: NodeProcess[] = [];
  const dataDir = tempDataDir();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let busyLoop: ChildProcess | undefined;
  try {
    const apiPort = await freePort();
    const api = startNodeProcess('dist/server/api.js', { API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    processes.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    // The first start imports the demo catalogue, as `npm start` does: allow it time.
    await waitForUrl(`${apiUrl}/readyz`, api, 300_000);
    const webPort = await freePort();
    const web = startNodeProcess('dist/server/web.js', { PORT: String(webPort), HOST: '127.0.0.1', API_BASE_URL: apiUrl, LOG_LEVEL: 'error' });
    processes.push(web);
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitForUrl(`${webUrl}/healthz`, web);

    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] };
    if (busy) busyLoop = keepOneCoreBusy();
    console.log(`Lighthouse ${runs} run(s) per page, mobile defaults, median run (Chromium at ${CHROMIUM})${busy ? ', one core kept busy' : ''}`);
    const rows: string[][] = [['page', 'perf', 'a11y', 'BP', 'LCP s', 'FCP s', 'TBT ms', 'CLS', 'JS KiB', 'JS files']];
    const reports: string[] = [];
    for (const page of PAGES.filter((p) => !only || only.includes(p.name))) {
      const path = typeof page.path === 'string' ? page.path : await page.path({ webUrl, apiUrl });
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        let result = await lighthouse(`${webUrl}${path}`, flags);
        // Lighthouse sometimes records a trace without the navigation's start on a busy
        // machine (NO_NAVSTART, its own "run Lighthouse again"): the run is made again, twice at most.
        for (let again = 0; again < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; again++) {
          console.log(`[lighthouse] ${path}: no navigation start in the trace, run ${i + 1} made again`);
          result = await lighthouse(`${webUrl}${path}`, flags);
        }
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${result.lhr.runtimeError.message}`);
        results.push(result.lhr);
        if (saveDir) fs.writeFileSync(nodePath.join(saveDir, `${page.name}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
      const median = figures(computeMedianRun(results));
      rows.push([
        `${page.name} (${path})`,
        String(median.performance),
        String(median.accessibility),
        String(median.bestPractices),
        (median.lcpMs / 1000).toFixed(2),
        (median.fcpMs / 1000).toFixed(2),
        String(Math.round(median.tbtMs)),
        median.cls.toFixed(3),
        median.jsKib.toFixed(1),
        String(median.jsFiles),
      ]);
      const failures = median.accessibilityFailures.length ? `\n  accessibility audits failed: ${median.accessibilityFailures.join(', ')}` : '';
      reports.push(`${page.name}:\n  ${goalReport(page, median, busy).join('\n  ')}${failures}`);
    }
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const row of rows) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
    console.log(`\nGoals (median run of each page):\n${reports.join('\n')}`);
  } finally {
    busyLoop?.kill();
    await chrome?.kill();
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A loop on one core in a process of its own, at normal priority; it ends by itself after an hour. */
function keepOneCoreBusy(): ChildProcess {
  const loop = 'const end = Date.now() + 3_600_000; while (Date.now() < end);';
  return spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
}

main().catch((error: Error) => {
  console.error(`[lighthouse] ${error.message}`);
  process.exitCode = 1;
});
