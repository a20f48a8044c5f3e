import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { compare, printTable, summarise } from './load';
import { freePort, startNodeProcess, waitForUrl, type NodeProcess } from '../lib/processes';
import { HOME_API } from '../../shared/api/home-paths';
import * as SEARCH_API from '../../shared/api/search-paths';

// `npm run bench`, the api's own figures (called from scripts/bench.ts):
// 1. GET /api/home/slides straight to the api (answered from the bytes it keeps in memory)
//    against the same bytes sent as a static string by Express (bench.ts's --serve-static child);
// 2. a burst from one client: BURST_REQUESTS listing searches sent at once, none of them
//    answerable from memory; the api bounds the work in flight (API_MAX_IN_FLIGHT, a short
//    queue), so what it cannot serve soon is refused at once with 503 and Retry-After. The
//    figures: the slowest answer, the median, and how many were refused.
// Run with API_ANSWER_CACHE_MAX_BYTES=0 (or API_MAX_IN_FLIGHT=100000) in the environment to see
// the api without either; the api process inherits it.

export type ApiBenchContext = {
  apiUrl: string;
  /** bench.ts itself, which serves a file's bytes as a static string with --serve-static. */
  self: string;
  dataDir: string;
  processes: NodeProcess[];
  settings: { rounds: number; connections: number; durationSeconds: number; warmupSeconds: number };
};

const GOAL_SLIDES_RATIO = 0.5;
const BURST_REQUESTS = 1200;
const BURST_SOCKETS = 600;
const BURST_WORDS = ['dress', 'jeans', 'shirt', 'boots', 'coat', 'skirt', 'bag', 'heels', 'top', 'knit', 'sneakers', 'jacket'];

export async function runApiBench(context: ApiBenchContext): Promise<void> {
  const { apiUrl, self, dataDir, processes, settings } = context;
  const slidesPath = HOME_API.slides;
  const slides = await fetch(`${apiUrl}${slidesPath}`);
  if (slides.status !== 200) throw new Error(`${slidesPath} answered ${slides.status}`);
  const file = path.join(dataDir, 'home-slides.json');
  fs.writeFileSync(file, Buffer.from(await slides.arrayBuffer()));
  const port = await freePort();
  const staticServer = startNodeProcess(self, {}, { args: ['--serve-static', file, String(port)] });
  processes.push(staticServer);
  const staticUrl = `http://127.0.0.1:${port}`;
  await waitForUrl(staticUrl, staticServer);

  const rows = summarise(
    await compare(
      [
        { name: `GET ${slidesPath} on the api`, url: `${apiUrl}${slidesPath}` },
        { name: 'Same bytes as a static string (Express)', url: `${staticUrl}/` },
      ],
      settings,
    ),
  );
  const ratio = rows[0]!.rps / rows[1]!.rps;
  printTable(`Api: answers kept in memory (${fs.statSync(file).size} bytes)`, rows, [
    [`api / static string (goal ≥ ${GOAL_SLIDES_RATIO}: ${ratio >= GOAL_SLIDES_RATIO ? 'met' : 'not met'})`, ratio],
  ]);

  const burst = await sendBurst(apiUrl);
  console.log(`\nApi: a burst of ${BURST_REQUESTS} searches at once from one client (${BURST_SOCKETS} connections)`);
  console.log(`  answered 200: ${burst.ok}, refused 503: ${burst.refused}, other: ${burst.other}, connection errors: ${burst.errors}`);
  console.log(`  slowest answer ${Math.round(burst.slowestMs)} ms, median ${Math.round(burst.medianMs)} ms, slowest 503 ${Math.round(burst.slowestRefusalMs)} ms`);
}

type Burst = { ok: number; refused: number; other: number; errors: number; slowestMs: number; medianMs: number; slowestRefusalMs: number };

/** Sends every request of the burst at once over one agent and times each answer. */
async function sendBurst(apiUrl: string): Promise<Burst> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BURST_SOCKETS });
  const started = performance.now();
  const one = (i: number) =>
    new Promise<{ status: number; ms: number }>((resolve) => {
      const word = BURST_WORDS[i % BURST_WORDS.length]!;
      const url = `${apiUrl}${SEARCH_API.list}?country=GB&q=${word}&page=${1 + Math.floor(i / BURST_WORDS.length)}&perPage=24`;
      const req = http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      });
      req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
  const answers = await Promise.all(Array.from({ length: BURST_REQUESTS }, (_, i) => one(i)));
  agent.destroy();
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const refusals = answers.filter((a) => a.status === 503);
  return {
    ok: answers.filter((a) => a.status === 200).length,
    refused: refusals.length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 503 && a.status !== 0).length,
    errors: answers.filter((a) => a.status === 0).length,
    slowestMs: times[times.length - 1] ?? 0,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    slowestRefusalMs: Math.max(0, ...refusals.map((a) => a.ms)),
  };
}
