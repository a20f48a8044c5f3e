import { describe, expect, it } from 'vitest';
import { decodeMenu, encodeMenu, type MenuWire } from '../../../client/app/menu-wire';
import type { ListingData } from '../../../client/data/listing/listing-data';
import { listingView } from '../../../client/data/listing/listing-view';
import { decodeListing, type ListingWire } from '../../../client/data/listing/listing-wire';
import { encodeListing } from '../../../client/data/listing/listing-wire-encode';
import { MenuStructureSchema } from '../../../shared/api/home-schemas';
import { ListingPageSchema } from '../../../shared/api/search-schemas';
import { shellCalls } from '../../../shared/api/shell-calls';
import { PER_PAGE } from '../../../shared/constants';
import { COUNTRIES } from '../../../shared/countries';
import { listingApiQuery } from '../../../shared/listing/companion-calls';
import { parseListingQuery, type ListingRequest } from '../../../shared/listing/query-grammar';
import { demoStackForFile } from '../../support/demo-stack';
import { countElements } from '../../support/dom-count';
import { readPayload, visibleMarkup } from '../../support/page';
import { shortMessageId } from '../../../server/lib/catalogs';
import { forwardTo, webOverUpstreamForFile } from '../../support/web-over-upstream';
import * as SEARCH_API from '../../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// What a cold listing page costs: api calls made for it, and the payload it carries to the
// browser to hydrate, through the real web over the real api (a recording hop between them
// reads the web's calls).

const stack = demoStackForFile('catalog');
const { upstream, web } = webOverUpstreamForFile({
  reply: forwardTo(() => stack.api.url),
  env: { WARM_SHELL: 'true' },
});

const page = async (path: string) => {
  const res = await fetch(`${web.url}${path}`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } });
  expect(res.status, path).toBe(200);
  return res.text();
};
const calls = () => upstream.requests.splice(0).map((r) => r.url);

describe('a cold listing page', () => {
  it('makes one api call: the shell’s answers are kept ahead of pages', async () => {
    // The web asked for every country site's menu and country when it started (the same on
    // every page of a site); the shared cache keeps them, so the first page waits for its own
    // data only.
    await web.shellWarmed;
    const shell = Object.values(COUNTRIES).flatMap((country) => Object.values(shellCalls(country)));
    expect(calls().sort()).toEqual(shell.sort());
    expect(shell).toHaveLength(16);
    await page('/dresses');
    expect(calls()).toEqual([`${SEARCH_API.listing}?link=%2Fdresses`]);
    await page('/us/dresses');
    expect(calls()).toEqual([`${SEARCH_API.listing}?country=US&link=%2Fdresses`]);
    // Every other listing then costs exactly one call.
    await page('/search?q=dress&sort=asc');
    expect(calls()).toEqual([`${SEARCH_API.listing}?q=dress&sort=asc`]);
    await page('/clothing?colour=black');
    expect(calls()).toEqual([`${SEARCH_API.listing}?colour=black&link=%2Fclothing`]);
    // A listing with no results also asks for the Recommended Products (spec section 4).
    await page('/dresses?colour=black&page=2');
    expect(calls()).toEqual([`${SEARCH_API.listing}?colour=black&link=%2Fdresses&page=2`, `${SEARCH_API.list}?link=%2Fdresses&page=1&perPage=20`]);
  });

  it('carries each answer to the browser once, and no answer the page reshaped', async () => {
    const html = await page('/clothing');
    const { payload, script } = readPayload(html);
    // The country travels as the api gave it (router state points at it). The menu and the
    // listing do not: the page hydrates from their compact forms (menu-wire.ts,
    // listing-wire.ts), which the router state holds once.
    expect(Object.keys(payload.transfer)).toEqual([SITE_CONTENT_API.country('GB')]);
    expect(script).not.toContain('brand_id');
    expect(script).not.toContain('free_delivery');
    expect(script).not.toContain('menuList');
    const listing = decodeListing(payload.router.loaderData['listing-page'] as ListingWire);
    expect(listing.pages.map((p) => p.products.length)).toEqual([20, 20]);
  });

  it('carries at most 15 % of a full listing page as its hydration payload', async () => {
    // A listing of 40 cards (two api pages), as /dresses is on the demo catalogue: 35 % before
    // the one call and the card view, 31 % with them; the compact forms bring it under the
    // issue's 15 %. (A listing of a handful of cards carries more, in share: the shell's menu
    // is the same on every page.)
    const html = await page('/clothing');
    const { payload, script } = readPayload(html);
    expect(decodeListing(payload.router.loaderData['listing-page'] as ListingWire).pages.flatMap((p) => p.products).length).toBe(40);
    expect(script.length / html.length).toBeLessThanOrEqual(0.15);
  });

  it('sends the messages the page says, but not its footer’s nor the names its data already gives', async () => {
    // The footer is a part loaded on demand, which the browser draws with the whole catalogue;
    // a category's name the catalogue words as the api does is the api's name in the browser.
    const messagesOf = (html: string) => Object.keys(readPayload(html).payload.messages ?? {});
    const english = await page('/clothing');
    expect(visibleMarkup(english)).toContain('<p class="footer-statement">Vitrine helps you discover');
    expect(visibleMarkup(english)).toContain('>Dresses</a>');
    expect(messagesOf(english)).toContain(shortMessageId('shell.skipLink'));
    expect(messagesOf(english)).not.toContain(shortMessageId('shell.footer.statement'));
    expect(messagesOf(english)).not.toContain(shortMessageId('taxonomy.category.dresses'));
    // In French the name is the catalogue's, not the data's: it travels.
    const french = await page('/ca/fr/clothing');
    expect(visibleMarkup(french)).toContain('>Robes</a>');
    expect(messagesOf(french)).toContain(shortMessageId('taxonomy.category.dresses'));
    expect(messagesOf(french)).not.toContain(shortMessageId('shell.footer.statement'));
  });

  it('draws a full listing page in at most 1,200 elements', async () => {
    // 40 cards, as Lighthouse counts them (the body's elements). About 1,930 before on the
    // demo's /dresses: inline SVG icons, a list item per card and per colour, a link around
    // each picture, spans for the filters' boxes and swatches, closed filter groups drawn in full.
    const html = await page('/clothing');
    expect([...html.matchAll(/<img [^>]*src="[^"]*\/180\.webp"/g)].length).toBe(40);
    expect(countElements(html.slice(html.indexOf('<body')))).toBeLessThanOrEqual(1200);
  });

  it('keeps the closed filter groups for browsers without JavaScript, as text to the others', async () => {
    const html = await page('/clothing');
    // Brands is closed at first and drawn only when opened; without scripts its links are there.
    const brands = /<summary>Brands<\/summary><noscript><div class="filter-group-body">([\s\S]*?)<\/div><\/noscript>/.exec(html);
    expect(brands).not.toBeNull();
    expect([...brands![1]!.matchAll(/<a [^>]*href="[^"]*brand/g)].length).toBeGreaterThan(0);
  });

  it('sends the listing and the menu in compact forms that read back exactly', async () => {
    // What the server renders from and what the browser hydrates from must be the same, or
    // hydration breaks: the codecs are lossless on real listings of every kind.
    const listings: [string, string | undefined][] = [
      ['/dresses', undefined],
      ['/clothing', 'colour=black&sort=asc'],
      ['/search', 'q=dress'],
      ['/brand/gossamer-label', undefined],
      ['/shop/women', 'page=2'],
    ];
    const wires: ListingWire[] = [];
    const firstPage: Record<string, number> = {};
    for (const [path, query] of listings) {
      const isSearch = path === '/search';
      const state = parseListingQuery(query ?? '');
      const request: ListingRequest = { state, link: isSearch ? undefined : path, country: 'GB' };
      const url = new URL(SEARCH_API.listing, stack.api.url);
      for (const [k, v] of Object.entries(listingApiQuery('listing', request))) if (v !== undefined) url.searchParams.set(k, String(v));
      const answer = ListingPageSchema.parse(((await (await fetch(url)).json()) as { data: unknown }).data);
      const view: ListingData = listingView({ path, isSearch, state, request, perPage: PER_PAGE, answer, error500: false, recommended: [], debug: null });
      firstPage[path] = view.pages[0]!.products.length;
      const wire = encodeListing(view);
      wires.push(wire);
      expect(decodeListing(JSON.parse(JSON.stringify(wire)) as ListingWire), path).toEqual(view);
    }
    // Each listing's first page as the demo holds it (one card per product, issue 28): all 11
    // dresses, the 9 black clothes, the 11 dresses a search finds, all 5 of the brand's and a
    // full second page of women's.
    expect(firstPage).toEqual({ '/dresses': 11, '/clothing': 9, '/search': 11, '/brand/gossamer-label': 5, '/shop/women': 20 });
    // The shortcuts are taken (and so proven above): packed pictures and slugs, names left out.
    const variants = wires.flatMap((w) => w.p.flatMap((p) => p[3].flatMap((card) => card[9])));
    expect(variants.some((v) => Array.isArray(v[5]) && !v[2].includes('/') && v[3] === 0)).toBe(true);
    expect(wires.some((w) => Object.values(w.f).some((f) => f?.[1].some((c) => c[1] === null)))).toBe(true);

    const menu = MenuStructureSchema.parse(((await (await fetch(`${stack.api.url}${SITE_CONTENT_API.menu(1)}`)).json()) as { data: unknown }).data).menuList;
    expect(menu.some((tile) => tile.childItems.length > 0)).toBe(true);
    expect(decodeMenu(JSON.parse(JSON.stringify(encodeMenu(menu))) as MenuWire)).toEqual(menu);
  });

  it('fetches the first card\u2019s picture first, the first row eagerly, the rest lazily, and sizes every picture', async () => {
    const html = await page('/clothing');
    const cards = [...html.matchAll(/<img [^>]*src="[^"]*\/180\.webp"[^>]*>/g)].map((m) => m[0]);
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
