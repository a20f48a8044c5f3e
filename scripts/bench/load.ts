import fs from 'node:fs';
import autocannon from 'autocannon';

/**
 * One round. p50 and p99 are of the answers on connections already open: each connection's
 * first answer also waits for the server to take the connection, which a busy Node server does
 * one per turn of its event loop (libuv), so the 50 connections of a round opened at once
 * are taken over up to a second or more; in production, connections come from a CDN's or a
 * balancer's keep-alive pool and are opened once. Those first answers are kept apart
 * (`firstAnswers`), not hidden.
 */
export type LoadResult = {
  requestsPerSecond: number;
  /** Answers received in the round. */
  answers: number;
  p50: number;
  p99: number;
  /** The first answer of each connection: its median and the slowest. */
  firstAnswers: { count: number; p50: number; max: number };
  non2xx: number;
  errors: number;
  /** The same round as the server timed it (its duration histogram), when it was asked for. */
  server?: ServerLatency;
  /** CPU the serving process spent per answer (µs, all its threads), when its pid was given. */
  cpuPerAnswerUs?: number;
};

/**
 * A round as the web itself timed its pages (http_request_duration_seconds, route
 * "document"): from the request read to the last byte handed to the socket. Percentiles are
 * the histogram's bucket bounds: "p99 ≤ 250 ms".
 */
export type ServerLatency = { count: number; p50: number; p99: number; over1s: number };

type Buckets = Map<number, number>;

/** /proc reports a process's times in USER_HZ ticks, 100 a second on every Linux. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds a process has spent so far, all its threads, user and system (proc(5):
 * utime and stime, fields 14 and 15 of /proc/<pid>/stat), to 10 ms. Read beside a round's
 * requests it tells what each answer cost the server that gave it, which a machine whose speed
 * drifts changes less than it changes requests a second.
 */
export function cpuSeconds(pid: number): number {
  return statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** utime + stime of a /proc/<pid>/stat line, in seconds. */
export function statCpuSeconds(stat: string): number {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses: count after its last one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The document route's cumulative bucket counts, summed over methods and statuses. */
async function documentBuckets(metricsUrl: string): Promise<Buckets> {
  const text = await (await fetch(metricsUrl)).text();
  const buckets: Buckets = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_request_duration_seconds_bucket{') || !line.includes('route="document"')) continue;
    const le = /le="([^"]+)"/.exec(line)?.[1];
    const bound = le === '+Inf' ? Infinity : Number(le);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return buckets;
}

function serverLatency(before: Buckets, after: Buckets): ServerLatency {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const cumulative = bounds.map((bound) => (after.get(bound) ?? 0) - (before.get(bound) ?? 0));
  const count = cumulative[cumulative.length - 1] ?? 0;
  const quantile = (q: number) => 1000 * (bounds[cumulative.findIndex((n) => n >= q * count)] ?? Infinity);
  const withinOneSecond = cumulative[bounds.indexOf(1)] ?? count;
  return { count, p50: quantile(0.5), p99: quantile(0.99), over1s: count - withinOneSecond };
}

/** One autocannon run against a URL (the servers run in processes of their own). */
export async function load(url: string, options: { connections: number; durationSeconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const answered = new WeakSet<object>();
  const first: number[] = [];
  const open: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: options.connections, duration: options.durationSeconds, headers: options.headers ?? {} },
      (error: unknown, done: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (client, _status, _bytes, ms) => {
      if (answered.has(client)) open.push(ms);
      else {
        answered.add(client);
        first.push(ms);
      }
    });
  });
  open.sort((a, b) => a - b);
  first.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    answers: open.length + first.length,
    p50: percentile(open, 0.5),
    p99: percentile(open, 0.99),
    firstAnswers: { count: first.length, p50: percentile(first, 0.5), max: first[first.length - 1] ?? 0 },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The value below which a share q of the sorted values fall (nearest rank). */
function percentile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Runs each target once per round, interleaved, so noise falls on all of them alike, in the
 * opposite order every other round: on this machine a target run straight after another one
 * serves a few per cent less than the same target run first (two identical webs, one after the
 * other in each round, differ by 2-8 % in favour of whichever goes first; docs/decisions/0037-benchmark-method.md),
 * so a fixed order would tilt every ratio between two targets of one table.
 */
export async function compare(
  targets: readonly { name: string; url: string; headers?: Record<string, string>; metricsUrl?: string; cpuPid?: number }[],
  options: { rounds: number; connections: number; durationSeconds: number; warmupSeconds: number },
): Promise<Map<string, LoadResult[]>> {
  const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
  for (const target of targets) {
    await load(target.url, { connections: options.connections, durationSeconds: options.warmupSeconds, ...(target.headers ? { headers: target.headers } : {}) });
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const before = target.metricsUrl ? await documentBuckets(target.metricsUrl) : undefined;
      const cpuBefore = target.cpuPid === undefined ? 0 : cpuSeconds(target.cpuPid);
      const r = await load(target.url, { connections: options.connections, durationSeconds: options.durationSeconds, ...(target.headers ? { headers: target.headers } : {}) });
      if (r.non2xx || r.errors) throw new Error(`${target.name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
      if (target.metricsUrl && before) r.server = serverLatency(before, await documentBuckets(target.metricsUrl));
      if (target.cpuPid !== undefined) r.cpuPerAnswerUs = ((cpuSeconds(target.cpuPid) - cpuBefore) * 1e6) / r.answers;
      results.get(target.name)!.push(r);
      const server = r.server ? `; the web's own timing: p50 ≤ ${r.server.p50} ms, p99 ≤ ${r.server.p99} ms, ${r.server.over1s} over 1 s` : '';
      const cpu = r.cpuPerAnswerUs === undefined ? '' : `; ${Math.round(r.cpuPerAnswerUs)} µs of its server's CPU an answer`;
      const ms = (value: number) => `${Math.round(value)} ms`;
      const firsts = `; first answer of each connection: p50 ${ms(r.firstAnswers.p50)}, slowest ${ms(r.firstAnswers.max)}`;
      process.stderr.write(`  round ${round + 1}/${options.rounds} ${target.name}: ${Math.round(r.requestsPerSecond)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${firsts}${server}${cpu}\n`);
    }
  }
  return results;
}

export type Row = { name: string; rps: number; p50: number; p99: number; firstMax: number; server?: ServerLatency; cpuPerAnswerUs?: number };

export function summarise(results: Map<string, LoadResult[]>): Row[] {
  return [...results].map(([name, runs]) => ({
    name,
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    firstMax: median(runs.map((r) => r.firstAnswers.max)),
    ...(runs.every((r) => r.cpuPerAnswerUs !== undefined) ? { cpuPerAnswerUs: median(runs.map((r) => r.cpuPerAnswerUs!)) } : {}),
    ...(runs.every((r) => r.server)
      ? {
          server: {
            count: median(runs.map((r) => r.server!.count)),
            p50: median(runs.map((r) => r.server!.p50)),
            p99: median(runs.map((r) => r.server!.p99)),
            over1s: median(runs.map((r) => r.server!.over1s)),
          },
        }
      : {}),
  }));
}

export function printTable(title: string, rows: readonly Row[], ratios: readonly [string, number][]): void {
  console.log(`\n${title}`);
  console.log(`  (p50, p99: answers on connections already open; 1st max: the slowest first answer of a connection, which waits for the server to take the connection)`);
  console.log(`  ${'target'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'1st max'.padStart(8)}`);
  for (const row of rows) {
    console.log(`  ${row.name.padEnd(44)} ${String(Math.round(row.rps)).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${row.firstMax.toFixed(0).padStart(8)}`);
  }
  for (const [label, value] of ratios) console.log(`  ${label.padEnd(44)} ${value.toFixed(2).padStart(8)}`);
}
