import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChangeCursor } from '../catalog/catalog-changes';
import type { Queryable } from '../db/database';
import { COLUMNS, OFFER_COLUMNS, PRODUCT_COLUMNS, type ColumnArray, type ColumnArrays, type OfferColumnName, type ProductColumnName } from './columns';
import type { DocumentTable } from './document-table';
import type { DirectoryBrand, DirectoryStore } from './search-engine';

// Issue 30, "ready after a restart": the catalog index's document table written to a file
// after a build, so that an api starting again reads it instead of the whole catalogue, then
// re-reads only the stores changed since (memory-engine.ts, decision 0092). At 1,000,000
// products the table is about 130 MB of typed arrays; the file is those arrays' bytes behind
// a JSON header (the strings: dictionaries, directory), read back into one buffer that the
// arrays then view, with no parsing per row.
//
// A snapshot is only ever an optimisation: one that is missing, torn, written by other code
// or for another database is set aside and the index is built from the database as before.

const MAGIC = 'VTRNIDX1';
const ALIGN = 8;
const ARRAY_TYPES = { Int32Array, Uint32Array, Uint16Array, Uint8Array } as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;

/** What the table was built from, and up to where in the database's history it holds. */
export type SnapshotState = {
  /** The database it was read from (databaseIdentity): a snapshot of another is never used. */
  database: string;
  /** Every change-log entry up to here is in the table (the follower had taken its notice). */
  cursor: ChangeCursor;
  /** The database's clock when the build began: rows written from CATCH_UP_MARGIN_MS before it are re-read. */
  readAt: string;
  generation: number;
  /** The stores and countries withheld for old feeds when it was built (feedPairKey). */
  withheld: string[];
};

export type IndexSnapshot = SnapshotState & {
  table: DocumentTable;
  stores: DirectoryStore[];
  brands: DirectoryBrand[];
  /** The engine's dictionaries' values in id order, and its display words. */
  terms: string[];
  cares: string[];
  display: [term: string, word: string][];
};

type ArrayEntry = { name: string; type: ArrayTypeName; length: number; offset: number };
type Header = Omit<IndexSnapshot, 'table'> & { fingerprint: string; size: number; arrays: ArrayEntry[]; bytes: number };

/** The table's arrays by name: its columns as products.* and offers.*, and its three index arrays, termData last (read into a buffer of its own). */
function tableArrays(table: DocumentTable): [string, ColumnArray][] {
  return [
    ...PRODUCT_COLUMNS.map((name): [string, ColumnArray] => [`products.${name}`, table.products[name]]),
    ...OFFER_COLUMNS.map((name): [string, ColumnArray] => [`offers.${name}`, table.offers[name]]),
    ['offerStart', table.offerStart],
    ['termStart', table.termStart],
    ['termData', table.termData],
  ];
}

let codeFingerprint: string | undefined;

/**
 * Who may read a snapshot: the same columns and the same code. The api runs as one bundle, so
 * the file holding this module is the whole api: any change to how documents are read, words
 * analysed or columns laid out makes earlier snapshots unusable, and they are rebuilt.
 */
export function snapshotFingerprint(): string {
  if (codeFingerprint) return codeFingerprint;
  const hash = createHash('sha256').update(MAGIC);
  for (const [name, column] of Object.entries(COLUMNS)) hash.update(`${name}:${column.from}:${column.array.name};`);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  codeFingerprint = hash.digest('hex');
  return codeFingerprint;
}

/** One database among others: its cluster's system identifier and its name (a restored or other database differs). */
export async function databaseIdentity(db: Queryable): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    "SELECT (SELECT system_identifier FROM pg_control_system())::text || '/' || current_database() AS id",
  );
  return row!.id;
}

const padTo = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** Writes `snapshot` beside `file` and renames it into place, so a reader sees a whole file or the one before. */
export async function writeIndexSnapshot(file: string, snapshot: IndexSnapshot): Promise<number> {
  const { table, ...rest } = snapshot;
  const named = tableArrays(table);
  const arrays: ArrayEntry[] = [];
  let offset = 0;
  for (const [name, array] of named) {
    arrays.push({ name, type: array.constructor.name as ArrayTypeName, length: array.length, offset });
    offset = padTo(offset + array.byteLength);
  }
  const header: Header = { ...rest, fingerprint: snapshotFingerprint(), size: table.size, arrays, bytes: offset };
  const json = Buffer.from(JSON.stringify(header));
  const lead = Buffer.alloc(padTo(MAGIC.length + 4 + json.length));
  lead.write(MAGIC, 0, 'latin1');
  lead.writeUInt32LE(json.length, MAGIC.length);
  json.copy(lead, MAGIC.length + 4);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w');
  try {
    await handle.write(lead);
    let at = lead.length;
    for (const [i, [, array]] of named.entries()) {
      const start = lead.length + arrays[i]!.offset;
      if (start > at) await handle.write(Buffer.alloc(start - at));
      await handle.write(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
      at = start + array.byteLength;
    }
    if (lead.length + offset > at) await handle.write(Buffer.alloc(lead.length + offset - at));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return lead.length + offset;
}

/** Why a snapshot was not used, for the log. */
export type SnapshotRefusal = { refused: string };

/** Reads a snapshot written by this code; a missing, torn or foreign file is a refusal, never an error. */
export async function readIndexSnapshot(file: string): Promise<IndexSnapshot | SnapshotRefusal> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return { refused: 'no snapshot yet' };
  }
  try {
    const { size } = await handle.stat();
    const prefix = Buffer.alloc(MAGIC.length + 4);
    if (size < prefix.length || (await handle.read(prefix, 0, prefix.length, 0)).bytesRead < prefix.length) return { refused: 'the file is torn' };
    if (prefix.toString('latin1', 0, MAGIC.length) !== MAGIC) return { refused: 'not an index snapshot' };
    const jsonLength = prefix.readUInt32LE(MAGIC.length);
    const leadLength = padTo(prefix.length + jsonLength);
    if (leadLength > size) return { refused: 'the file is torn' };
    const json = Buffer.alloc(jsonLength);
    await handle.read(json, 0, jsonLength, prefix.length);
    const header = JSON.parse(json.toString()) as Header;
    if (header.fingerprint !== snapshotFingerprint()) return { refused: 'written by other code' };
    if (leadLength + header.bytes !== size) return { refused: 'the file is torn' };
    // One buffer for every array but the last, termData, each viewing its part (offsets are
    // 8-byte aligned); termData has a buffer of its own, so that the index can let it go
    // (DocumentTable.termsAgain).
    const terms = header.arrays.at(-1);
    if (terms?.name !== 'termData') return { refused: 'the file is torn' };
    const data = new ArrayBuffer(terms.offset);
    const termBuffer = new ArrayBuffer(header.bytes - terms.offset);
    const fill = async (buffer: ArrayBuffer, from: number) => {
      const bytes = new Uint8Array(buffer);
      for (let at = 0; at < bytes.length; ) {
        const { bytesRead } = await handle.read(bytes, at, Math.min(bytes.length - at, 1 << 26), leadLength + from + at);
        if (bytesRead === 0) return false;
        at += bytesRead;
      }
      return true;
    };
    if (!(await fill(data, 0)) || !(await fill(termBuffer, terms.offset))) return { refused: 'the file is torn' };
    const views = new Map(
      header.arrays.map((a) => [a.name, a === terms ? new ARRAY_TYPES[a.type](termBuffer, 0, a.length) : new ARRAY_TYPES[a.type](data, a.offset, a.length)]),
    );
    const view = (name: string) => views.get(name)!;
    const { fingerprint: _f, size: _s, arrays: _a, bytes: _b, ...rest } = header;
    const table: DocumentTable = {
      size: header.size,
      products: Object.fromEntries(PRODUCT_COLUMNS.map((name) => [name, view(`products.${name}`)])) as ColumnArrays<ProductColumnName>,
      offers: Object.fromEntries(OFFER_COLUMNS.map((name) => [name, view(`offers.${name}`)])) as ColumnArrays<OfferColumnName>,
      offerStart: view('offerStart') as Uint32Array,
      termStart: view('termStart') as Uint32Array,
      termData: view('termData') as Uint32Array,
    };
    return wholeTable(table) ? { ...rest, table } : { refused: 'the file is torn' };
  } catch (error) {
    return { refused: `unreadable (${(error as Error).message})` };
  } finally {
    await handle.close();
  }
}

/** Whether every array is there with the length the table's size and start arrays say. */
function wholeTable(table: DocumentTable): boolean {
  const n = table.size;
  if (table.offerStart?.length !== n + 1 || table.termStart?.length !== n + 1) return false;
  const offers = table.offerStart[n]!;
  return (
    table.termData?.length === table.termStart[n] &&
    PRODUCT_COLUMNS.every((name) => table.products[name]?.length === n) &&
    OFFER_COLUMNS.every((name) => table.offers[name]?.length === offers)
  );
}

/** Removes a snapshot (one refused as foreign or torn is not read again). */
export async function removeIndexSnapshot(file: string): Promise<void> {
  await rm(file, { force: true });
}
