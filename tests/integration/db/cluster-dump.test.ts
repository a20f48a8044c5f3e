import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DumpMemoryFS, dumpEntries, readDump, type DumpEntry } from '../../../server/api/db/cluster-dump';
import { MIGRATIONS } from '../../../server/api/db/migrations';
import { openPgliteDatabase } from '../../../server/api/db/pglite-database';
import { openTestDatabase, openTestDataDir, providedDump } from '../../support/test-database';

// A dumped data directory laid out where a database starts from it (server/api/db/cluster-dump.ts):
// in memory for the tests' clones, on disk for a new data directory's first start.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A dump of a migrated database holding one table with the rows given. */
async function dumpWith(rows: string[]): Promise<Blob> {
  const db = await openTestDatabase();
  await db.exec('CREATE TABLE kept (word text)');
  for (const word of rows) await db.query('INSERT INTO kept (word) VALUES ($1)', [word]);
  await db.exec('CHECKPOINT');
  const dump = await (db as unknown as { dump(): Promise<Blob> }).dump();
  await db.close();
  return new Blob([await dump.arrayBuffer()]);
}

const words = async (db: { query: (sql: string) => Promise<unknown[]> }) => ((await db.query('SELECT word FROM kept ORDER BY word')) as { word: string }[]).map((r) => r.word);

/** A ustar header block for `name` of `type` ('2' a symbolic link), with a correct checksum. */
function tarHeader(name: string, type: string, size = 0): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0);
  block.write('0000600\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

describe('a dumped data directory', () => {
  it('is read into its files and directories, plain or gzipped, each file with its bytes', async () => {
    const bytes = new Uint8Array(await providedDump('pgliteTemplate')!.arrayBuffer());
    const entries = readDump(bytes)!;
    const version = entries.find((e) => e.path === '/PG_VERSION')!;
    expect(version.directory).toBe(false);
    expect(Buffer.from(version.data).toString()).toMatch(/^\d+\n$/);
    expect(entries.find((e) => e.path === '/global/pg_control')!.data.byteLength).toBe(8192);
    expect(entries.filter((e) => e.directory).map((e) => e.path)).toContain('/base');
    // Every file's directory is in the dump.
    const directories = new Set(entries.filter((e) => e.directory).map((e) => e.path));
    expect(entries.filter((e) => !e.directory && path.dirname(e.path) !== '/' && !directories.has(path.dirname(e.path)))).toEqual([]);
    // Compared by digest: the dump is tens of megabytes.
    const described = (list: DumpEntry[]) => list.map((e) => `${e.path} ${e.directory} ${e.mode.toString(8)} ${createHash('sha1').update(e.data).digest('hex')}`);
    expect(described(readDump(new Uint8Array(gzipSync(bytes)))!)).toEqual(described(entries));
  });

  it('is left to PGlite when it holds a link, or a name climbing out of the data directory', () => {
    const end = Buffer.alloc(1024);
    expect(readDump(new Uint8Array(Buffer.concat([tarHeader('PG_VERSION', '2'), end])))).toBeUndefined();
    expect(readDump(new Uint8Array(Buffer.concat([tarHeader('../escape', '0'), end])))).toBeUndefined();
    expect(readDump(new Uint8Array(Buffer.concat([tarHeader('PG_VERSION', '0', 3), Buffer.from('17\n'.padEnd(512, '\0')), end])))).toEqual([
      { path: '/PG_VERSION', directory: false, mode: 0o600, data: new Uint8Array(Buffer.from('17\n')) },
    ]);
  });

  it("starts an in-memory database with the dump's rows; a copy's writes reach neither the dump nor another copy", async () => {
    const dump = await dumpWith(['blue', 'green']);
    const entries = (await dumpEntries(dump))!;
    expect(await dumpEntries(dump)).toBe(entries);
    const first = await openPgliteDatabase(undefined, { loadDataDir: dump });
    const second = await PGlite.create({ fs: new DumpMemoryFS(entries) });
    expect(await words(first)).toEqual(['blue', 'green']);
    await first.query("INSERT INTO kept (word) VALUES ('red')");
    await first.exec('CHECKPOINT');
    expect(await words(first)).toEqual(['blue', 'green', 'red']);
    expect((await second.query<{ word: string }>('SELECT word FROM kept ORDER BY word')).rows.map((r) => r.word)).toEqual(['blue', 'green']);
    await Promise.all([first.close(), second.close()]);
    const third = await openPgliteDatabase(undefined, { loadDataDir: dump });
    expect(await words(third)).toEqual(['blue', 'green']);
    await third.close();
  });

  it("becomes a new data directory's cluster on disk, whole, in place of what a killed start left", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cluster-dump-'));
    dirs.push(dataDir);
    // A start killed part-way: a half-written copy beside, an empty directory in place.
    fs.mkdirSync(path.join(dataDir, 'pglite.partial', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite.partial', 'base', 'half'), 'half');
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    const db = await openTestDataDir(dataDir);
    const migrations = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(migrations.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await db.exec('CREATE TABLE kept (word text)');
    await db.query("INSERT INTO kept (word) VALUES ('stays')");
    await db.close();
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite']);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'base', 'half'))).toBe(false);
    expect((fs.statSync(path.join(dataDir, 'pglite', 'global', 'pg_control')).mode & 0o777).toString(8)).toBe('600');
    // The next start finds the cluster and keeps what was written.
    const again = await openTestDataDir(dataDir);
    expect(await words(again)).toEqual(['stays']);
    await again.close();
  });
});
