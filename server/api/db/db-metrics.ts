import client from 'prom-client';
import type { QueryObserver } from './database';

/** The DB query duration histogram on /metrics, split by SQL operation and outcome. */
export function dbQueryObserver(registry: client.Registry): QueryObserver {
  const histogram = new client.Histogram({
    name: 'db_query_duration_seconds',
    help: 'Duration of database statements by operation',
    labelNames: ['operation', 'ok'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    registers: [registry],
  });
  return (seconds, operation, ok) => histogram.observe({ operation, ok: ok ? 'true' : 'false' }, seconds);
}
