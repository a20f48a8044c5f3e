import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { CacheImmutable, CacheShort } from '../../../shared/http/cache-policy';
import type { ClientManifest } from '../render/page-assets';

// The built client: hashed assets under /assets (immutable; a missing one is a 404, not a
// page), and the fixed-name public files at the root (favicon …), briefly cached.

/** The name the build gives an asset's brotli-compressed copy: `name.js` → `name.js.br`. */
export const BROTLI_SUFFIX = '.br';
/** The assets the build compresses (scripts/lib/precompress.ts): text that browsers fetch. */
export const PRECOMPRESSED_FILE = /\.(js|css|svg|json)$/;

/** Every asset the build wrote a brotli copy of, by its path under /assets ('/chunks/x.js'). */
function brotliCopies(assetsDir: string): Set<string> {
  if (!fs.existsSync(assetsDir)) return new Set();
  return new Set(
    (fs.readdirSync(assetsDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile() && entry.name.endsWith(BROTLI_SUFFIX) && PRECOMPRESSED_FILE.test(entry.name.slice(0, -BROTLI_SUFFIX.length)))
      .map((entry) => `/${path.relative(assetsDir, path.join(entry.parentPath, entry.name.slice(0, -BROTLI_SUFFIX.length))).split(path.sep).join('/')}`),
  );
}

/**
 * Headers the security middleware gives every response that mean something only on a document
 * (or a plugin's): on a script or a stylesheet they do nothing, and every hashed asset of a
 * first visit carried them, about half a kilobyte each, uncompressed. nosniff and
 * Cross-Origin-Resource-Policy stay. SVGs keep them all: opened on its own, an SVG is a document.
 *
 * Scripts also go without Referrer-Policy and the request id. Our scripts are modules, whose
 * imports follow the document's policy (no-referrer) when the script names none; a stylesheet's
 * own requests follow the stylesheet's, so it keeps it. The request id stays in the log line of
 * the request; on an immutable file nobody reads it, and each of these lines is bytes on every
 * script of a first visit, which Lighthouse counts (scripts/lib/js-budget.ts ASSET_HEADER_BYTES).
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;
const NOT_ON_SCRIPTS = ['Referrer-Policy', 'x-request-id'] as const;

function withoutDocumentHeaders(req: Request, res: Response, next: NextFunction) {
  if (/\.(js|css)$/.test(req.path)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
  if (req.path.endsWith('.js')) for (const name of NOT_ON_SCRIPTS) res.removeHeader(name);
  next();
}

/**
 * The build's brotli copy of an asset, for a browser that accepts br (every current one): the
 * JavaScript of a first visit is about 15 % smaller than the compression middleware's
 * on-the-fly encoding, which must stay fast. Others fall through to the file itself, which the
 * middleware gzips. Both answers vary by Accept-Encoding.
 */
function precompressed(assetsDir: string) {
  const copies = brotliCopies(assetsDir);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !copies.has(req.path)) return next();
    res.vary('Accept-Encoding');
    // Accepted at all (q above 0) is enough: browsers list gzip first with the same weight.
    if (req.acceptsEncodings('br') !== 'br') return next();
    // A module script is always read as UTF-8: its type needs no charset (one line shorter).
    if (req.path.endsWith('.js')) res.setHeader('Content-Type', 'text/javascript');
    else res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Cache-Control', CacheImmutable.header);
    // No Last-Modified nor Accept-Ranges: a hashed asset never changes (immutable, never
    // revalidated) and is fetched whole. Each header line is bytes on every script of a first
    // visit, which Lighthouse counts in its transfer (scripts/lib/js-budget.ts ASSET_HEADER_BYTES).
    res.sendFile(`${req.path.slice(1)}${BROTLI_SUFFIX}`, { root: assetsDir, cacheControl: false, lastModified: false, acceptRanges: false, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

export function readClientAssets(clientDir: string): ClientManifest {
  const file = path.join(clientDir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No client build at ${clientDir}: run npm run build first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClientManifest;
}

/**
 * The built client's files. Every other request (every page) passes by with one look at its
 * path rather than through the router's layers: the router matches /assets and the public
 * files' names without regard to case or a trailing slash, and so does the look.
 */
export function staticFiles(clientDir: string): (req: Request, res: Response, next: NextFunction) => void {
  const router = filesRouter(clientDir);
  const publicFiles = new Set(
    fs
      .readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'manifest.json')
      .map((entry) => `/${entry.name.toLowerCase()}`),
  );
  const mayBeFile = (pathname: string) => {
    const lower = pathname.toLowerCase();
    if (lower === '/assets' || lower.startsWith('/assets/')) return true;
    return publicFiles.has(lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower);
  };
  return (req, res, next) => (mayBeFile(req.path) ? router(req, res, next) : next());
}

function filesRouter(clientDir: string): Router {
  const router = Router();
  router.use('/assets', (_req, res, next) => {
    res.locals.routeLabel = 'assets';
    next();
  });
  router.use('/assets', withoutDocumentHeaders);
  router.use('/assets', precompressed(path.join(clientDir, 'assets')));
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
