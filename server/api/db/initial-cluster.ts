import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

// An embedded database's first start (decision 0088). PGlite makes a new data directory with
// initdb (a second PostgreSQL started beside it, its files dumped and loaded) and the api then
// migrates it: about 7 s and 10 CPU-s here, before the first start's demo import can even begin.
// The build makes one migrated cluster (scripts/initial-cluster.ts, run by scripts/build.ts)
// and ships it beside the bundles; a new data directory is loaded from it (open-database.ts),
// and the migrations that follow at every start find nothing left to apply. Run from the
// source (tsx, the tests' in-process servers) there is no build beside the code: a new data
// directory is made by initdb, as before.

/** The build's migrated cluster, at the root of the build (dist/), a level above every bundle. */
export const INITIAL_CLUSTER_FILE = 'pglite-cluster.tar.gz';

/**
 * The cluster shipped with the build this code runs from, or undefined when there is none.
 * Every bundle sits one level below the build's root (dist/server/api.js,
 * dist/scripts/import-feed.js), so the file is `../` from the bundle; from the source tree
 * (server/api/db/) that path names no file.
 */
export function builtInitialCluster(): Blob | undefined {
  const file = fileURLToPath(new URL(`../${INITIAL_CLUSTER_FILE}`, import.meta.url));
  return fs.existsSync(file) ? readInitialCluster(file) : undefined;
}

/** A cluster file as PGlite's loadDataDir takes it (gzipped: the type says so, and it unpacks it). */
export function readInitialCluster(file: string): Blob {
  return new Blob([fs.readFileSync(file)], { type: 'application/gzip' });
}
