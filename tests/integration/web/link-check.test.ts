import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COOKIE } from '../../../shared/constants';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';

// What a link checker finds: every <a href> and <link rel=canonical|alternate|prev|next> of a
// sample of pages of each kind (home, category, search, brand, brand within a category, store,
// product, the directories, the HTML sitemap, a shopper's account pages) under the default
// country (no prefix) and /au, and a sample of the XML sitemaps' <loc>s. Each internal target is
// asked for once, as whoever saw the link (a guest, or the signed-in shopper on account pages),
// with HEAD as link checkers ask (W3C's checklink does): the web answers a page's HEAD with the
// status and redirect its GET would have, without rendering it (render.test.ts), which cut this
// file from 39 s to 24 (1,309 targets; every one answered HEAD as GET when both were asked,
// 2026-11-30). A redirect's target is asked for too. Any 4xx or 5xx fails, naming the page that
// linked to it.

const stack = demoStackForFile('catalog');

/** Each prefix and a category listing it sells (the small demo's Australian stores sell skincare only). */
const PREFIXES = [
  { prefix: '', category: '/dresses' },
  { prefix: '/au', category: '/skincare' },
] as const;
const WORKERS = 6;
/** <loc>s checked from each XML sitemap file of the two countries. */
const SITEMAP_SAMPLE = 15;
const LINK_RELS = new Set(['canonical', 'alternate', 'prev', 'next']);

type Target = { path: string; cookie: string | undefined; from: string };

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

/** The hrefs a link checker follows on a page: anchors, and the head's canonical, alternates, prev and next. */
function pageLinks(html: string): string[] {
  const links: string[] = [];
  for (const [tag, name] of html.matchAll(/<(a|link)\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href === undefined) continue;
    if (name!.toLowerCase() === 'link' && !(attribute(tag, 'rel') ?? '').split(/\s+/).some((rel) => LINK_RELS.has(rel))) continue;
    links.push(href);
  }
  return links;
}

describe('a link checker crawling the site', () => {
  it('finds no internal link answering 4xx or 5xx under either country prefix', async () => {
    const { siteUrl } = stack.web.config;
    /** The site path of an internal href (absolute on our site, or root-relative), else undefined. */
    const internal = (href: string): string | undefined => {
      const url = href.startsWith(siteUrl) ? href.slice(siteUrl.length) || '/' : href;
      if (!url.startsWith('/') || url.startsWith('//')) return undefined;
      return url.split('#')[0] || '/';
    };
    const get = async (path: string, cookie?: string) => {
      const res = await (cookie ? request(stack.web.url).get(path).set('Cookie', cookie) : request(stack.web.url).get(path));
      expect([path, res.status]).toEqual([path, 200]);
      return res.text;
    };
    const firstMatch = (html: string, pattern: RegExp, what: string) => {
      const found = pattern.exec(html)?.[1];
      if (!found) throw new Error(`no ${what} on the page`);
      return found;
    };

    const shopper = await registerUser(stack.api);
    const cookie = `${COOKIE.token}=${shopper.token}; ${COOKIE.profileType}=${shopper.profileType}`;

    // The pages crawled: each kind, under both prefixes.
    const seeds: { path: string; cookie?: string }[] = [];
    for (const { prefix, category } of PREFIXES) {
      const listing = await get(`${prefix}${category}`);
      const product = firstMatch(listing, /<h3 class="product-card-title"><a[^>]*href="([^"?#]+)"/, 'product link');
      const store = firstMatch(await get(`${prefix}/stores`), /href="((?:\/au)?\/store\/[^"?#]+)"/, 'store link');
      const brand = firstMatch(await get(`${prefix}/brands/a-to-z`), /href="((?:\/au)?\/brand\/[^"?#/]+)"/, 'brand link');
      const brandInCategory = firstMatch(listing, /href="((?:\/au)?\/brand\/[^"?#/]+\/[^"?#/]+)"/, 'brand within a category link');
      const guest = [
        `${prefix}/`,
        `${prefix}${category}`,
        `${prefix}/search?q=dress`,
        brand,
        brandInCategory,
        store,
        product,
        `${prefix}/brands/a-to-z`,
        `${prefix}/stores`,
        `${prefix}/sitemap`,
      ];
      const account = ['', '/alerts', '/wishlists', '/lookbook', '/settings'].map((tail) => `${prefix}/user/${shopper.userName}${tail}`);
      seeds.push(...guest.map((path) => ({ path })), ...account.map((path) => ({ path, cookie })));
    }

    // A sampled page that does not answer 200 is broken too; the others give their links.
    const broken: string[] = [];
    const targets: Target[] = [];
    const withoutLinks: string[] = [];
    for (const seed of seeds) {
      const res = await (seed.cookie ? request(stack.web.url).get(seed.path).set('Cookie', seed.cookie) : request(stack.web.url).get(seed.path));
      if (res.status !== 200) {
        broken.push(`${seed.path} answers ${res.status} (a sampled page)`);
        continue;
      }
      const paths = pageLinks(res.text).flatMap((href) => internal(href) ?? []);
      if (paths.length === 0) withoutLinks.push(seed.path);
      targets.push(...paths.map((path) => ({ path, cookie: seed.cookie, from: seed.path })));
    }
    expect(withoutLinks).toEqual([]);

    // The XML sitemaps of the two countries: the index names the files; a sample of each file's <loc>s.
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!));
    const files = locs(await get('/sitemap.xml'))
      .map((loc) => internal(loc)!)
      .filter((path) => /^\/sitemap-(gb|au)-/.test(path));
    expect(['gb', 'au'].map((cc) => files.some((path) => path.startsWith(`/sitemap-${cc}-`)))).toEqual([true, true]);
    for (const file of files) {
      const sample = locs(await get(file)).slice(0, SITEMAP_SAMPLE);
      expect([file, sample.length > 0]).toEqual([file, true]);
      for (const loc of sample) {
        const path = internal(loc);
        expect([file, loc, path !== undefined]).toEqual([file, loc, true]);
        targets.push({ path: path!, cookie: undefined, from: file });
      }
    }

    // Each target once per identity, a few at a time; a redirect's internal target joins the queue.
    const seen = new Set<string>();
    const queue: Target[] = [];
    const enqueue = (target: Target) => {
      const key = `${target.cookie ? 'shopper' : 'guest'} ${target.path}`;
      if (seen.has(key)) return;
      seen.add(key);
      queue.push(target);
    };
    targets.forEach(enqueue);
    const worker = async () => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const res = await fetch(`${stack.web.url}${target.path}`, { method: 'HEAD', redirect: 'manual', headers: target.cookie ? { cookie: target.cookie } : {} });
        await res.arrayBuffer();
        if (res.status >= 400) broken.push(`${target.path} answers ${res.status} (linked from ${target.from})`);
        const location = res.headers.get('location');
        const next = res.status >= 300 && res.status < 400 && location ? internal(location) : undefined;
        if (next) enqueue({ path: next, cookie: target.cookie, from: `${target.path} (redirect)` });
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    expect(broken).toEqual([]);
  }, 150_000);
});

describe('a brand within a category', () => {
  it('is a listing of its own at /brand/{brand}/{category}, and the filtered brand page names it canonical', async () => {
    const page = await request(stack.web.url).get('/brand/finch-and-langford/dresses');
    expect(page.status).toBe(200);
    expect(/<title>([^<]*)<\/title>/.exec(page.text)?.[1]).toBe('Finch &amp; Langford Women&#x27;s Dresses | Vitrine');
    const canonical = (html: string) => attribute(/<link rel="canonical"[^>]*>/.exec(html)?.[0] ?? '', 'href');
    expect(canonical(page.text)).toBe(`${stack.web.config.siteUrl}/brand/finch-and-langford/dresses`);
    expect(page.text).not.toContain('name="robots"');

    const filtered = await request(stack.web.url).get('/brand/finch-and-langford?category=dresses');
    expect(filtered.status).toBe(200);
    expect(canonical(filtered.text)).toBe(`${stack.web.config.siteUrl}/brand/finch-and-langford/dresses`);
    const paged = await request(stack.web.url).get('/au/brand/moss-cosmetics?category=skincare&page=2');
    expect(canonical(paged.text)).toBe(`${stack.web.config.siteUrl}/au/brand/moss-cosmetics/skincare?page=2`);
    // Two filters are a deeper combination: its own canonical, not indexed.
    const deeper = await request(stack.web.url).get('/brand/finch-and-langford?category=dresses&colour=red');
    expect(canonical(deeper.text)).toBe(`${stack.web.config.siteUrl}/brand/finch-and-langford?category=dresses&colour=red`);
  });
});
