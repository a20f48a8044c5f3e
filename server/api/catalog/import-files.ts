import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import { upsertCategoryTree } from './category-table';
import { feedTargetFromFileName, importFeed, type ImportReport } from './importer';
import { importSiteContent } from './site-content';
import { importStores, ManifestError } from './store-manifest';
import { analyseTables } from '../db/planner-statistics';

// What `npm run import -- <path>` does: a stores manifest, site content, one feed, or a
// directory of them (manifests first, then every feed), reporting as it goes.

export type ImportPathOptions = {
  /** For a single feed file whose name does not say: the store's slug. */
  store?: string;
  /** For a single feed file whose name does not say: the target country. */
  country?: string;
  format?: 'tsv' | 'xml';
  /** FEED_SHRINK_GUARD of the importing process (importer.ts). */
  shrinkGuard?: number;
  /** `--apply-held`: apply the feeds the shrink guard held (each must be the held bytes). */
  applyHeld?: boolean;
};

export type ImportPathSummary = { feeds: ImportReport[]; failures: { file: string; error: string }[] };

const FEED_EXTENSIONS = new Set(['.tsv', '.txt', '.xml']);

/** Feed files in a directory and its feeds/ folder, in name order. */
export async function listFeedFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const folder of [dir, path.join(dir, 'feeds')]) {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile() && FEED_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) out.push(path.join(folder, entry.name));
    }
  }
  return out.sort();
}

/** Imports a manifest (stores or site content) given as a parsed JSON document. */
export async function importJsonDocument(db: Database, document: unknown, file: string): Promise<string> {
  if (document && typeof document === 'object' && 'stores' in document) {
    const r = await importStores(db, document, { baseDir: path.dirname(path.resolve(file)) });
    return `${file}: ${r.stores} stores (${r.created} new, ${r.updated} updated), ${r.coupons} coupons${r.couponsRemoved ? `, ${r.couponsRemoved} coupons removed` : ''}`;
  }
  if (document && typeof document === 'object' && ('menu' in document || 'home' in document)) {
    const r = await importSiteContent(db, document);
    return `${file}: site content replaced (${r.menuItems} menu items, ${r.homeRows} home rows)`;
  }
  throw new ManifestError(`${file}: not a stores manifest ("stores": […]) nor site content ("menu", "home")`);
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    throw new ManifestError(`${file}: ${(error as Error).message}`);
  }
}

export function formatImportReport(report: ImportReport): string[] {
  const head = `${report.source} → store ${report.store}, ${report.country} (${report.format}${report.mode === 'incremental' ? ', incremental' : ''}): `;
  if (report.held) {
    return [
      `${head}HELD by the shrink guard, nothing changed: it carries ${report.held.items} items, ` +
        `fewer than ${report.held.guardPercent}% of the ${report.held.previous} the last applied feed carried ` +
        `(${report.rejected.length} rows rejected). If the store really shrank, apply it with: npm run import -- --apply-held ${report.source}`,
      ...rejectedLines(report),
    ];
  }
  if (report.repeat) {
    return [
      `${head}the same bytes as the feed applied ${report.repeat.appliedAt.toISOString()}: ${report.rowsRead} rows read then, ` +
        `${report.unchanged} unchanged, ${report.repeat.rejected} rejected (listed then); its prices confirmed, nothing else changed (${report.durationMs} ms)`,
    ];
  }
  const lines = [
    head +
      `${report.rowsRead} rows read, ${report.imported} imported, ${report.updated} updated, ` +
      `${report.unchanged} unchanged, ${report.rejected.length} rejected, ${report.withdrawn} withdrawn` +
      `${report.returned ? `, ${report.returned} back` : ''}` +
      `${report.matching.matched ? `, ${report.matching.matched} matched to other stores' offers` : ''}` +
      `${report.matching.left ? `, ${report.matching.left} left their match` : ''}` +
      `${report.priceDrops.length ? `; ${report.priceDrops.length} price drops` : ''} (${report.durationMs} ms)`,
  ];
  lines.push(...rejectedLines(report), ...warningLines(report), ...conflictLines(report));
  return lines;
}

const rejectedLines = (report: ImportReport) => report.rejected.map((r) => `  line ${r.line}: ${r.reason}`);
const warningLines = (report: ImportReport) => report.warnings.map((w) => `  line ${w.line}: warning: ${w.reason}`);
// Issue 28: a GTIN two brands claim is a merchant's mistake somewhere; the matcher merged nothing across them.
const conflictLines = (report: ImportReport) =>
  report.matching.conflicts.map(
    (c) => `  gtin ${c.gtin} is claimed by brands ${c.brands.join(', ')} (stores ${c.stores.join(', ')}): not matched across brands`,
  );

/** What the api's log says of a held feed (the feed refresh and the operator hand-off). */
export function heldFeedLog(report: ImportReport) {
  return {
    store: report.store,
    country: report.country,
    carried: report.held?.items,
    previous: report.held?.previous,
    guardPercent: report.held?.guardPercent,
    source: report.source,
  };
}

/**
 * Imports a path: a .json manifest, a .tsv/.txt/.xml feed, or a directory (stores.json,
 * then site.json, then every feed). A feed that cannot be read at all is reported and
 * the others still load.
 */
export async function importPath(
  db: Database,
  target: string,
  options: ImportPathOptions,
  print: (line: string) => void,
): Promise<ImportPathSummary> {
  const summary: ImportPathSummary = { feeds: [], failures: [] };
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat) throw new ManifestError(`${target}: no such file or directory`);
  await upsertCategoryTree(db);

  const feed = async (file: string, single: boolean) => {
    try {
      const report = await importFeed(db, {
        file,
        ...(single && options.store ? { store: options.store } : {}),
        ...(single && options.country ? { country: options.country } : {}),
        ...(single && options.format ? { format: options.format } : {}),
        ...(options.shrinkGuard !== undefined ? { shrinkGuard: options.shrinkGuard } : {}),
        ...(options.applyHeld ? { applyHeld: true } : {}),
      });
      summary.feeds.push(report);
      for (const line of formatImportReport(report)) print(line);
    } catch (error) {
      summary.failures.push({ file, error: (error as Error).message });
      print(`${file}: not imported: ${(error as Error).message}`);
    }
  };

  if (stat.isDirectory()) {
    for (const name of ['stores.json', 'site.json']) {
      const file = path.join(target, name);
      if (await fs.stat(file).catch(() => undefined)) print(await importJsonDocument(db, await readJson(file), file));
    }
    const feeds = await listFeedFiles(target);
    if (!feeds.length) print(`${target}: no feed files (<store-slug>.<cc>.tsv|xml) found`);
    for (const file of feeds) {
      if (!feedTargetFromFileName(file)) {
        summary.failures.push({ file, error: 'name is not <store-slug>.<cc>.tsv|xml' });
        print(`${file}: skipped: in a directory, feeds are named <store-slug>.<cc>.tsv|xml`);
        continue;
      }
      await feed(file, false);
    }
  } else if (path.extname(target).toLowerCase() === '.json') {
    print(await importJsonDocument(db, await readJson(target), target));
  } else {
    await feed(target, true);
  }
  // Fresh planner statistics for what came in (PGlite gathers none by itself).
  if (summary.feeds.length) await analyseTables(db);
  return summary;
}
