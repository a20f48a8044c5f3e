// `npm run bench`: throughput measured side by side in one run, medians of several rounds
// (the machine is small, shared and noisy: compare the ratios, not the absolute figures).
//   npm run bench -- [--rounds 5] [--duration 5] [--connections 50]
// 1. SSR of the root page (streamed), the same page through renderToString in the same
//    server, and the same bytes served as a static string by Express;
// 2. the gateway: GET /api/home/slides through web, through a bare Node forwarder (the
//    ceiling on this machine) and straight to api, with the CPU an answer of each serving
//    process: npm run bench -- [--gateway-only];
// 3. a listing page end to end (web → api → catalog index → streamed HTML) for a guest and for
//    a signed-in shopper (token cookie; the catalogue still comes from the shared cache, only
//    the header's profile calls are theirs: kept by the session cache for the session's next
//    pages, and asked on every page with it off, as on the first page of a visit), against the
//    same bytes served as a static string;
// 4. the catalog index against SQL on PostgreSQL (scripts/bench/index-bench.ts):
//    npm run bench -- [--index-sizes 30000,1000000] [--index-queries 150] [--index-sql-rounds 1] [--index-matched 0.4] [--index-slowest 10] [--index-only]
//    `--scale` alone: 1,000,000 and 10,000,000 offers (the index alone at 10,000,000; issue 30)
// 5. the web's rendering and behaviour under load: page cache, streaming spread, a burst
//    (scripts/bench/web-throughput.ts), a fixed rate of twice its capacity:
//    npm run bench -- [--burst-requests 1200] [--burst-seconds 30] [--burst-waves 10]
//    [--overload-seconds 20] [--throughput-only]
// 6. the price history (scripts/bench/history-bench.ts): first start with a year of demo
//    history, then the endpoint's p50 and p95: npm run bench -- [--history-products 30000]
//    [--history-requests 400] [--history-only]
// 7. a full feed's import with withdrawals against one without (scripts/bench/withdrawal-bench.ts):
//    npm run bench -- [--withdrawal-products 30000] [--withdrawal-rounds 5] [--withdrawal-only]
// 8. the demo's import with matching against the same feeds without identifiers (issue 28,
//    scripts/bench/matching-bench.ts):
//    npm run bench -- [--matching-products 30000] [--matching-rounds 2] [--matching-only]
// 9. feed import throughput, new and unchanged, on PGlite and PostgreSQL, and the first start
//    of an api on an empty data directory (issue 30, scripts/bench/import-bench.ts):
//    npm run bench -- [--import-products 30000] [--import-rounds 3] [--import-start-rounds 1] [--import-only]
// 10. the first load's main-thread work per page, JavaScript on and off (issue 31,
//    scripts/bench/main-thread-bench.ts), beside a build of the code before:
//    npm run bench -- [--main-thread-rounds 5] [--main-thread-before ../before/dist] [--main-thread-only]
// 11. the api ready after a restart, from the database and from its index snapshot (issue 30,
//    scripts/bench/restart-bench.ts): npm run bench -- [--restart-products 1000000] [--restart-rounds 3] [--restart-only]
// `--web-only` runs the web sections without the index. Sections 1-3 render every request
// (RENDER_EVERY_REQUEST: page cache off, no queue deadline), so that they measure renders.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { FULL_DEMO } from '../server/demo/catalog/demo-world';
import { COOKIE } from '../shared/constants';
import { runApiBench } from './bench/api-bench';
import { serveBareForwarder } from './bench/bare-forwarder';
import { runHistoryBench } from './bench/history-bench';
import { runWithdrawalBench } from './bench/withdrawal-bench';
import { runMatchingBench } from './bench/matching-bench';
import { runImportBench } from './bench/import-bench';
import { runMainThreadBench } from './bench/main-thread-bench';
import { runRestartBench } from './bench/restart-bench';
import { DEMO_SIZE, runIndexBench } from './bench/index-bench';
import { compare, printTable, summarise } from './bench/load';
import { RENDER_EVERY_REQUEST, runWebThroughputBench, type WebThroughputContext } from './bench/web-throughput';
import { registerShopper } from './lib/api-calls';
import { BUILD_DIR, freePort, generateDemoCatalog, startNodeProcess, tempDataDir, waitForUrl, type NodeProcess } from './lib/processes';
import { HOME_API } from '../shared/api/home-paths';
import { serve } from '../server/lib/serve';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

// Child mode: serve one file's bytes as a static string (the ceiling SSR is compared to),
// served as the web and the api are (serve(): requests born with Express's prototypes).
if (args[0] === '--serve-static') {
  const body = fs.readFileSync(args[1]!);
  const app = express();
  app.set('etag', false);
  app.get('/{*splat}', (_req, res) => {
    res.type('html').send(body);
  });
  serve(app, Number(args[2]), '127.0.0.1', () => undefined);
} else if (args[0] === '--serve-forwarder') {
  serveBareForwarder(args[1]!, Number(args[2]));
} else if (args.includes('--history-only')) {
  await historyBench();
} else if (args.includes('--withdrawal-only')) {
  await withdrawalBench();
} else if (args.includes('--matching-only')) {
  await matchingBench();
} else if (args.includes('--import-only')) {
  await importBench();
} else if (args.includes('--main-thread-only')) {
  await mainThreadBench();
} else if (args.includes('--restart-only')) {
  await restartBench();
} else if (args.includes('--scale')) {
  await indexBench();
} else {
  if (!args.includes('--index-only')) await main();
  if (!['--web-only', '--throughput-only', '--gateway-only'].some((only) => args.includes(only))) await indexBench();
  if (!args.some((a) => a.endsWith('-only'))) {
    await historyBench();
    await withdrawalBench();
    await matchingBench();
    await importBench();
    await mainThreadBench();
    await restartBench();
  }
}

async function restartBench() {
  await runRestartBench({ products: option('restart-products', 1_000_000), rounds: option('restart-rounds', 3), log: (line) => console.log(line) });
}

async function mainThreadBench() {
  const before = args.includes('--main-thread-before') ? args[args.indexOf('--main-thread-before') + 1] : undefined;
  await runMainThreadBench({
    builds: [...(before ? [{ label: 'before', buildDir: path.resolve(before) }] : []), { label: 'this checkout', buildDir: BUILD_DIR }],
    rounds: option('main-thread-rounds', 5),
    log: (line) => console.log(line),
  });
}

async function importBench() {
  await runImportBench({
    products: option('import-products', FULL_DEMO.products),
    rounds: option('import-rounds', 3),
    startRounds: option('import-start-rounds', 1),
    log: (line) => console.log(line),
  });
}

async function matchingBench() {
  await runMatchingBench({ products: option('matching-products', FULL_DEMO.products), rounds: option('matching-rounds', 2), log: (line) => console.log(line) });
}

async function withdrawalBench() {
  await runWithdrawalBench({
    products: option('withdrawal-products', FULL_DEMO.products),
    rounds: option('withdrawal-rounds', 5),
    log: (line) => console.log(line),
  });
}

async function historyBench() {
  await runHistoryBench({
    products: option('history-products', FULL_DEMO.products),
    requests: option('history-requests', 400),
    log: (line) => console.log(line),
  });
}

async function indexBench() {
  // Issue 30: `--scale` times the index at 10,000,000 offers beside 1,000,000 (minutes; the index alone there).
  const sizes = args.includes('--index-sizes')
    ? args[args.indexOf('--index-sizes') + 1]!.split(',').map(Number)
    : args.includes('--scale')
      ? [1_000_000, 10_000_000]
      : [DEMO_SIZE, 1_000_000];
  await runIndexBench({
    sizes,
    // The SQL column at 1,000,000 only, and not in `--scale`'s run (the default run has it).
    sqlUpTo: args.includes('--scale') ? 0 : 1_000_000,
    queries: option('index-queries', 150),
    memoryRounds: 5,
    sqlRounds: 3,
    largeSqlRounds: option('index-sql-rounds', 1),
    // Issue 28: the share of items sold by two to five stores (listings collapse them to one card).
    matchedShare: option('index-matched', 0.4),
    slowest: option('index-slowest', 0),
    log: (line) => process.stderr.write(`${line}\n`),
  });
}

/**
 * Section 2: the same api call through the web's gateway, through the least a Node forwarder
 * can do (bare-forwarder.ts: what this machine allows a forwarder on its two shared cores),
 * and straight to the api.
 */
async function gatewayBench(web: { url: string; pid: number }, api: { url: string; pid: number }, settings: Parameters<typeof compare>[1], processes: NodeProcess[]) {
  const [webUrl, apiUrl] = [web.url, api.url];
  const port = await freePort();
  const forwarder = startNodeProcess(fileURLToPath(import.meta.url), {}, { args: ['--serve-forwarder', apiUrl, String(port)] });
  processes.push(forwarder);
  const bareUrl = `http://127.0.0.1:${port}`;
  await waitForUrl(`${bareUrl}/readyz`, forwarder);
  const gateway = summarise(
    await compare(
      [
        { name: 'GET /api/home/slides through web (gateway)', url: `${webUrl}${HOME_API.slides}`, cpuPid: web.pid },
        { name: 'GET /api/home/slides through a bare forwarder', url: `${bareUrl}${HOME_API.slides}`, cpuPid: forwarder.child.pid! },
        { name: 'GET /api/home/slides straight to api', url: `${apiUrl}${HOME_API.slides}`, cpuPid: api.pid },
      ],
      settings,
    ),
  );
  const [viaWeb, bare, direct] = gateway;
  printTable('2. Gateway', gateway, [
    ['through gateway / direct', viaWeb!.rps / direct!.rps],
    ['bare forwarder / direct (the ceiling here)', bare!.rps / direct!.rps],
  ]);
  // What each answer cost the process that gave it (the web, the forwarder, the api), all its
  // threads: requests a second move with the machine's speed and with what else runs; this less.
  const us = (row: (typeof gateway)[number]) => `${Math.round(row.cpuPerAnswerUs!)} µs`;
  console.log(`  CPU an answer: the web ${us(viaWeb!)}, the bare forwarder ${us(bare!)}, the api ${us(direct!)} (its own, straight)`);
  console.log(`  ${'web / bare forwarder, CPU an answer'.padEnd(44)} ${(viaWeb!.cpuPerAnswerUs! / bare!.cpuPerAnswerUs!).toFixed(2).padStart(8)}`);
}

async function main() {
  const rounds = option('rounds', 5);
  const durationSeconds = option('duration', 5);
  const connections = option('connections', 50);
  const settings = { rounds, durationSeconds, connections, warmupSeconds: 2 };
  const self = fileURLToPath(import.meta.url);
  const processes: NodeProcess[] = [];
  const dataDir = tempDataDir();
  try {
    console.log(`Vitrine benchmark: ${rounds} rounds × ${durationSeconds} s, ${connections} connections, medians`);
    generateDemoCatalog(dataDir, 1500);
    const apiPort = await freePort();
    const api = startNodeProcess('dist/server/api.js', { API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    processes.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForUrl(`${apiUrl}/readyz`, api);

    /** The process id of each web started, by its URL. */
    const webPids = new Map<string, number>();
    /** A web server over the api with settings of its own; answers its URL once it serves. */
    const web = async (env: NodeJS.ProcessEnv = {}) => {
      const port = await freePort();
      const proc = startNodeProcess('dist/server/web.js', { PORT: String(port), HOST: '127.0.0.1', API_BASE_URL: apiUrl, LOG_LEVEL: 'error', ...env });
      processes.push(proc);
      const url = `http://127.0.0.1:${port}`;
      await waitForUrl(`${url}/healthz`, proc);
      webPids.set(url, proc.child.pid!);
      return url;
    };
    const gatewayRun = () => gatewayBench({ url: streamUrl, pid: webPids.get(streamUrl)! }, { url: apiUrl, pid: api.child.pid! }, settings, processes);
    const throughput: WebThroughputContext = {
      apiUrl,
      web,
      self,
      processes,
      dataDir,
      settings,
      burst: { requests: option('burst-requests', 1200), seconds: option('burst-seconds', 30), waves: option('burst-waves', 10) },
      overload: { seconds: option('overload-seconds', 20) },
    };
    if (args.includes('--throughput-only')) return await runWebThroughputBench(throughput);
    const streamUrl = await web(RENDER_EVERY_REQUEST);
    if (args.includes('--gateway-only')) return await gatewayRun();
    const stringUrl = await web({ ...RENDER_EVERY_REQUEST, RENDER_MODE: 'string' });

    const page = await (await fetch(`${streamUrl}/`)).text();
    const pageFile = path.join(dataDir, 'root-page.html');
    fs.writeFileSync(pageFile, page);
    const staticPort = await freePort();
    const staticServer = startNodeProcess(self, {}, { args: ['--serve-static', pageFile, String(staticPort)] });
    processes.push(staticServer);
    const staticUrl = `http://127.0.0.1:${staticPort}`;
    await waitForUrl(staticUrl, staticServer);

    const ssr = summarise(
      await compare(
        [
          { name: 'SSR root page, as served (RENDER_MODE auto)', url: `${streamUrl}/` },
          { name: 'SSR root page, renderToString', url: `${stringUrl}/` },
          { name: 'Same bytes as a static string (Express)', url: `${staticUrl}/` },
        ],
        settings,
      ),
    );
    const [stream, string, staticRow] = ssr;
    printTable(`1. Root page (${Math.round(page.length / 1024)} KB)`, ssr, [
      ['as served / renderToString', stream!.rps / string!.rps],
      ['as served / static string', stream!.rps / staticRow!.rps],
    ]);

    await gatewayRun();

    // A listing as a shopper lands on it: a category with a filter and a sort. Anonymous
    // listing answers are cacheable, so the web's shared cache serves repeats; the row
    // without it (SHARED_CACHE_MAX_BYTES=0) shows the whole path every time.
    const listingPath = '/dresses?colour=black&sort=asc';
    const uncachedUrl = await web({ ...RENDER_EVERY_REQUEST, SHARED_CACHE_MAX_BYTES: '0' });
    // A web without the session cache: every signed-in page asks the api for the shopper's own
    // answers, as the first page of a visit does.
    const firstPageUrl = await web({ ...RENDER_EVERY_REQUEST, SESSION_CACHE_SECONDS: '0' });
    // Issue 26, before and after in one run: a web that parses every kept answer again at each
    // use (KEEP_PARSED_ANSWERS=false, as before) beside the one that keeps them parsed.
    const reparsingUrl = await web({ ...RENDER_EVERY_REQUEST, KEEP_PARSED_ANSWERS: 'false' });
    const listingResponse = await fetch(`${streamUrl}${listingPath}`);
    if (listingResponse.status !== 200) throw new Error(`${listingPath} answered ${listingResponse.status}`);
    const listing = await listingResponse.text();
    const listingFile = path.join(dataDir, 'listing-page.html');
    fs.writeFileSync(listingFile, listing);
    const listingStaticPort = await freePort();
    const listingStatic = startNodeProcess(self, {}, { args: ['--serve-static', listingFile, String(listingStaticPort)] });
    processes.push(listingStatic);
    const listingStaticUrl = `http://127.0.0.1:${listingStaticPort}`;
    await waitForUrl(listingStaticUrl, listingStatic);
    // The same page for a signed-in shopper: a token cookie from a real registration.
    const shopper = await signedInCookie(apiUrl);
    const signedInPage = await fetch(`${streamUrl}${listingPath}`, { headers: { cookie: shopper } });
    if (signedInPage.status !== 200 || !(await signedInPage.text()).includes('data-testid="account-name"')) {
      throw new Error(`${listingPath} did not render for the signed-in shopper (${signedInPage.status})`);
    }
    const listingRows = summarise(
      await compare(
        [
          { name: `SSR ${listingPath}, as served (guest)`, url: `${streamUrl}${listingPath}` },
          { name: 'the same, kept answers parsed at each use (before issue 26)', url: `${reparsingUrl}${listingPath}` },
          { name: 'the same, signed-in shopper', url: `${streamUrl}${listingPath}`, headers: { cookie: shopper } },
          { name: 'signed-in, session cache off (first page of a visit)', url: `${firstPageUrl}${listingPath}`, headers: { cookie: shopper } },
          { name: `SSR ${listingPath}, no shared cache`, url: `${uncachedUrl}${listingPath}` },
          { name: 'Same bytes as a static string (Express)', url: `${listingStaticUrl}/` },
        ],
        settings,
      ),
    );
    const [listed, listedReparsing, listedSignedIn, listedFirstPage, listedUncached, listedStatic] = listingRows;
    printTable(`3. Listing page (${Math.round(listing.length / 1024)} KB)`, listingRows, [
      ['kept answers parsed once (after) / at each use (before)', listed!.rps / listedReparsing!.rps],
      ['signed-in / guest', listedSignedIn!.rps / listed!.rps],
      ['signed-in, session cache off / guest', listedFirstPage!.rps / listed!.rps],
      ['streamed / static string', listed!.rps / listedStatic!.rps],
      ['no shared cache / static string', listedUncached!.rps / listedStatic!.rps],
    ]);
    await runApiBench({ apiUrl, self, dataDir, processes, settings }); // the api: scripts/bench/api-bench.ts
    await runWebThroughputBench(throughput);
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Registers a shopper through the api and returns the cookies the web server would have set. */
async function signedInCookie(apiUrl: string): Promise<string> {
  const session = await registerShopper(apiUrl, 'bench');
  return `${COOKIE.token}=${session.token}; ${COOKIE.profileType}=${session.profileType}`;
}
