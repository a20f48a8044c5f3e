import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { COLOURS } from '../../shared/colours';
import { SORT_OPTIONS } from '../../shared/sort-options';
import { freePort, startNodeProcess, waitForUrl, type NodeProcess } from '../lib/processes';
import { compare, median, printTable, summarise } from './load';

// The web server's rendering and its behaviour under load, side by side in one run:
//  - what a render costs, with the page cache off (every request renders): the home page as
//    served (RENDER_MODE auto) and always streamed against renderToString, and the spread of
//    answers at 50 connections (p99 / p50) for home and a listing;
//  - a listing with the shared cache off against on (page cache off);
//  - a hot anonymous listing from the page cache against the same bytes as a static string;
//  - a burst of page requests from one client, each address new (every one a render), at a
//    default web server: the slowest answer, 503s with Retry-After, anything else;
//  - a fixed rate of new listings, twice what the web serves, for `overload.seconds`: what is
//    not served within 2 s must be refused within 0.5 s (503 and Retry-After).
//    The rate is set from the same web's capacity, measured first: the pages per second it
//    served under a rate far above it.
// Each figure is printed with its goal and whether this run met it.

export type WebThroughputContext = {
  apiUrl: string;
  /** A web process over the api with these settings; answers its URL once it serves. */
  web(env?: NodeJS.ProcessEnv): Promise<string>;
  /** This script, whose `--serve-static <file> <port>` mode serves a file's bytes from Express. */
  self: string;
  processes: NodeProcess[];
  dataDir: string;
  settings: { rounds: number; durationSeconds: number; connections: number; warmupSeconds: number };
  burst: { requests: number; seconds: number; waves: number };
  overload: { seconds: number };
};

/**
 * A web server that renders every request and never refuses one: the page cache off, and the
 * overload gate's queue deadline far beyond a round, so a closed loop of 50 connections measures
 * renders (the gate still bounds how many run at once, as in production).
 */
export const RENDER_EVERY_REQUEST: NodeJS.ProcessEnv = { PAGE_CACHE_MAX_BYTES: '0', QUEUE_TIMEOUT_MS: '600000' };

type Goal = { what: string; value: number; goal: string; met: boolean; format?: (v: number) => string };

const LISTING = '/dresses?colour=black&sort=asc';
const CATEGORIES = ['dresses', 'tops', 't-shirts', 'knitwear', 'jeans', 'trousers', 'skirts', 'coats', 'jackets', 'sneakers', 'boots', 'handbags'];
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 bench' };

async function serveStatic(ctx: WebThroughputContext, html: string, name: string): Promise<string> {
  const file = path.join(ctx.dataDir, name);
  fs.writeFileSync(file, html);
  const port = await freePort();
  const proc = startNodeProcess(ctx.self, {}, { args: ['--serve-static', file, String(port)] });
  ctx.processes.push(proc);
  const url = `http://127.0.0.1:${port}`;
  await waitForUrl(url, proc);
  return url;
}

/** `count` listing addresses, all different: a category, a colour and a sort each. */
function coldAddresses(count: number): string[] {
  const out: string[] = [];
  for (const sort of ['', ...SORT_OPTIONS.map((o) => o.value)]) {
    for (const colour of COLOURS) {
      for (const category of CATEGORIES) {
        out.push(`/${category}?colour=${colour.key}${sort ? `&sort=${sort}` : ''}`);
      }
    }
  }
  for (let page = 2; out.length < count; page++) out.push(...out.slice(0, count - out.length).map((url) => `${url}&page=${page}`));
  return out.slice(0, count);
}

/**
 * Listings that each make an api call of their own and show products: a category, two colours,
 * a sort and one of the first three pages (about 27,000), so that neither cache answers one
 * twice in the section.
 */
function listingsOfTwoColours(): string[] {
  const out: string[] = [];
  for (const page of ['', '&page=2', '&page=3']) {
    for (const sort of ['', ...SORT_OPTIONS.map((o) => `&sort=${o.value}`)]) {
      for (const [i, first] of COLOURS.entries()) {
        for (const second of COLOURS.slice(i + 1)) {
          for (const category of CATEGORIES) out.push(`/${category}?colour=${first.key},${second.key}${sort}${page}`);
        }
      }
    }
  }
  return out;
}

type Answer = { status: number; retryAfter: boolean; ms: number };

/** One GET on the agent: its status, whether it said Retry-After, and how long it took (a client's error is status 0). */
function timedGet(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    const sent = performance.now();
    const req = http.get(url, { agent, headers: BROWSER }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] !== undefined, ms: performance.now() - sent }));
    });
    req.once('error', () => resolve({ status: 0, retryAfter: false, ms: performance.now() - sent }));
  });
}

/**
 * A closed loop: `connections` clients, each asking the next address as soon as it has its
 * answer, for `seconds`; the pages served a second (200s). What the web serves flat out.
 */
async function closedLoop(baseUrl: string, connections: number, seconds: number, addresses: readonly string[]): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = performance.now() + seconds * 1000;
  let next = 0;
  let served = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) if ((await timedGet(`${baseUrl}${addresses[next++ % addresses.length]}`, agent)).status === 200) served++;
    }),
  );
  agent.destroy();
  return served / seconds;
}

/**
 * An open loop: `rate` requests a second for `seconds`, sent at even intervals whatever the
 * answers (as shoppers arrive), each a listing address of its own, on connections kept alive
 * and opened as needed.
 */
async function fixedRate(baseUrl: string, rate: number, seconds: number, addresses: readonly string[]): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const started = performance.now();
  const pending: Promise<Answer>[] = [];
  for (let i = 0; i < Math.round(rate * seconds); i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(timedGet(`${baseUrl}${addresses[i % addresses.length]}`, agent));
  }
  const answers = await Promise.all(pending);
  agent.destroy();
  return answers;
}

/**
 * `requests` page requests from one client in `seconds`, sent in `waves` waves at even
 * intervals (all of a wave at once), without waiting for answers: what a crawler gone wild or
 * a flash sale's first seconds look like.
 */
async function burst(baseUrl: string, options: WebThroughputContext['burst']): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const addresses = coldAddresses(options.requests);
  const perWave = Math.ceil(options.requests / options.waves);
  const gap = (options.seconds * 1000) / options.waves;
  const started = performance.now();
  const pending: Promise<Answer>[] = [];
  for (let wave = 0; wave < options.waves; wave++) {
    const wait = started + wave * gap - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    for (const address of addresses.slice(wave * perWave, (wave + 1) * perWave)) pending.push(timedGet(`${baseUrl}${address}`, agent));
  }
  const answers = await Promise.all(pending);
  agent.destroy();
  return answers;
}

export async function runWebThroughputBench(ctx: WebThroughputContext): Promise<void> {
  const goals: Goal[] = [];
  const ratio = (v: number) => v.toFixed(2);

  // The render itself: every request renders.
  // As served (RENDER_MODE auto: a page with nothing deferred in one go), against
  // renderToString alone and React's stream for every page (what was served before).
  // Each with its metrics listener: every round is also timed by the web itself (its duration
  // histogram), to tell the server's tail from the load generator's.
  const withMetrics = async (env: NodeJS.ProcessEnv) => {
    const metricsPort = await freePort();
    return { url: await ctx.web({ ...env, METRICS_PORT: String(metricsPort) }), metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
  };
  const stream = await withMetrics(RENDER_EVERY_REQUEST);
  const string = await withMetrics({ ...RENDER_EVERY_REQUEST, RENDER_MODE: 'string' });
  const alwaysStream = await withMetrics({ ...RENDER_EVERY_REQUEST, RENDER_MODE: 'stream' });
  const noShared = await withMetrics({ ...RENDER_EVERY_REQUEST, SHARED_CACHE_MAX_BYTES: '0' });
  // The page cache on; misses (only the first request) may wait as long as they need.
  const cachedUrl = await ctx.web({ QUEUE_TIMEOUT_MS: RENDER_EVERY_REQUEST.QUEUE_TIMEOUT_MS });
  const listing = await (await fetch(`${cachedUrl}${LISTING}`, { headers: BROWSER })).text();
  const listingStatic = await serveStatic(ctx, listing, 'listing-static.html');

  const rendering = summarise(
    await compare(
      [
        { name: 'home as served, page cache off', url: `${stream.url}/`, metricsUrl: stream.metricsUrl },
        { name: 'home renderToString, page cache off', url: `${string.url}/`, metricsUrl: string.metricsUrl },
        { name: 'home always streamed (RENDER_MODE=stream)', url: `${alwaysStream.url}/`, metricsUrl: alwaysStream.metricsUrl },
        { name: 'listing as served, page cache off', url: `${stream.url}${LISTING}`, metricsUrl: stream.metricsUrl },
        { name: 'listing always streamed', url: `${alwaysStream.url}${LISTING}`, metricsUrl: alwaysStream.metricsUrl },
        { name: 'the same, shared cache off too', url: `${noShared.url}${LISTING}`, metricsUrl: noShared.metricsUrl },
        { name: 'the same, hot from the page cache', url: `${cachedUrl}${LISTING}` },
        { name: 'the same bytes as a static string (Express)', url: `${listingStatic}/` },
      ],
      ctx.settings,
    ),
  );
  const [home, homeString, homeStream, list, listStream, listNoShared, hot, staticRow] = rendering;
  const spread = (row: typeof home) => row!.p99 / row!.p50;
  printTable(`Web rendering and page cache (listing ${LISTING}, ${Math.round(listing.length / 1024)} KB)`, rendering, [
    ['home as served / renderToString', home!.rps / homeString!.rps],
    ['home always streamed / renderToString', homeStream!.rps / homeString!.rps],
    ['home as served p99 / p50', spread(home)],
    ['home renderToString p99 / p50', spread(homeString)],
    ['home always streamed p99 / p50', spread(homeStream)],
    ['listing as served p99 / p50', spread(list)],
    ['listing always streamed p99 / p50', spread(listStream)],
    ['listing shared cache off / on', listNoShared!.rps / list!.rps],
    ['hot listing (page cache) / static string', hot!.rps / staticRow!.rps],
  ]);
  console.log(`\n  The same rounds as each web timed them (its duration histogram: request read to last byte; bucket bounds), medians`);
  for (const row of rendering) {
    if (row.server) console.log(`  ${row.name.padEnd(44)} p50 ≤ ${String(row.server.p50).padStart(5)} ms  p99 ≤ ${String(row.server.p99).padStart(5)} ms  over 1 s: ${row.server.over1s}`);
  }
  goals.push(
    { what: 'home as served / renderToString', value: home!.rps / homeString!.rps, goal: '≥ 0.9', met: home!.rps / homeString!.rps >= 0.9, format: ratio },
    { what: `p99 / p50 at ${ctx.settings.connections} connections, home`, value: spread(home), goal: '≤ 2.5', met: spread(home) <= 2.5, format: ratio },
    { what: `p99 / p50 at ${ctx.settings.connections} connections, listing`, value: spread(list), goal: '≤ 2.5', met: spread(list) <= 2.5, format: ratio },
    { what: 'listing with the shared cache off / on', value: listNoShared!.rps / list!.rps, goal: '≥ 0.8', met: listNoShared!.rps / list!.rps >= 0.8, format: ratio },
    { what: 'hot anonymous listing / static string', value: hot!.rps / staticRow!.rps, goal: '≥ 0.5', met: hot!.rps / staticRow!.rps >= 0.5, format: ratio },
  );

  // The burst, at a web server of its own with the default settings (page cache on, overload gate).
  const burstUrl = await ctx.web();
  const { requests, seconds, waves } = ctx.burst;
  process.stderr.write(`  burst: ${requests} requests in ${seconds} s (${waves} waves), every address new\n`);
  const answers = await burst(burstUrl, ctx.burst);
  const slowest = Math.max(...answers.map((a) => a.ms));
  const refused = answers.filter((a) => a.status === 503 && a.retryAfter);
  const other = answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter));
  const served = answers.filter((a) => a.status === 200);
  console.log(`\nBurst: ${requests} page requests in ${seconds} s from one client (${waves} waves at once, each address new), default web`);
  console.log(`  answered 200                                 ${String(served.length).padStart(8)}   median ${median(served.map((a) => a.ms)).toFixed(0)} ms`);
  console.log(`  refused 503 with Retry-After                 ${String(refused.length).padStart(8)}   slowest ${Math.max(0, ...refused.map((a) => a.ms)).toFixed(0)} ms`);
  console.log(`  anything else (other status, no answer)      ${String(other.length).padStart(8)}`);
  console.log(`  slowest answer                               ${slowest.toFixed(0).padStart(8)} ms`);
  goals.push(
    { what: 'burst: slowest answer (ms)', value: slowest, goal: '≤ 2000', met: slowest <= 2000, format: (v) => v.toFixed(0) },
    { what: 'burst: answers neither 200 nor 503 + Retry-After', value: other.length, goal: '0', met: other.length === 0, format: (v) => String(v) },
  );

  // Twice the capacity, at a default web server of its own: first what it serves flat out to
  // as many clients as it renders at once (after a warm-up), every address new; then twice
  // that as a fixed rate, for the section's time, on addresses not asked before.
  const overloadUrl = await ctx.web();
  const addresses = listingsOfTwoColours();
  const third = Math.floor(addresses.length / 3);
  await closedLoop(overloadUrl, 16, ctx.settings.warmupSeconds, addresses.slice(0, third));
  const capacity = await closedLoop(overloadUrl, 16, 5, addresses.slice(third, 2 * third));
  const rate = Math.max(1, Math.round(2 * capacity));
  process.stderr.write(`  overload: capacity ${capacity.toFixed(0)} pages/s; ${rate}/s for ${ctx.overload.seconds} s\n`);
  const overloaded = await fixedRate(overloadUrl, rate, ctx.overload.seconds, addresses.slice(2 * third));
  const servedInTime = overloaded.filter((a) => a.status === 200 && a.ms <= 2000);
  const refusedInTime = overloaded.filter((a) => a.status === 503 && a.retryAfter && a.ms <= 500);
  const late = overloaded.length - servedInTime.length - refusedInTime.length;
  const slowestOf = (list: readonly Answer[]) => Math.max(0, ...list.map((a) => a.ms)).toFixed(0);
  console.log(`\nOverload: ${rate} listing requests a second for ${ctx.overload.seconds} s, twice the ${capacity.toFixed(0)} pages/s this web served (every address new), default web`);
  console.log(`  answered 200 within 2 s                      ${String(servedInTime.length).padStart(8)}   slowest ${slowestOf(servedInTime)} ms`);
  console.log(`  refused 503 with Retry-After within 0.5 s    ${String(refusedInTime.length).padStart(8)}   slowest ${slowestOf(refusedInTime)} ms`);
  const others = overloaded.filter((a) => !servedInTime.includes(a) && !refusedInTime.includes(a));
  const kinds = new Map<string, number>();
  for (const a of others) {
    const kind = a.status === 200 ? '200 after 2 s' : a.status === 503 ? '503 after 0.5 s' : a.status === 0 ? 'no answer' : String(a.status);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log(`  anything else (later, other status, none)    ${String(late).padStart(8)}   ${[...kinds].map(([k, n]) => `${n} × ${k}`).join(', ')}`);
  goals.push({ what: 'overload at 2x capacity: not 200 <= 2 s nor 503 <= 0.5 s', value: late, goal: '0', met: late === 0, format: (v) => String(v) });

  console.log('\nGoals (web rendering and load)');
  for (const g of goals) console.log(`  ${g.what.padEnd(52)} ${(g.format ?? ratio)(g.value).padStart(8)}  goal ${g.goal.padEnd(7)} ${g.met ? 'met' : 'NOT met'}`);
}
