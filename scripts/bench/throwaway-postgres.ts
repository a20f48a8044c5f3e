import { startThrowawayPostgres } from '../lib/throwaway-postgres';

// A PostgreSQL server for the benchmark's SQL column: BENCH_DATABASE_URL names a server to
// use; otherwise a throwaway cluster like the test tier's, with memory enough to hold the
// benchmark's tables. Undefined when neither.

export type BenchPostgres = { url: string; describe: string; stop(): Promise<void> };

export async function startBenchPostgres(): Promise<BenchPostgres | undefined> {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, describe: 'BENCH_DATABASE_URL', stop: async () => undefined };
  }
  const server = await startThrowawayPostgres(['shared_buffers=1GB', 'work_mem=64MB', 'maintenance_work_mem=512MB']);
  return server && { url: server.url, describe: `PostgreSQL ${server.version}`, stop: server.stop };
}
