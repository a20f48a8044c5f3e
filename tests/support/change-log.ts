import { MAX_CHANGES_PER_READ, readChangesSince, type CatalogChange, type ChangeCursor } from '../../server/api/catalog/catalog-changes';
import type { Queryable } from '../../server/api/db/database';

/** Every change-log entry after `cursor`, read page by page as a consumer would. */
export async function changesSince(db: Queryable, cursor: ChangeCursor): Promise<CatalogChange[]> {
  const out: CatalogChange[] = [];
  for (let from = cursor; ; ) {
    const page = await readChangesSince(db, from, MAX_CHANGES_PER_READ);
    if (!page.changes.length) break;
    out.push(...page.changes);
    from = page.cursor;
  }
  return out;
}
