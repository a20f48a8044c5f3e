import type { Database } from '../../server/api/db/database';
import type { MemorySearchEngine } from '../../server/api/search/memory-engine';
import { startApi } from './api-server';

/** The api over `db`, returned once its catalog index is built (/readyz answers 200). */
export async function startSearchApi(db: Database) {
  const api = await startApi(db);
  const engine = (api.server.listeners('request')[0] as unknown as { locals: { searchEngine: MemorySearchEngine } }).locals.searchEngine;
  // The app started the first build when it was made; this is that same build, awaited.
  await engine.start();
  const ready = await fetch(`${api.url}/readyz`);
  if (ready.status !== 200) throw new Error(`the api is not ready after its index was built: ${await ready.text()}`);
  return { ...api, engine };
}
