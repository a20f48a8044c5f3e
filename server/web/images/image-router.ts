// Serves the drawn pictures under /images (URL scheme in shared/images.ts). Paths are parsed
// strictly, so each picture has exactly one URL in each format it is served in (SVG; WebP for
// a product picture at a size lists show; JPEG for a social card), and that URL can be cached
// as immutable; anything else under /images is a 404 nobody keeps.
import { createHash } from 'node:crypto';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { CacheImmutable, CacheNone, type CachePolicy } from '../../../shared/http/cache-policy';
import { BANNER_THEMES, IMAGE_VERSION, SOCIAL_CARD, parseProductImagePath, type BannerTheme } from '../../../shared/images';
import { LOOK_COLLAGE_PREFIX } from '../../../shared/validation/look-rules';
import { BANNER_MAX_SIDE, BANNER_MIN_SIDE, renderBannerImage } from '../../demo/pictures/banner-image';
import { LOGO_SLUG, renderLogoImage } from '../../demo/pictures/logo-image';
import { renderProductImage } from '../../demo/pictures/product-image';
import { renderListPicture } from './list-picture';
import { SOCIAL_CARD_PREFIX, renderSocialCard } from './social-card';

// Whole numbers without leading zeros: "007" and "7" would otherwise be two URLs of one picture.
const BANNER_PATH = new RegExp(`^/images/${IMAGE_VERSION}/banner/([a-z]+)/(0|[1-9]\\d{0,9})/([1-9]\\d{1,3})x([1-9]\\d{1,3})\\.svg$`);
const LOGO_PATH = new RegExp(`^/images/${IMAGE_VERSION}/logo/([^/]+)\\.svg$`);
const MAX_SEED = 0xffffffff;

/** Draws the SVG picture a path names, or undefined when the path names none. */
function renderImagePath(pathname: string): string | undefined {
  const product = parseProductImagePath(pathname);
  if (product) return product.format === 'svg' ? renderProductImage(product) : undefined;

  const banner = BANNER_PATH.exec(pathname);
  if (banner) {
    const [, theme = '', seed = '', width = '', height = ''] = banner;
    const sides = [Number(width), Number(height)];
    if (!BANNER_THEMES.includes(theme as BannerTheme)) return undefined;
    if (Number(seed) > MAX_SEED) return undefined;
    if (sides.some((side) => side < BANNER_MIN_SIDE || side > BANNER_MAX_SIDE)) return undefined;
    return renderBannerImage(theme as BannerTheme, Number(seed), Number(width), Number(height));
  }

  const logo = LOGO_PATH.exec(pathname);
  if (logo?.[1] && LOGO_SLUG.test(logo[1])) return renderLogoImage(logo[1]);
  return undefined;
}

// An SVG opened directly is a document: it must not run script or load anything.
function setCommonHeaders(res: Response, policy: CachePolicy): void {
  res.setHeader('Cache-Control', policy.header);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
}

export type ImageRouterOptions = {
  /** Bytes of rendered pictures kept in memory (default 16 MiB). */
  cacheBytes?: number;
  /** Bytes of raster pictures kept in memory: social cards (20 to 80 KB) and list-size WebPs (2 to 5 KB); default 32 MiB. */
  rasterCacheBytes?: number;
};

type Raster = { bytes: Buffer; type: string };
type KeptRaster = Raster & { etag: string };

/** The raster picture a path names (a social card, a list-size WebP), or undefined when it names none. */
async function renderRaster(pathname: string): Promise<Raster | undefined> {
  if (pathname.startsWith(SOCIAL_CARD_PREFIX)) {
    const jpeg = await renderSocialCard(pathname);
    return jpeg && { bytes: jpeg, type: SOCIAL_CARD.type };
  }
  const product = parseProductImagePath(pathname);
  return product?.format === 'webp' ? { bytes: await renderListPicture(product), type: 'image/webp' } : undefined;
}

/**
 * The pictures sharp draws (social-card.ts, list-picture.ts): drawn once per path (concurrent
 * asks share one drawing, off the event loop), kept by bytes, immutable with a strong ETag,
 * since crawlers of the social networks come back with If-None-Match rather than trusting
 * Cache-Control.
 */
function rasterServer(cacheBytes: number) {
  const kept = new LRUCache<string, KeptRaster>({ maxSize: cacheBytes, sizeCalculation: (raster) => raster.bytes.byteLength });
  const drawing = new Map<string, Promise<KeptRaster | undefined>>();
  const draw = (path: string): Promise<KeptRaster | undefined> => {
    let pending = drawing.get(path);
    if (!pending) {
      pending = renderRaster(path)
        .then((raster) => {
          if (!raster) return undefined;
          const drawn = { ...raster, etag: `"${createHash('sha256').update(raster.bytes).digest('base64url').slice(0, 27)}"` };
          kept.set(path, drawn);
          return drawn;
        })
        .finally(() => drawing.delete(path));
      drawing.set(path, pending);
    }
    return pending;
  };
  return async (req: Request, res: Response): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      setCommonHeaders(res, CacheNone);
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).type('text/plain').send('Method not allowed');
      return;
    }
    const raster = kept.get(req.path) ?? (await draw(req.path));
    if (!raster) {
      setCommonHeaders(res, CacheNone);
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    setCommonHeaders(res, CacheImmutable);
    res.setHeader('ETag', raster.etag);
    if (req.headers['if-none-match'] === raster.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', raster.type);
    res.status(200).send(raster.bytes);
  };
}

export function imageRouter(options: ImageRouterOptions = {}): express.Router {
  // Keyed by path; bounded by bytes, since banner sizes and seeds make the key space huge.
  const cache = new LRUCache<string, Buffer>({
    maxSize: options.cacheBytes ?? 16 * 1024 * 1024,
    sizeCalculation: (svg) => svg.byteLength,
  });
  const router = express.Router();
  const serveRaster = rasterServer(options.rasterCacheBytes ?? 32 * 1024 * 1024);

  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/images' && !req.path.startsWith('/images/')) return next();
    if (req.path.startsWith(SOCIAL_CARD_PREFIX) || req.path.endsWith('.webp')) {
      serveRaster(req, res).catch(next);
      return;
    }
    // Looks' collages depend on who asks (a private look's is its owner's): their own router,
    // mounted after the cookies (look-collage-router.ts).
    if (req.path.startsWith(LOOK_COLLAGE_PREFIX)) return next();
    let svg = cache.get(req.path);
    if (!svg) {
      const text = renderImagePath(req.path);
      if (text !== undefined) {
        svg = Buffer.from(text, 'utf8');
        cache.set(req.path, svg);
      }
    }
    if (!svg) {
      setCommonHeaders(res, CacheNone);
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      setCommonHeaders(res, CacheNone);
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).type('text/plain').send('Method not allowed');
      return;
    }
    setCommonHeaders(res, CacheImmutable);
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    // res.send sets Content-Length and leaves the body out for HEAD.
    res.status(200).send(svg);
  });
  return router;
}
