// npm run import -- <path> [--store <slug>] [--country <cc>] [--format tsv|xml] [--apply-held]
//
// Imports into the database the api uses (DATABASE_URL, else the embedded PGlite under
// DATA_DIR): a stores manifest (.json), site content (.json), one merchant feed
// (.tsv/.txt/.xml, Google Merchant Center format), or a directory of them (manifests
// first, then every <store-slug>.<cc>.tsv|xml). Prints a report per feed with every
// rejected line and its reason. Exit code 1 when something could not be imported at all.
// A full feed carrying fewer than FEED_SHRINK_GUARD percent of the items its store's last feed
// for that country carried is held, not applied (the report says so); `--apply-held` applies
// the held feed (the same file) once the operator has seen that the store really shrank.
//
// While an api runs on the embedded database it holds the data directory, so the files are
// handed to it instead (POST /operator/import on API_BASE_URL, else 127.0.0.1:API_PORT), with
// the operator secret from OPERATOR_SECRET or the one that api keeps in DATA_DIR.
import { parseArgs } from 'node:util';
import { importPath, type ImportPathOptions, type ImportPathSummary } from '../server/api/catalog/import-files';
import { handOffImport, readOperatorSecretFile, type HandOffTarget } from '../server/api/catalog/operator-handoff';
import { loadApiConfig } from '../server/api/config';
import { DataDirLockedError } from '../server/api/db/data-dir-lock';
import { openDatabase } from '../server/api/db/open-database';

const USAGE = 'usage: npm run import -- <file-or-directory> [--store <slug>] [--country <cc>] [--format tsv|xml] [--apply-held]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    store: { type: 'string' },
    country: { type: 'string' },
    format: { type: 'string' },
    'apply-held': { type: 'boolean' },
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
const options: ImportPathOptions = {
  ...(values.store ? { store: values.store } : {}),
  ...(values.country ? { country: values.country } : {}),
  ...(values.format ? { format: values.format as 'tsv' | 'xml' } : {}),
  ...(values['apply-held'] ? { applyHeld: true } : {}),
  shrinkGuard: config.feedShrinkGuard,
};
const print = (line: string) => console.log(line);

/** Where the api that holds the data directory listens, and its operator secret. */
function runningApi(locked: DataDirLockedError): HandOffTarget {
  const secret = config.operatorSecret ?? readOperatorSecretFile(config.dataDir);
  if (!secret) {
    throw new Error(
      `${locked.message}\nIt can import for you, but no operator secret was found: set OPERATOR_SECRET to the api's, ` +
        `or run this as the user the api runs as (it keeps one in ${config.dataDir}).`,
    );
  }
  return { baseUrl: process.env.API_BASE_URL ?? `http://127.0.0.1:${config.port}`, secret };
}

async function importHere(): Promise<ImportPathSummary> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await importPath(db, positionals[0]!, options, print);
  } finally {
    await db.checkpoint();
    await db.close();
  }
}

let failed = false;
try {
  let summary: ImportPathSummary;
  try {
    summary = await importHere();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const api = runningApi(error);
    print(`The api (pid ${error.pid}) holds ${config.dataDir}: handing the files to it at ${api.baseUrl}`);
    summary = await handOffImport(api, positionals[0]!, options, print);
  }
  const rows = summary.feeds.reduce((n, r) => n + r.rowsRead, 0);
  // A repeated feed's rejected rows were listed when it was applied (ImportReport.repeat).
  const rejected = summary.feeds.reduce((n, r) => n + (r.repeat?.rejected ?? r.rejected.length), 0);
  if (summary.feeds.length > 1) {
    console.log(`${summary.feeds.length} feeds: ${rows} rows read, ${rejected} rejected`);
  }
  const held = summary.feeds.filter((r) => r.held).length;
  if (held) console.log(`${held} feed${held === 1 ? '' : 's'} held by the shrink guard (FEED_SHRINK_GUARD ${config.feedShrinkGuard}%): nothing of ${held === 1 ? 'it' : 'them'} applied`);
  failed = summary.failures.length > 0;
} catch (error) {
  console.error((error as Error).message);
  failed = true;
}
process.exit(failed ? 1 : 0);
