import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CacheImmutable, CacheNone } from '../../../shared/http/cache-policy';
import { bannerImageUrl, logoImageUrl, productImageUrl } from '../../../shared/images';
import { imageRouter } from '../../../server/web/images/image-router';

// The router as the web app mounts it: before the document handler, which here simply
// answers so we can see what the image router let through.
function app(options?: Parameters<typeof imageRouter>[0]) {
  const web = express();
  web.use(imageRouter(options));
  web.use((_req, res) => {
    res.status(200).type('text/plain').send('document handler');
  });
  return web;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** A picture's answer: 200, of `type`, immutable, not sniffed, script-free; its body's bytes. */
function expectPicture(res: request.Response, type: string): Buffer {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(type);
  expect(res.headers['cache-control']).toBe(CacheImmutable.header);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe(CSP);
  // superagent buffers image/* responses as bytes.
  expect(Buffer.isBuffer(res.body)).toBe(true);
  const body = res.body as Buffer;
  expect(Number(res.headers['content-length'])).toBe(body.byteLength);
  return body;
}

describe('image router', () => {
  const server = app();

  it.each([
    // A card's picture as SVG: no page names it any more (a card's is WebP), but e-mails and notifications sent before do.
    ['a card-size product picture', '/images/v1/product/dress/navy/1/180.svg', 'width="180"'],
    ['a full-size product picture', productImageUrl('nail-polish', 'red', 0), 'width="600"'],
    ['a banner', bannerImageUrl('sale', 12, 1200, 400), 'width="1200" height="400"'],
    ['a logo', logoImageUrl('urban-outfitters'), 'Urban Outfitters logo'],
  ])('serves %s as immutable, script-free SVG', async (_what, url, marker) => {
    const body = expectPicture(await request(server).get(url), 'image/svg+xml; charset=utf-8').toString('utf8');
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(body).toContain(marker);
  });

  it.each([
    ['a card', '180', 360],
    ['a swatch', '80', 160],
  ] as const)('serves %s picture as an immutable WebP drawn at twice its size, with a strong ETag', async (_what, size, pixels) => {
    const url = productImageUrl('dress', 'navy', 1, size);
    expect(url).toBe(`/images/v1/product/dress/navy/1/${size}.webp`);
    const res = await request(server).get(url);
    const body = expectPicture(res, 'image/webp');
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', pixels, pixels]);
    // The same drawing as the SVG: the backdrop's colour at the picture's top left corner.
    const svg = await sharp((await request(server).get(url.replace('.webp', '.svg'))).body as Buffer, { density: 144 }).raw().toBuffer();
    const webp = await sharp(body).raw().toBuffer();
    for (let channel = 0; channel < 3; channel++) expect(Math.abs(webp[channel]! - svg[channel]!)).toBeLessThanOrEqual(3);
    const again = await request(server).get(url).set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it.each([
    ['an SVG', productImageUrl('sneakers', 'white', 3, 'full'), 'image/svg+xml; charset=utf-8'],
    ['a WebP', productImageUrl('sneakers', 'white', 3, '80'), 'image/webp'],
  ])('answers HEAD on %s with the same headers and no body', async (_what, url, type) => {
    const get = await request(server).get(url);
    const head = await request(server).head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe(type);
    expect(head.headers['cache-control']).toBe(CacheImmutable.header);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
    expect(head.body).toEqual({});
  });

  it.each([
    ['an SVG', bannerImageUrl('store', 3, 600, 300), { cacheBytes: 1 }],
    ['a WebP', productImageUrl('coat', 'olive', 5, '180'), { rasterCacheBytes: 1 }],
  ])('serves %s with the same bytes on a second request (from its cache) and with a cache too small to keep anything', async (_what, url, tiny) => {
    const first = await request(server).get(url);
    const second = await request(server).get(url);
    const uncached = await request(app(tiny)).get(url);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(uncached.body).toEqual(first.body);
  });

  it.each([
    ['an unknown kind', '/images/v1/product/cape/red/0/180.svg'],
    ['an unknown colour', '/images/v1/product/dress/beige/0/180.svg'],
    ['a style out of range', '/images/v1/product/dress/red/8/180.svg'],
    ['a two-digit style', '/images/v1/product/dress/red/10/180.svg'],
    ['an unknown size', '/images/v1/product/dress/red/0/300.svg'],
    ['another format', '/images/v1/product/dress/red/0/180.png'],
    ['the full size as WebP', '/images/v1/product/dress/red/0/full.webp'],
    ['a WebP of a style out of range', '/images/v1/product/dress/red/8/180.webp'],
    ['a banner as WebP', '/images/v1/banner/sale/1/600x300.webp'],
    ['a logo as WebP', '/images/v1/logo/zara.webp'],
    ['another version', '/images/v2/product/dress/red/0/180.svg'],
    ['capitals', '/images/v1/product/Dress/red/0/180.svg'],
    ['an encoded letter', '/images/v1/product/dr%65ss/red/0/180.svg'],
    ['a trailing slash', '/images/v1/product/dress/red/0/180.svg/'],
    ['an unknown theme', '/images/v1/banner/winter/1/600x300.svg'],
    ['a seed with a leading zero', '/images/v1/banner/sale/01/600x300.svg'],
    ['a seed above 32 bits', '/images/v1/banner/sale/4294967296/600x300.svg'],
    ['a banner too narrow', '/images/v1/banner/sale/1/15x300.svg'],
    ['a banner too tall', '/images/v1/banner/sale/1/600x2401.svg'],
    ['a banner side with a leading zero', '/images/v1/banner/sale/1/0600x300.svg'],
    ['a logo slug with capitals', '/images/v1/logo/Zara.svg'],
    ['a logo slug too long', `/images/v1/logo/${'a'.repeat(61)}.svg`],
    ['a logo slug with an encoded tag', '/images/v1/logo/%3Cscript%3E.svg'],
    ['the bare prefix', '/images'],
    ['the prefix with a slash', '/images/'],
    ['an unknown picture type', '/images/v1/avatar/x.svg'],
  ])('answers %s with a 404 nobody keeps', async (_what, url) => {
    const res = await request(server).get(url);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe(CacheNone.header);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses other methods on a picture, saying which are allowed', async () => {
    const res = await request(server).post(productImageUrl('dress', 'red', 0, '80'));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['cache-control']).toBe(CacheNone.header);
  });

  it('leaves paths outside /images to the rest of the app', async () => {
    for (const url of ['/', '/imagesque', '/women/dresses', '/IMAGES/v1/logo/zara.svg']) {
      const res = await request(server).get(url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).toBe('document handler');
    }
  });
});
