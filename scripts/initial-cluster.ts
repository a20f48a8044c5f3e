// node <bundle of this file> <file>   (scripts/build.ts bundles and runs it)
//
// Writes the migrated PGlite cluster a new embedded database starts from
// (server/api/db/initial-cluster.ts), gzipped (PGlite's loadDataDir unpacks it). The build
// bundles it as it bundles the servers, so the cluster holds exactly the servers'
// migrations (writeInitialCluster).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { migrate } from '../server/api/db/migrate';
import { openPgliteDatabase } from '../server/api/db/pglite-database';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node initial-cluster.mjs <file>');
  process.exit(2);
}
const db = await openPgliteDatabase(undefined);
try {
  await migrate(db);
  // zlib's fastest level: 0.2 s for the 43 MB tar where PGlite's own gzip takes a second, for 15 % more bytes.
  fs.writeFileSync(file, zlib.gzipSync(new Uint8Array(await (await db.dump('none')).arrayBuffer()), { level: 1 }));
} finally {
  await db.close();
}
