import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { CacheNone } from '../../../shared/http/cache-policy';
import { HttpError, badRequest, describeZodError } from '../../lib/http-error';
import { formatImportReport, heldFeedLog, importJsonDocument } from '../catalog/import-files';
import { FeedImportError, feedTargetFromFileName, importFeed } from '../catalog/importer';
import {
  OPERATOR_ANALYSE_PATH,
  OPERATOR_IMPORT_PATH,
  OperatorImportQuery,
  secretMatches,
  type OperatorImportAnswer,
} from '../catalog/operator-handoff';
import { ManifestError } from '../catalog/store-manifest';
import type { Database } from '../db/database';
import { analyseTables } from '../db/planner-statistics';

// The operator's routes (catalog/operator-handoff.ts): files handed over by `npm run import`
// while this api holds the embedded database. They are operations, not the api contract: not
// in shared/api/api-routes.ts, outside /api so the web's gateway never forwards them, and
// before the contract's scope binding, answer cache and work limit. Without a secret they are
// not there at all (404, as any unknown path).

/** A whole feed in one request: the demo's largest is a few MB, a big merchant's tens. */
const UPLOAD_LIMIT = '256mb';

export type OperatorDeps = {
  db: Database;
  logger: Logger;
  secret: string | undefined;
  /** FEED_SHRINK_GUARD (importer.ts); absent, the importer's default. */
  shrinkGuard?: number | undefined;
};

function requireSecret(secret: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (secret === undefined) return next('route');
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    res.setHeader('Cache-Control', CacheNone.header);
    if (!given || !secretMatches(given, secret)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="vitrine-operator"');
      res.status(401).json({ status: 401, message: 'This route needs the operator secret (Authorization: Bearer …).' });
      return;
    }
    next();
  };
}

/** Registers the operator's routes on the app (the route walk counts them as operations). */
export function mountOperatorRoutes(app: Express, deps: OperatorDeps): void {
  const { db } = deps;
  const raw = express.raw({ type: () => true, limit: UPLOAD_LIMIT });

  app.post(OPERATOR_IMPORT_PATH, requireSecret(deps.secret), raw, async (req: Request, res: Response) => {
    const parsed = OperatorImportQuery.safeParse(req.query);
    if (!parsed.success) throw badRequest(describeZodError(parsed.error));
    const query = parsed.data;
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!body.length) throw badRequest(`${query.name}: the request has no body; send the file's bytes`);
    const text = body.toString('utf8');
    let answer: OperatorImportAnswer;
    try {
      if (query.kind === 'json') {
        let document: unknown;
        try {
          document = JSON.parse(text);
        } catch (error) {
          throw new ManifestError(`${query.name}: ${(error as Error).message}`);
        }
        answer = { lines: [await importJsonDocument(db, document, query.name)] };
      } else {
        const fromName = feedTargetFromFileName(query.name);
        const store = query.store ?? fromName?.store;
        const country = query.country ?? fromName?.country;
        const format = query.format ?? fromName?.format;
        const report = await importFeed(db, {
          text,
          source: query.name,
          ...(store ? { store } : {}),
          ...(country ? { country } : {}),
          ...(format ? { format } : {}),
          ...(deps.shrinkGuard !== undefined ? { shrinkGuard: deps.shrinkGuard } : {}),
          ...(query.applyHeld ? { applyHeld: true } : {}),
        });
        if (report.held) deps.logger.warn(heldFeedLog(report), 'feed held by the shrink guard: it carries far fewer items than the last one; nothing changed');
        answer = { lines: formatImportReport(report), report };
      }
    } catch (error) {
      // The importer's refusals are the operator's to fix: a 400 with its message, nothing changed.
      if (error instanceof FeedImportError || error instanceof ManifestError) throw new HttpError(400, error.message);
      throw error;
    }
    deps.logger.info({ file: query.name, kind: query.kind }, 'operator import');
    res.setHeader('Cache-Control', CacheNone.header);
    res.json(answer);
  });

  app.post(OPERATOR_ANALYSE_PATH, requireSecret(deps.secret), async (_req: Request, res: Response) => {
    await analyseTables(db);
    res.setHeader('Cache-Control', CacheNone.header);
    res.json({ lines: [] } satisfies OperatorImportAnswer);
  });
}
