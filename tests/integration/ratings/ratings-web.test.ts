import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import type { Database } from '../../../server/api/db/database';
import { registerUser } from '../accounts/accounts-api';
import { openDemoDatabase } from '../../support/demo-catalog-database';
import { startSearchApi } from '../../support/search-api';
import { startWeb } from '../../support/web-server';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import { PRODUCT_API } from '../../../shared/api/product-paths';
import { RATING_API } from '../../../shared/api/rating-paths';
import { pathPrefix } from '../../support/api-paths';

// Ratings on the product page through the real web and api: the average and count for
// everyone, the schema.org aggregateRating in the server HTML only once there are ratings,
// a signed-in shopper's own stars checked in the radio group, and rating without JavaScript.

let db: Database;
let api: Awaited<ReturnType<typeof startSearchApi>>;
let web: Awaited<ReturnType<typeof startWeb>>;
/** Product pages (path without the leading slash) and their product ids, none rated yet. */
let pages: { path: string; id: number }[];

beforeAll(async () => {
  db = await openDemoDatabase();
  api = await startSearchApi(db);
  web = await startWeb(api.url);
  const sitemap = await request(api.url).get(`${pathPrefix(PRODUCT_API.sitemap)}products?perPage=3`).expect(200);
  pages = await Promise.all(
    (sitemap.body.data.urls as { path: string }[]).map(async ({ path }) => {
      const detail = await request(api.url).get(`${pathPrefix(PRODUCT_PAGE_API.detail)}${path}`).expect(200);
      return { path, id: detail.body.data.product.id as number };
    }),
  );
});
afterAll(async () => {
  await web?.close();
  await api?.close();
  await db?.close();
});

type Shopper = Awaited<ReturnType<typeof registerUser>>;
const BROWSER = 'Mozilla/5.0 Chrome/130';
const cookies = (shopper: Shopper) => `${COOKIE.token}=${shopper.token}; ${COOKIE.profileType}=${shopper.profileType}`;
const rate = (shopper: Shopper, id: number, stars: number) =>
  request(api.url).post(RATING_API.rate).set(UPSTREAM_HEADER.token, shopper.token).send({ id, star_rating: stars }).expect(200);
const page = async (path: string, shopper?: Shopper) => {
  const test = request(web.url).get(`/${path}`).set('User-Agent', BROWSER);
  const res = await (shopper ? test.set('Cookie', cookies(shopper)) : test).expect(200);
  return res;
};

/** The ProductGroup JSON-LD of a page. */
function productLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return blocks.find((d) => d['@type'] === 'ProductGroup')!;
}
const summaryOf = (html: string) => /data-testid="rating-summary">([^<]*)</.exec(html)?.[1];
/** The stars checked in the rating group (the radios' `value`s with `checked`). */
const checkedStars = (html: string) =>
  [...html.matchAll(/<input type="radio" name="star_rating"([^>]*)\/>/g)].filter((m) => / checked=""/.test(m[1]!)).map((m) => Number(/value="(\d)"/.exec(m[1]!)![1]));

describe('ratings on the product page', () => {
  it('has no aggregateRating and says so while a product has no ratings, and offers a guest sign-in', async () => {
    const { text } = await page(pages[0]!.path);
    expect(productLd(text)['@type']).toBe('ProductGroup');
    expect(productLd(text).aggregateRating).toBe(undefined);
    expect(summaryOf(text)).toBe('No ratings yet');
    expect(text).toContain('Sign in to rate this product');
    expect(checkedStars(text)).toEqual([]);
  });

  it("marks up the average and count as aggregateRating once shoppers have rated, and shows them", async () => {
    const { path, id } = pages[1]!;
    await rate(await registerUser(api), id, 4);
    await rate(await registerUser(api), id, 5);
    const { text } = await page(path);
    expect(productLd(text).aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 });
    expect(summaryOf(text)).toBe('4.5 out of 5 stars from 2 ratings');
  });

  it("shows a signed-in shopper their own stars and the average as it is now, in a private document, and rates without JavaScript", async () => {
    const { path, id } = pages[2]!;
    const shopper = await registerUser(api);
    // A guest's page first, so the shared answer (no ratings) is in the web's cache.
    expect(summaryOf((await page(path)).text)).toBe('No ratings yet');
    await rate(shopper, id, 3);
    const mine = await page(path, shopper);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(checkedStars(mine.text)).toEqual([3]);
    expect(summaryOf(mine.text)).toBe('3 out of 5 stars from 1 rating');
    expect(mine.text).toContain('<legend>Your rating</legend>');

    // The form without JavaScript: posted to the page, back to it (303), the stars replaced.
    const posted = await request(web.url)
      .post(`/${path}`)
      .type('form')
      .send({ id: String(id), star_rating: '5' })
      .set('Cookie', cookies(shopper))
      .set('Origin', web.url)
      .set('User-Agent', BROWSER);
    expect([posted.status, posted.headers.location]).toEqual([303, `/${path}`]);
    const after = await page(path, shopper);
    expect(checkedStars(after.text)).toEqual([5]);
    expect(summaryOf(after.text)).toBe('5 out of 5 stars from 1 rating');
  });
});
