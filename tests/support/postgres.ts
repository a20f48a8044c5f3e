import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase } from '../../scripts/lib/throwaway-postgres';

/** A fresh, empty database on the tier's PostgreSQL server, dropped by `drop()`. */
export function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(inject('postgresUrl'), `vitrine_test_${randomBytes(6).toString('hex')}`);
}
