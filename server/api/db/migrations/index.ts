import catalog from './0001_catalog.sql';

// Every migration, in order. SQL files are bundled as text (esbuild's text loader; the
// vitest config loads them the same way), so the built server carries its schema with it.
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'catalog', sql: catalog },
];
