import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStackForFile } from '../../support/demo-stack';
import { readPayload } from '../../support/page';
import { startRecordingUpstream } from '../../support/recording-upstream';
import { startWeb } from '../../support/web-server';

// What a cold listing page costs: api calls made for it, and the payload it carries to the
// browser to hydrate, through the real web over the real api (a recording hop between them
// reads the web's calls).

const stack = demoStackForFile('catalog');
let upstream: Awaited<ReturnType<typeof startRecordingUpstream>>;
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  upstream = await startRecordingUpstream(async (req, res) => {
    const answer = await fetch(`${stack.api.url}${req.url}`);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': answer.headers.get('cache-control') ?? 'no-store' });
    res.end(await answer.text());
  });
  web = await startWeb(upstream.url);
});
afterAll(async () => {
  await web?.close();
  await upstream?.close();
});

const page = async (path: string) => {
  const res = await fetch(`${web.url}${path}`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } });
  expect(res.status, path).toBe(200);
  return res.text();
};
const calls = () => upstream.requests.splice(0).map((r) => r.url);

describe('a cold listing page', () => {
  it('makes one api call for the listing, beside the shell’s two', async () => {
    // The shared cache is empty: nothing has been asked yet. The root loader's menu and
    // country are the shell's, the same for every page of the site and kept by the shared
    // cache after the first page; the listing's own data is one call.
    await page('/dresses');
    expect(calls()).toEqual(['/api/account/menu-structure/1', '/api/account/countries/GB', '/api/search/listing?link=%2Fdresses']);
    // Every other listing then costs exactly one call.
    await page('/search?q=dress&sort=asc');
    expect(calls()).toEqual(['/api/search/listing?q=dress&sort=asc']);
    await page('/clothing?colour=black');
    expect(calls()).toEqual(['/api/search/listing?colour=black&link=%2Fclothing']);
    // A listing with no results also asks for the Recommended Products (spec section 4).
    await page('/dresses?colour=black&page=2');
    expect(calls()).toEqual(['/api/search/listing?colour=black&link=%2Fdresses&page=2', '/api/search?link=%2Fdresses&page=1&perPage=20']);
  });

  it('carries each answer to the browser once, and no answer the page reshaped', async () => {
    const html = await page('/clothing');
    const { payload, script } = readPayload(html);
    // The shell's answers travel as they came (router state points at them); the listing's
    // answer does not: the page hydrates from its own view of it (cards with only what a
    // card reads), which the router state holds once.
    expect(Object.keys(payload.transfer).sort()).toEqual(['/api/account/countries/GB', '/api/account/menu-structure/1']);
    expect(script).not.toContain('brand_id');
    expect(script).not.toContain('free_delivery');
    const listing = payload.router.loaderData['listing-page'] as { pages: { products: unknown[] }[] };
    expect(listing.pages.map((p) => p.products.length)).toEqual([20, 20]);
    // Down from 35 % before the one call and the card view (not yet the 15 % the issue asks).
    expect(script.length / html.length).toBeLessThan(0.33);
  });

  it('fetches the first card\u2019s picture first, the first row eagerly, the rest lazily, and sizes every picture', async () => {
    const html = await page('/clothing');
    const cards = [...html.matchAll(/<img src="[^"]*\/180\.svg"[^>]*>/g)].map((m) => m[0]);
    expect(cards.length).toBe(40);
    expect(cards.map((img) => [/loading="(\w+)"/.exec(img)?.[1], /fetchpriority="(\w+)"/i.exec(img)?.[1] ?? null])).toEqual([
      ['eager', 'high'],
      ...Array.from({ length: 3 }, () => ['eager', null]),
      ...Array.from({ length: 36 }, () => ['lazy', null]),
    ]);
    // React writes the first card's preload into the head (its LCP picture).
    const first = /src="([^"]+)"/.exec(cards[0]!)![1]!;
    expect([...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]).filter((l) => /fetchpriority="high"/i.test(l))).toEqual([
      `<link rel="preload" as="image" href="${first}" fetchPriority="high"/>`,
    ]);
    const body = html.slice(html.indexOf('<body'));
    const unsized = [...body.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((img) => !/ width="\d+"/.test(img) || !/ height="\d+"/.test(img));
    expect(unsized).toEqual([]);
  });
});
