import { PGlite } from '@electric-sql/pglite';
import { startFromDump } from './cluster-dump';
import { observed, type Database, type QueryObserver, type Queryable, type Row } from './database';
import { OID_INT8, OID_NUMERIC, parseNumber } from './type-parsers';

export type PgliteOptions = {
  observer?: QueryObserver | undefined;
  /** A dumped data directory to start a new one from (the build's migrated cluster; tests clone theirs). */
  loadDataDir?: Blob | undefined;
  /** Server settings for this start (`shared_buffers: '16MB'`), after PGlite's own and PGLITE_SETTINGS. */
  settings?: Record<string, string> | undefined;
};

/**
 * What every embedded database starts with, before a start's own settings (decision 0107): its
 * pages are in this process's memory or the system's file cache, never a disk seek away, so a
 * page read out of order costs about what one read in order does. At PostgreSQL's default (4)
 * the planner scanned all of `variants` to join a feed's matcher reads rather than look up the
 * rows it needed; at 1.1 the demo's feeds import 8 % faster (3,011 -> 3,287 items a second).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { random_page_cost: '1.1' };

/**
 * PGlite is a single connection: one statement at a time. Every call goes through one
 * queue (`serialise`) so a transaction never interleaves with another caller's statement.
 */
export async function openPgliteDatabase(
  dataDir: string | undefined,
  options: PgliteOptions = {},
): Promise<Database & { dump(compression?: 'none' | 'gzip'): Promise<Blob> }> {
  const { observer, loadDataDir, settings = {} } = options;
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // A dump's files laid out directly, in memory or on disk (cluster-dump.ts).
    ...(loadDataDir ? await startFromDump(loadDataDir, dataDir) : {}),
    startParams: [...PGlite.defaultStartParams, ...Object.entries({ ...PGLITE_SETTINGS, ...settings }).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
    parsers: { [OID_INT8]: parseNumber, [OID_NUMERIC]: parseNumber },
  });

  let queue: Promise<unknown> = Promise.resolve();
  function serialise<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  const rawQuery = async (target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await target.query<Row>(sql, params ? [...params] : undefined)).rows;

  const query = observed(
    (sql: string, params?: readonly unknown[]) => serialise(() => rawQuery(pg, sql, params)),
    observer,
  );

  return {
    kind: 'pglite',
    query: query as Database['query'],
    async exec(sql) {
      await serialise(() => pg.exec(sql));
    },
    transaction(fn) {
      return serialise(() =>
        pg.transaction(async (tx) => {
          const scoped: Queryable = {
            query: observed((sql: string, params?: readonly unknown[]) => rawQuery(tx, sql, params), observer) as Queryable['query'],
            async exec(sql) {
              await tx.exec(sql);
            },
          };
          return fn(scoped);
        }),
      );
    },
    async listen(channel, onPayload) {
      const unsubscribe = await serialise(() => pg.listen(channel, onPayload));
      return async () => {
        await serialise(() => unsubscribe());
      };
    },
    async checkpoint() {
      await serialise(() => pg.exec('CHECKPOINT'));
    },
    dump(compression = 'none') {
      return serialise(() => pg.dumpDataDir(compression));
    },
    async close() {
      await serialise(async () => {
        if (!pg.closed) await pg.close();
      });
    },
  };
}
