import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { listFeedFiles, type ImportPathOptions } from './import-files';
import { feedTargetFromFileName, type ImportReport } from './importer';

// `npm run import` while the api runs on the embedded database: PGlite is one process's
// database and the api holds its directory's lock, so the CLI hands the files to the running
// api instead (POST /operator/import, one file a request, the file's bytes as the body) and
// the api imports them through the same code as `importPath`. The route is for operators
// only: it is outside /api (the web's gateway forwards /api and /auth only) and asks for the
// operator secret, OPERATOR_SECRET or, when that is unset on the embedded database, a random
// one the api writes into DATA_DIR (mode 0600) for the CLI on the same machine to read.

export const OPERATOR_IMPORT_PATH = '/operator/import';
/** Gathers planner statistics once the last file of a hand-off is in (importPath does the same). */
export const OPERATOR_ANALYSE_PATH = '/operator/analyse';
export const OPERATOR_SECRET_FILE = 'operator-secret';
/** The shortest OPERATOR_SECRET accepted: a secret anyone may guess at over HTTP must be long. */
export const OPERATOR_SECRET_MIN_LENGTH = 32;

/** Query of a hand-off request: what the body is and, for a feed, whose it is. */
export const OperatorImportQuery = z.object({
  kind: z.enum(['feed', 'json']),
  /** The file's path where the CLI read it: the report names it, and a manifest's relative feed paths start there. */
  name: z.string().min(1).max(4096).refine((v) => !v.includes('\0'), { error: 'name must not hold NUL' }),
  store: z.string().min(1).max(80).optional(),
  country: z.string().min(1).max(10).optional(),
  format: z.enum(['tsv', 'xml']).optional(),
  /** `npm run import -- --apply-held`: apply the feed the shrink guard held (these very bytes). */
  applyHeld: z.literal('1').optional(),
});
export type OperatorImportQuery = z.infer<typeof OperatorImportQuery>;

/** The api's answer to one file: the report lines to print, and the feed's report for the totals. */
export type OperatorImportAnswer = { lines: string[]; report?: ImportReport };

/** Whether `given` is the secret, in time that does not depend on where they differ (nor on length). */
export function secretMatches(given: string, secret: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The secret kept in `dataDir`, or undefined when there is none (or it is not one the api wrote). */
export function readOperatorSecretFile(dataDir: string): string | undefined {
  try {
    const secret = fs.readFileSync(path.join(dataDir, OPERATOR_SECRET_FILE), 'utf8').trim();
    return secret.length >= OPERATOR_SECRET_MIN_LENGTH ? secret : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The secret in `dataDir`, written there (256 random bits, readable by this user only) when
 * there is none yet. It is kept across restarts so a script holding it keeps working.
 */
export function ensureOperatorSecretFile(dataDir: string): string {
  const existing = readOperatorSecretFile(dataDir);
  const file = path.join(dataDir, OPERATOR_SECRET_FILE);
  if (existing) {
    fs.chmodSync(file, 0o600);
    return existing;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Removes a kept secret (OPERATOR_SECRET is configured instead). */
export function removeOperatorSecretFile(dataDir: string): void {
  fs.rmSync(path.join(dataDir, OPERATOR_SECRET_FILE), { force: true });
}

export type HandOffTarget = { baseUrl: string; secret: string };

export type HandOffSummary = { feeds: ImportReport[]; failures: { file: string; error: string }[] };

export class HandOffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandOffError';
  }
}

async function send(target: HandOffTarget, pathname: string, query: Record<string, string>, body?: Buffer): Promise<OperatorImportAnswer> {
  const url = new URL(pathname, target.baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.secret}`, 'content-type': 'application/octet-stream' },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  } catch (error) {
    throw new HandOffError(`could not reach the api at ${target.baseUrl} (${(error as Error).message}); set API_BASE_URL or API_PORT`);
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<OperatorImportAnswer> & { message?: string };
  if (!response.ok) {
    const why = response.status === 401 ? 'the operator secret was refused' : response.status === 404 ? 'the api has no operator route (no operator secret configured)' : answer.message;
    throw new HandOffError(`the api answered ${response.status}: ${why ?? response.statusText}`);
  }
  return { lines: answer.lines ?? [], ...(answer.report ? { report: answer.report } : {}) };
}

/**
 * What `importPath` does, through the running api: a manifest, a feed, or a directory
 * (stores.json, then site.json, then every feed), printing the api's report as it goes. A
 * feed the api refuses is reported and the others still go; a manifest it refuses stops it.
 */
export async function handOffImport(
  target: HandOffTarget,
  file: string,
  options: ImportPathOptions,
  print: (line: string) => void,
): Promise<HandOffSummary> {
  const summary: HandOffSummary = { feeds: [], failures: [] };
  const stat = await fsp.stat(file).catch(() => undefined);
  if (!stat) throw new HandOffError(`${file}: no such file or directory`);
  const name = (f: string) => path.resolve(f);

  const json = async (f: string) => {
    const answer = await send(target, OPERATOR_IMPORT_PATH, { kind: 'json', name: name(f) }, await fsp.readFile(f));
    answer.lines.forEach(print);
  };
  const feed = async (f: string, single: boolean) => {
    const query: Record<string, string> = { kind: 'feed', name: name(f) };
    if (single && options.store) query.store = options.store;
    if (single && options.country) query.country = options.country;
    if (single && options.format) query.format = options.format;
    // The running api's FEED_SHRINK_GUARD applies, not the CLI's.
    if (options.applyHeld) query.applyHeld = '1';
    try {
      const answer = await send(target, OPERATOR_IMPORT_PATH, query, await fsp.readFile(f));
      if (answer.report) summary.feeds.push(answer.report);
      answer.lines.forEach(print);
    } catch (error) {
      summary.failures.push({ file: f, error: (error as Error).message });
      print(`${f}: not imported: ${(error as Error).message}`);
    }
  };

  if (stat.isDirectory()) {
    for (const manifest of ['stores.json', 'site.json']) {
      const f = path.join(file, manifest);
      if (await fsp.stat(f).catch(() => undefined)) await json(f);
    }
    const feeds = await listFeedFiles(file);
    if (!feeds.length) print(`${file}: no feed files (<store-slug>.<cc>.tsv|xml) found`);
    for (const f of feeds) {
      if (!feedTargetFromFileName(f)) {
        summary.failures.push({ file: f, error: 'name is not <store-slug>.<cc>.tsv|xml' });
        print(`${f}: skipped: in a directory, feeds are named <store-slug>.<cc>.tsv|xml`);
        continue;
      }
      await feed(f, false);
    }
  } else if (path.extname(file).toLowerCase() === '.json') {
    await json(file);
  } else {
    await feed(file, true);
  }
  if (summary.feeds.length) await send(target, OPERATOR_ANALYSE_PATH, {});
  return summary;
}
