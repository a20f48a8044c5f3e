// npm run import -- <path> [--store <slug>] [--country <cc>] [--format tsv|xml]
//
// Imports into the database the api uses (DATABASE_URL, else the embedded PGlite under
// DATA_DIR): a stores manifest (.json), site content (.json), one merchant feed
// (.tsv/.txt/.xml, Google Merchant Center format), or a directory of them (manifests
// first, then every <store-slug>.<cc>.tsv|xml). Prints a report per feed with every
// rejected line and its reason. Exit code 1 when something could not be imported at all.
import { parseArgs } from 'node:util';
import { importPath } from '../server/api/catalog/import-files';
import { loadApiConfig } from '../server/api/config';
import { openDatabase } from '../server/api/db/open-database';

const USAGE = 'usage: npm run import -- <file-or-directory> [--store <slug>] [--country <cc>] [--format tsv|xml]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    store: { type: 'string' },
    country: { type: 'string' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || positionals.length !== 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (values.format !== undefined && values.format !== 'tsv' && values.format !== 'xml') {
  console.error(`--format must be tsv or xml\n${USAGE}`);
  process.exit(2);
}

const config = loadApiConfig(process.env);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let failed = false;
try {
  const summary = await importPath(
    db,
    positionals[0]!,
    {
      ...(values.store ? { store: values.store } : {}),
      ...(values.country ? { country: values.country } : {}),
      ...(values.format ? { format: values.format as 'tsv' | 'xml' } : {}),
    },
    (line) => console.log(line),
  );
  const rows = summary.feeds.reduce((n, r) => n + r.rowsRead, 0);
  const rejected = summary.feeds.reduce((n, r) => n + r.rejected.length, 0);
  if (summary.feeds.length > 1) {
    console.log(`${summary.feeds.length} feeds: ${rows} rows read, ${rejected} rejected`);
  }
  failed = summary.failures.length > 0;
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  await db.checkpoint();
  await db.close();
}
process.exit(failed ? 1 : 0);
