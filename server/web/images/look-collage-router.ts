// Serves a look's collage at /images/looks/{listId}/{version}.png (lookCollageUrl). The
// version is a hash of the pieces and their places, so each URL is one picture for ever: a
// public look's collage is immutable for every cache, and a changed look has a new URL (the
// api answers it as the look's `collage`). The web asks the api for the look each time, so
// only who may see the look sees the picture: anyone when it is public, and the owner (their
// token cookie, the personal GET /sets/{listId}) when it is private; a private picture is
// kept by no shared cache. The drawing itself is kept in memory by id and version.
import express from 'express';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { LookSchema, type Look } from '../../../shared/api/look-schemas';
import { CacheImmutable, CacheNone, CachePrivate, type CachePolicy } from '../../../shared/http/cache-policy';
import { LOOK_COLLAGE_PREFIX, LOOK_VERSION_PATTERN } from '../../../shared/validation/look-rules';
import { ID_MAX } from '../../../shared/validation/safe-text';
import { callerOf, readJson, type ApiUpstream, type Caller } from '../upstream/api-upstream';
import { renderLookCollage } from './look-collage';
import { LOOK_API } from '../../../shared/api/look-paths';

const FILE = /^([0-9a-f]{16})\.png$/;
const ID = /^[1-9]\d{0,9}$/;

export type LookCollageRouterOptions = {
  upstream: ApiUpstream;
  /** Bytes of collages kept in memory (default 16 MiB: a collage is 50 to 150 KB). */
  cacheBytes?: number;
};

type Found = { look: Look; policy: CachePolicy } | { status: number };

/**
 * The look as the asker may see it at this version: public for anyone, else the owner's own
 * (a public look's owner may see it with pieces that everyone else sees it without: an
 * admin-only store's, which give the public look a version of its own).
 */
async function findLook(upstream: ApiUpstream, listId: number, version: string, caller: Caller): Promise<Found> {
  const read = async (url: string): Promise<{ look: Look } | { status: number }> => {
    const res = await upstream.call({ method: 'GET', url }, caller);
    if (res.status !== 200) return { status: res.status };
    const parsed = LookSchema.safeParse((readJson(res.text)?.value as { data?: unknown } | undefined)?.data);
    return parsed.success ? { look: parsed.data } : { status: 502 };
  };
  const shared = await read(LOOK_API.publicLook(listId));
  if ('look' in shared && (shared.look.version === version || !caller.token)) return { look: shared.look, policy: CacheImmutable };
  if (!('look' in shared) && (shared.status !== 404 || !caller.token)) return shared;
  const own = await read(LOOK_API.sets(listId));
  return 'look' in own ? { look: own.look, policy: CachePrivate } : own;
}

function refuse(res: Response, status: number): void {
  res.setHeader('Cache-Control', CacheNone.header);
  res.status(status).type('text/plain').send(status === 404 ? 'Not found' : 'The picture is unavailable right now.');
}

export function lookCollageRouter({ upstream, cacheBytes = 16 * 1024 * 1024 }: LookCollageRouterOptions): express.Router {
  const kept = new LRUCache<string, Buffer>({ maxSize: cacheBytes, sizeCalculation: (png) => png.byteLength });
  const router = express.Router();

  router.get(`${LOOK_COLLAGE_PREFIX}:listId/:file`, async (req: Request, res: Response) => {
    const id = String(req.params.listId);
    const file = FILE.exec(String(req.params.file));
    const version = file?.[1];
    if (!ID.test(id) || Number(id) > ID_MAX || !version || !LOOK_VERSION_PATTERN.test(version)) return refuse(res, 404);
    const found = await findLook(upstream, Number(id), version, callerOf(req, res));
    if (!('look' in found)) return refuse(res, found.status === 404 || found.status === 401 ? 404 : 502);
    // An older version's URL: the look has changed since, and its page names the new picture.
    if (found.look.version !== version) return refuse(res, 404);
    const key = `${id}/${version}`;
    let png = kept.get(key);
    if (!png) {
      png = await renderLookCollage(found.look.items);
      kept.set(key, png);
    }
    res.setHeader('Cache-Control', found.policy.header);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', 'image/png');
    // The owner's download: the same picture, saved as a file named after the look.
    if (req.query.download === '1') res.setHeader('Content-Disposition', `attachment; filename="${found.look.slug}.png"`);
    res.status(200).send(png);
  });
  return router;
}
