import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TWITTER_SITE, UPSTREAM_HEADER } from '../../../shared/constants';
import { SOCIAL_CARD } from '../../../shared/images';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { LOOK_API } from '../../../shared/api/look-paths';

// Social cards as Facebook, X and LinkedIn read them (spec section 2 "Page metadata"): the
// first og:image, and the one twitter:image, is a 1200 × 630 JPEG (a look's collage PNG)
// drawn by the web from the page's own artwork, with its type, size and alt text, and
// twitter:site; no social tag names an SVG; at most 10 og:image and itemprop images.

const stack = demoStackForFile('catalog');

const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

/** Every content of <meta {attribute}="{name}">, in document order. */
function metas(html: string, attribute: 'property' | 'name' | 'itemProp', name: string): string[] {
  const tags = [...html.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
  return tags
    .filter((tag) => tag.includes(` ${attribute}="${name}"`))
    .map((tag) => decode(/ content="([^"]*)"/.exec(tag)?.[1] ?? ''));
}

/** The og:image tags and their properties, as [property, content] in document order. */
function ogImageTags(html: string): [string, string][] {
  return [...html.matchAll(/<meta property="(og:image[^"]*)" content="([^"]*)"\/>/g)].map((m): [string, string] => [m[1]!, decode(m[2]!)]);
}

async function get(path: string): Promise<string> {
  const res = await request(stack.web.url).get(path);
  expect([path, res.status]).toEqual([path, 200]);
  return res.text;
}

describe('social cards', () => {
  it('name a 1200 × 630 card first, with its type, size and alt, on the home page, a listing, a product and a look', async () => {
    const { siteUrl } = stack.web.config;
    const listing = await get('/dresses');
    const product = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(listing)![1]!;
    const guids = [...new Set([...listing.matchAll(/\/alerts\/add\/([0-9a-f-]{36})\?/g)].map((m) => m[1]!))];
    const shopper = await registerUser(stack.api);
    const saved = await request(stack.api.url)
      .post(LOOK_API.save)
      .set(UPSTREAM_HEADER.token, shopper.token)
      .send({ setName: 'Card Look', setId: 0, setPublic: 1, data: { items: [0, 1].map((i) => ({ guid: guids[i], x: i * 500, y: i * 500, width: 400, height: 400, z: i })) } });
    expect(saved.status).toBe(200);
    const look = saved.body as { data: { slug: string; listId: number } };

    const pages = [
      { path: '/', title: 'Vitrine', type: 'image/jpeg', card: /\/images\/v1\/card\/banner\/[a-z]+\/\d+\.jpg$/ },
      { path: '/dresses', title: "Women's Dresses", type: 'image/jpeg', card: /\/images\/v1\/card\/product\/[a-z-]+\/[a-z]+\/\d\.jpg$/ },
      { path: product, title: '', type: 'image/jpeg', card: /\/images\/v1\/card\/product\/[a-z-]+\/[a-z]+\/\d\.jpg$/ },
      { path: `/sets/${look.data.slug}/${look.data.listId}`, title: 'Card Look', type: 'image/png', card: /\/images\/looks\/\d+\/[0-9a-f]{16}\.png$/ },
    ];
    const cards: string[] = [];
    for (const page of pages) {
      const html = await get(page.path);
      const tags = ogImageTags(html);
      const card = tags[0]![1];
      expect([page.path, card]).toEqual([page.path, expect.stringMatching(page.card)]);
      expect(card.startsWith(`${siteUrl}/`)).toBe(true);
      const alt = tags[4]![1];
      expect(tags.slice(0, 5)).toEqual([
        ['og:image', card],
        ['og:image:type', page.type],
        ['og:image:width', '1200'],
        ['og:image:height', '630'],
        ['og:image:alt', alt],
      ]);
      // The alt text is the page's title (without the site's name it may add): what the card stands for.
      expect([alt, `${alt} | Vitrine`]).toContain(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!));
      expect(alt.startsWith(page.title)).toBe(true);
      // The rest are plain og:images, each a card too; none an SVG anywhere in the social tags.
      expect(tags.slice(5).every(([property]) => property === 'og:image')).toBe(true);
      const images = metas(html, 'property', 'og:image');
      expect(metas(html, 'itemProp', 'image')).toEqual(images);
      expect(new Set(images).size).toBe(images.length);
      expect([page.path, images.filter((src) => src.endsWith('.svg'))]).toEqual([page.path, []]);
      expect(metas(html, 'name', 'twitter:card')).toEqual(['summary_large_image']);
      expect(metas(html, 'name', 'twitter:site')).toEqual([TWITTER_SITE]);
      expect(metas(html, 'name', 'twitter:image')).toEqual([card]);
      expect(metas(html, 'name', 'twitter:image:alt')).toEqual([alt]);
      cards.push(...images);
    }

    // Every card answers as the image its tags say, 1200 × 630.
    for (const url of new Set(cards)) {
      const path = url.slice(siteUrl.length);
      const res = await request(stack.web.url).get(path).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect([path, res.status]).toEqual([path, 200]);
      const png = path.endsWith('.png');
      expect(res.headers['content-type']).toBe(png ? 'image/png' : SOCIAL_CARD.type);
      const meta = await sharp(res.body as Buffer).metadata();
      expect([path, meta.format, meta.width, meta.height]).toEqual([path, png ? 'png' : 'jpeg', SOCIAL_CARD.width, SOCIAL_CARD.height]);
    }
  }, 60_000);

  it('are drawn once and kept: immutable, with an ETag that answers 304', async () => {
    const path = '/images/v1/card/product/dress/red/3.jpg';
    const first = await request(stack.web.url).get(path);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await request(stack.web.url).get(path).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    const head = await request(stack.web.url).head('/images/v1/card/logo/gossamer-label.jpg');
    expect([head.status, head.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('answer 404 for a path that names no card, and nobody keeps it', async () => {
    for (const path of [
      '/images/v1/card/product/dress/red/9.jpg',
      '/images/v1/card/product/dress/red/3/full.jpg',
      '/images/v1/card/banner/women/012.jpg',
      '/images/v1/card/banner/nowhere/12.jpg',
      '/images/v1/card/logo/Not_A_Slug.jpg',
      '/images/v1/card/product/dress/red/3.png',
    ]) {
      const res = await request(stack.web.url).get(path);
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 404, 'no-store']);
    }
  });
});
