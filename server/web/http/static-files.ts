import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { CacheImmutable, CacheShort } from '../../../shared/http/cache-policy';
import type { ClientManifest } from '../render/page-assets';

// The built client: hashed assets under /assets (immutable; a missing one is a 404, not a
// page), and the fixed-name public files at the root (favicon …), briefly cached.

export function readClientAssets(clientDir: string): ClientManifest {
  const file = path.join(clientDir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No client build at ${clientDir}: run npm run build first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClientManifest;
}

export function staticFiles(clientDir: string): Router {
  const router = Router();
  router.use('/assets', (_req, res, next) => {
    res.locals.routeLabel = 'assets';
    next();
  });
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      index: false,
      // No "add a trailing slash" redirects for folders: no address here is a folder, and the
      // web's redirects are all same-site paths it chose (shared/same-site-path.ts).
      redirect: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', CacheImmutable.header),
    }),
  );
  // Listed once at start: a page request must not cost a file-system lookup.
  const publicFiles = fs
    .readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'manifest.json')
    .map((entry) => `/${entry.name}`);
  if (publicFiles.length) {
    router.get(publicFiles, express.static(clientDir, { index: false, redirect: false, setHeaders: (res) => res.setHeader('Cache-Control', CacheShort.header) }));
  }
  return router;
}
