import type { Database } from '../../server/api/db/database';
import type { MemorySearchEngine } from '../../server/api/search/memory-engine';
import { startApi } from './api-server';

/** The api over `db`, returned once its catalog index is built (/readyz answers 200). */
export async function startSearchApi(db: Database) {
  const api = await startApi(db);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${api.url}/readyz`);
    if (res.status === 200) break;
    if (Date.now() > deadline) throw new Error('the catalog index was not built within 60 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  const engine = (api.server.listeners('request')[0] as unknown as { locals: { searchEngine: MemorySearchEngine } }).locals.searchEngine;
  return { ...api, engine };
}
