import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookSchema, type Look } from '../../../shared/api/look-schemas';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { CacheImmutable, CacheNone, CachePrivate } from '../../../shared/http/cache-policy';
import { LOOK_COLLAGE, lookCollageUrl } from '../../../shared/validation/look-rules';
import type { Database } from '../../../server/api/db/database';
import { registerUser } from '../accounts/accounts-api';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { startSearchApi } from '../../support/search-api';
import { startWeb } from '../../support/web-server';
import { LOOK_API } from '../../../shared/api/look-paths';
import { pathPrefix } from '../../support/api-paths';

// A look's collage through the real web and api: a real PNG drawn from the look's pieces,
// immutable at a URL that changes when the look does, anyone's when the look is public and
// the owner's alone when it is private.

let db: Database;
let api: Awaited<ReturnType<typeof startSearchApi>>;
let web: Awaited<ReturnType<typeof startWeb>>;
let owner: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let guids: string[];

beforeAll(async () => {
  db = await openDemoDatabase();
  api = await startSearchApi(db);
  web = await startWeb(api.url);
  owner = await registerUser(api);
  other = await registerUser(api);
  guids = (await db.query<{ guid: string }>('SELECT DISTINCT ON (v.product_id) sv.guid::text AS guid FROM size_variants sv JOIN variants v ON v.id = sv.variant_id ORDER BY v.product_id, sv.id LIMIT 3')).map((r) => r.guid);
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
});

const cookie = (shopper: typeof owner) => `${COOKIE.token}=${shopper.token}`;
const pieces = (shift = 0) => guids.map((guid, i) => ({ guid, x: i * 300 + shift, y: i * 200, width: 350, height: 400, z: i }));

async function save(body: object): Promise<number> {
  const res = await request(api.url).post(LOOK_API.save).set(UPSTREAM_HEADER.token, owner.token).send(body).expect(200);
  return res.body.data.listId as number;
}
async function look(listId: number): Promise<Look> {
  return LookSchema.parse((await request(api.url).get(`${pathPrefix(LOOK_API.sets)}${listId}`).set(UPSTREAM_HEADER.token, owner.token).expect(200)).body.data);
}

describe('the look collage', () => {
  it('is a real picture of the look, immutable at its URL, and the URL changes when the look does', async () => {
    const listId = await save({ setName: 'Gallery', setId: 0, setPublic: 1, data: { items: pieces() } });
    const first = await look(listId);
    expect(first.collage).toBe(lookCollageUrl(listId, first.version));

    const res = await request(web.url).get(first.collage).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(CacheImmutable.header);
    expect(res.headers['content-disposition']).toBeUndefined();
    const png = res.body as Buffer;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', LOOK_COLLAGE.width, LOOK_COLLAGE.height]);
    const blank = await sharp({ create: { width: LOOK_COLLAGE.width, height: LOOK_COLLAGE.height, channels: 3, background: LOOK_COLLAGE.background } }).png().toBuffer();
    const [drawn, empty] = await Promise.all([sharp(png).stats(), sharp(blank).stats()]);
    expect(drawn.channels.slice(0, 3).map((c) => c.stdev > 10)).toEqual([true, true, true]);
    expect(empty.channels.map((c) => c.stdev)).toEqual([0, 0, 0]);

    // Moved pieces: a new version, a new URL, a different picture; the old URL is gone.
    await save({ setName: 'Gallery', setId: listId, setPublic: 1, data: { items: pieces(50) } });
    const second = await look(listId);
    expect(second.collage).not.toBe(first.collage);
    const moved = (await request(web.url).get(second.collage).expect(200)).body as Buffer;
    expect(moved.equals(png)).toBe(false);
    const gone = await request(web.url).get(first.collage).expect(404);
    expect(gone.headers['cache-control']).toBe(CacheNone.header);

    // A rename leaves the picture as it was.
    await request(api.url).put(LOOK_API.rename).set(UPSTREAM_HEADER.token, owner.token).send({ listId, setName: 'Gallery Two', setPublic: 1 }).expect(200);
    expect((await look(listId)).collage).toBe(second.collage);
  });

  it('is offered as a download named after the look', async () => {
    const listId = await save({ setName: 'Take Away', setId: 0, setPublic: 1, data: { items: pieces() } });
    const { collage } = await look(listId);
    const res = await request(web.url).get(`${collage}?download=1`).set('Cookie', cookie(owner)).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="take-away.png"');
    expect((await sharp(res.body as Buffer).metadata()).format).toBe('png');
  });

  it("is a private look's owner's alone, and kept by no shared cache", async () => {
    const listId = await save({ setName: 'Secret', setId: 0, setPublic: 0, data: { items: pieces() } });
    const { collage } = await look(listId);
    expect((await request(web.url).get(collage).expect(404)).headers['cache-control']).toBe(CacheNone.header);
    await request(web.url).get(collage).set('Cookie', cookie(other)).expect(404);
    const own = await request(web.url).get(collage).set('Cookie', cookie(owner)).expect(200);
    expect(own.headers['cache-control']).toBe(CachePrivate.header);
    expect((await sharp(own.body as Buffer).metadata()).width).toBe(LOOK_COLLAGE.width);
  });

  it('answers 404 for an address that names no collage', async () => {
    for (const path of ['/images/looks/abc/0123456789abcdef.png', '/images/looks/1/xyz.png', '/images/looks/0/0123456789abcdef.png', '/images/looks/99999999/0123456789abcdef.png']) {
      const res = await request(web.url).get(path).expect(404);
      expect(res.headers['cache-control']).toBe(CacheNone.header);
    }
  });
});
