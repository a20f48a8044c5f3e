import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { MemoryFS, type PGliteOptions } from '@electric-sql/pglite';

// A dumped PGlite data directory (a tar, gzipped or not: PGlite's dumpDataDir, the build's
// migrated cluster) laid out where a database starts from it. PGlite's own loadDataDir writes
// it file by file through Emscripten's path functions, looking every parent directory of every
// file up again: two thirds of a test database's clone (0.68 of 1.0 CPU-s), and a new data
// directory's first start went the same way through Node's file system underneath. Here the
// dump is read once, and each copy is laid out directly: as nodes of PGlite's in-memory file
// system (DumpMemoryFS), or as files on disk (writeDumpTo) that PGlite then finds as an
// existing cluster (issue 26: CI under 15 minutes; decision 0091).

/** A file or directory of a dump, its path relative to the data directory ("/base/5/1259"). */
export type DumpEntry = { path: string; directory: boolean; mode: number; data: Uint8Array };

const BLOCK = 512;
const REGULAR = new Set(['0', '\0']);
const DIRECTORY = '5';

function text(bytes: Uint8Array, offset: number, length: number): string {
  let end = offset;
  while (end < offset + length && bytes[end] !== 0) end++;
  return Buffer.from(bytes.buffer, bytes.byteOffset + offset, end - offset).toString('utf8');
}

/**
 * A dump's entries, or undefined when it holds anything but plain files and directories under
 * ustar's short names (links, long-name extensions): PGlite's own loader then takes it.
 */
export function readDump(dump: Uint8Array): DumpEntry[] | undefined {
  const bytes = dump[0] === 0x1f && dump[1] === 0x8b ? new Uint8Array(gunzipSync(dump)) : dump;
  const entries: DumpEntry[] = [];
  for (let offset = 0; offset + BLOCK <= bytes.length; ) {
    if (bytes[offset] === 0) break;
    const type = String.fromCharCode(bytes[offset + 156]!);
    if (!REGULAR.has(type) && type !== DIRECTORY) return undefined;
    const prefix = text(bytes, offset + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(bytes, offset + 0, 100)}`.replace(/^\/*/, '/').replace(/\/+$/, '');
    const size = parseInt(text(bytes, offset + 124, 12).trim() || '0', 8);
    const mode = parseInt(text(bytes, offset + 100, 8).trim() || '0', 8) & 0o7777;
    if (!Number.isFinite(size) || name.split('/').includes('..')) return undefined;
    const start = offset + BLOCK;
    entries.push({ path: name, directory: type === DIRECTORY, mode, data: bytes.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

const read = new WeakMap<Blob, Promise<DumpEntry[] | undefined>>();

/** readDump of a Blob, read once however many databases start from it. */
export function dumpEntries(dump: Blob): Promise<DumpEntry[] | undefined> {
  let entries = read.get(dump);
  if (!entries) read.set(dump, (entries = dump.arrayBuffer().then((buffer) => readDump(new Uint8Array(buffer)))));
  return entries;
}

/** The parts of an Emscripten file-system node this file touches (MEMFS nodes). */
type MemNode = {
  node_ops: { mknod(parent: MemNode, name: string, mode: number, dev: number): MemNode };
  contents?: unknown;
  usedBytes?: number;
};
type EmscriptenFs = { analyzePath(path: string): { exists: boolean; object: MemNode | null } };

const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/**
 * PGlite's in-memory file system with a dump's files in its data directory before PostgreSQL
 * starts (PGlite then finds a cluster there and starts on it, as on one it made). Each file's
 * bytes are copied: a database's writes never reach the dump or another copy.
 */
export class DumpMemoryFS extends MemoryFS {
  readonly #entries: readonly DumpEntry[];

  constructor(entries: readonly DumpEntry[]) {
    super();
    this.#entries = entries;
  }

  override async initialSyncFs(): Promise<void> {
    const mod = this.pg!.Module;
    const files = mod.FS as unknown as EmscriptenFs;
    const root = (mod as unknown as { ENV: Record<string, string> }).ENV.PGDATA!;
    const directories = new Map<string, MemNode>();
    const directory = (dir: string, mode = 0o750): MemNode => {
      let node = directories.get(dir);
      if (node) return node;
      const found = files.analyzePath(dir);
      if (found.exists && found.object) node = found.object;
      else {
        const cut = dir.lastIndexOf('/');
        const parent = directory(dir.slice(0, cut) || '/');
        node = parent.node_ops.mknod(parent, dir.slice(cut + 1), S_IFDIR | mode, 0);
      }
      directories.set(dir, node);
      return node;
    };
    for (const entry of this.#entries) {
      const where = root + entry.path;
      if (entry.directory) {
        directory(where, entry.mode);
        continue;
      }
      const cut = where.lastIndexOf('/');
      const parent = directory(where.slice(0, cut));
      const file = parent.node_ops.mknod(parent, where.slice(cut + 1), S_IFREG | entry.mode, 0);
      file.contents = entry.data.slice();
      file.usedBytes = entry.data.byteLength;
    }
  }
}

/**
 * Writes a dump's files into `dir` on disk, which must not exist yet: into a sibling first,
 * renamed into place once complete, so a start killed part-way leaves no half a cluster where
 * the next start would take it for a whole one.
 */
function writeDumpTo(entries: readonly DumpEntry[], dir: string): void {
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const made = new Set<string>();
  const directory = (where: string, mode = 0o750) => {
    if (made.has(where)) return;
    fs.mkdirSync(where, { recursive: true, mode });
    made.add(where);
  };
  directory(partial);
  for (const entry of entries) {
    const where = path.join(partial, entry.path);
    if (entry.directory) directory(where, entry.mode || 0o750);
    else {
      directory(path.dirname(where));
      fs.writeFileSync(where, entry.data, { mode: entry.mode || 0o600 });
    }
  }
  fs.renameSync(partial, dir);
}

/**
 * What PGlite starts with to start from `dump`: in memory (no `dataDir`), the dump's files as
 * nodes (DumpMemoryFS); on disk, nothing more once the files are written whole into `dataDir`,
 * which holds no cluster yet (anything a killed start left there goes). A dump this file cannot
 * read, or a `dataDir` that is a cluster already (which PGlite refuses to load over), goes to
 * PGlite's own loader, as before.
 */
export async function startFromDump(dump: Blob, dataDir: string | undefined): Promise<Pick<PGliteOptions, 'fs' | 'loadDataDir'>> {
  const entries = await dumpEntries(dump);
  if (!entries) return { loadDataDir: dump };
  if (!dataDir) return { fs: new DumpMemoryFS(entries) };
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return { loadDataDir: dump };
  fs.rmSync(dataDir, { recursive: true, force: true });
  writeDumpTo(entries, dataDir);
  return {};
}
