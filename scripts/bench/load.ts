import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

/** One autocannon run against a URL (the servers run in processes of their own). */
export async function load(url: string, options: { connections: number; durationSeconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs each target once per round, interleaved, so noise falls on all of them alike. */
export async function compare(
  targets: readonly { name: string; url: string; headers?: Record<string, string> }[],
  options: { rounds: number; connections: number; durationSeconds: number; warmupSeconds: number },
): Promise<Map<string, LoadResult[]>> {
  const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
  for (const target of targets) {
    await load(target.url, { connections: options.connections, durationSeconds: options.warmupSeconds, ...(target.headers ? { headers: target.headers } : {}) });
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) {
      const r = await load(target.url, { connections: options.connections, durationSeconds: options.durationSeconds, ...(target.headers ? { headers: target.headers } : {}) });
      if (r.non2xx || r.errors) throw new Error(`${target.name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
      results.get(target.name)!.push(r);
      process.stderr.write(`  round ${round + 1}/${options.rounds} ${target.name}: ${Math.round(r.requestsPerSecond)} req/s\n`);
    }
  }
  return results;
}

export type Row = { name: string; rps: number; p50: number; p99: number };

export function summarise(results: Map<string, LoadResult[]>): Row[] {
  return [...results].map(([name, runs]) => ({
    name,
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  }));
}

export function printTable(title: string, rows: readonly Row[], ratios: readonly [string, number][]): void {
  console.log(`\n${title}`);
  console.log(`  ${'target'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  for (const row of rows) {
    console.log(`  ${row.name.padEnd(44)} ${String(Math.round(row.rps)).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)}`);
  }
  for (const [label, value] of ratios) console.log(`  ${label.padEnd(44)} ${value.toFixed(2).padStart(8)}`);
}
