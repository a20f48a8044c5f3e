import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import vnuJar from 'vnu-jar';
import { afterAll, describe, expect, it } from 'vitest';
import { COOKIE, UPSTREAM_HEADER } from '../../../shared/constants';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';
import { LOOK_API } from '../../../shared/api/look-paths';

// The server HTML of every kind of page, as the W3C Nu HTML Checker (the npm vnu-jar, run on
// Java) judges it: a guest's pages (home, category, search, brand, store, product, directories,
// sitemaps, help, sign-in, not found, a withdrawn product (410), Dress Me, the alert pages, a public look, a public
// profile) and a shopper's account pages. Any error or warning fails: a warning on every
// listing card (a redundant role="article" on <article>, issue 25) went unseen as advice.

const run = promisify(execFile);
const JVM_FOR_ONE_RUN = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss4m'];
const stack = demoStackForFile('catalog');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-html-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type VnuMessage = { type: string; subType?: string; url?: string; message: string; extract?: string; lastLine?: number };

/** The first match of `pattern`'s group 1 in a page's HTML. */
function first(html: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no ${what} on the page`);
  return found;
}

describe('every kind of page', () => {
  it('passes the Nu HTML Checker with no error and no warning', async () => {
    let withdrawn = '';
    const get = async (url: string, cookie?: string) => {
      const res = await (cookie ? request(stack.web.url).get(url).set('Cookie', cookie) : request(stack.web.url).get(url));
      expect([url, res.status]).toEqual([url, url === '/no-such-page' ? 404 : url === withdrawn ? 410 : 200]);
      return res.text;
    };
    const listing = await get('/dresses');
    const product = first(listing, /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/, 'product link');
    // The product page's "Sold by" (a listing's cards link their store only when sold out there).
    const store = first(await get(product), /href="(\/store\/[^"?#]+)"/, 'store link');
    const brand = first(await get('/brands/a-to-z'), /href="(\/brand\/[^"?#/]+)"/, 'brand link');
    // A product its store withdrew from the GB site (issue 27): its page answers 410 with similar items.
    const products = [...new Set([...listing.matchAll(/<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/g)].map((m) => m[1]!))];
    withdrawn = products.find((p) => p !== product)!;
    await stack.db.query(
      `UPDATE size_variant_prices SET withdrawn_at = now()
        WHERE country_code = 'GB' AND size_variant_id IN (
          SELECT sv.id FROM size_variants sv JOIN variants v ON v.id = sv.variant_id
           WHERE v.product_id = (SELECT v2.product_id FROM size_variants s2 JOIN variants v2 ON v2.id = s2.variant_id WHERE s2.slug = $1 LIMIT 1))`,
      [withdrawn.split('/').at(-1)],
    );
    // Each card names its size variant twice (the sale and the price alert).
    const guids = [...new Set([...listing.matchAll(/\/alerts\/add\/([0-9a-f-]{36})\?/g)].map((m) => m[1]!))];

    // A shopper with a public look, for the account pages and the look page.
    const shopper = await registerUser(stack.api);
    const cookie = `${COOKIE.token}=${shopper.token}; ${COOKIE.profileType}=${shopper.profileType}`;
    const saved = await request(stack.api.url)
      .post(LOOK_API.save)
      .set(UPSTREAM_HEADER.token, shopper.token)
      .send({ setName: 'Checked Look', setId: 0, setPublic: 1, data: { items: [0, 1].map((i) => ({ guid: guids[i], x: i * 500, y: i * 500, width: 400, height: 400, z: i })) } });
    expect(saved.status).toBe(200);
    const look = saved.body as { data: { slug: string; listId: number } };

    const guestPages = [
      '/',
      '/dresses',
      '/search?q=dress',
      brand,
      store,
      product,
      '/brands/a-to-z',
      '/stores',
      '/sitemap/brands',
      '/sitemap/all-categories',
      '/about-us',
      '/authentication',
      '/no-such-page',
      '/dress-me',
      `/alerts/add/${guids[0]}?kind=price`,
      '/alerts/confirm/not-a-real-token',
      '/alerts/unsubscribe/not-a-real-token',
      `/sets/${look.data.slug}/${look.data.listId}`,
      `/profile/${shopper.userName}`,
      '/giveaway',
      withdrawn,
    ];
    // With the shopper's own parts: the giveaway's entry form and the product's rating group.
    const accountPages = [...['', '/alerts', '/sales', '/wishlists', '/lookbook', '/profile', '/settings'].map((tail) => `/user/${shopper.userName}${tail}`), '/giveaway', product];

    const files: string[] = [];
    const write = (url: string, html: string) => {
      const file = path.join(dir, `${files.length}.html`);
      fs.writeFileSync(file, html);
      files.push(file);
      return { file, url };
    };
    const written = [
      ...(await Promise.all(guestPages.map(async (url) => write(url, await get(url))))),
      ...(await Promise.all(accountPages.map(async (url) => write(url, await get(url, cookie))))),
    ];

    // --format json: the messages go to stderr; exit 1 when there is an error. JVM_FOR_ONE_RUN:
    // the checker runs once, for seconds, which the JVM's optimising compiler and parallel
    // collector do not repay: 3.5 CPU-s instead of 7.5 for these 30 pages, the same messages
    // (its schema's recursion needs a larger stack without the optimised frames).
    const result = await run('java', [...JVM_FOR_ONE_RUN, '-jar', vnuJar, '--format', 'json', ...files], { maxBuffer: 32 * 1024 * 1024 }).catch(
      (error: { stderr?: string; code?: number }) => {
        if (typeof error.stderr !== 'string' || !error.stderr.startsWith('{')) throw error;
        return { stderr: error.stderr };
      },
    );
    const messages = (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
    const urlOf = new Map(written.map(({ file, url }) => [`file:${file}`, url]));
    const findings = messages
      .filter((m) => m.type === 'error' || m.subType === 'warning')
      .map((m) => `${urlOf.get(m.url ?? '') ?? m.url}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ''}`);
    expect(findings).toEqual([]);
    expect(written.length).toBe(guestPages.length + accountPages.length);
  }, 120_000);
});
