import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LINE_SEPARATOR_PRODUCT, SCRIPT_TITLE_PRODUCT } from '../../../server/demo/catalog/special-products';
import { SPECIAL_STORE } from '../../../server/demo/catalog/demo-world';
import { SearchResponseSchema } from '../../../shared/api/search-schemas';
import { readPayload, visibleMarkup } from '../../support/page';
import { queryStringArb } from '../../unit/shared/listing-arbitraries';
import { demoStackForFile } from '../../support/demo-stack';
import type { Reply } from '../../support/recording-upstream';
import { forwardTo, withWebOverUpstream } from '../../support/web-over-upstream';
import { DIRECTORY_API } from '../../../shared/api/directory-paths';
import * as SEARCH_API from '../../../shared/api/search-paths';

// The listing page rendered by the real web server over the real api and search index
// (spec section 2 "Listing and search page", section 4 "Listing").

const SITE = 'https://www.vitrine.example';
const stack = demoStackForFile('catalog', { SITE_URL: SITE });

const get = (path: string) => request(stack.web.url).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/130');

const linkHref = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');
const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];
/** Visible markup without React's text separators (`<!-- -->`), as a person reads it. */
const markup = (html: string) => visibleMarkup(html).replace(/<!-- -->/g, '');
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('listing routes', () => {
  it('serves /search and every kind of canonical listing path with 200', async () => {
    const brand = (await request(stack.api.url).get(`${DIRECTORY_API.brands}?country=GB`)).body.data.brands[0].slug as string;
    for (const path of [
      '/search?q=dress',
      '/search',
      '/dresses',
      '/clothing',
      '/men-clothing',
      '/50-percent-off',
      `/brand/${brand}`,
      `/store/${SPECIAL_STORE.slug}`,
      '/shop/red-dresses',
      '/us/men-clothing',
      '/in/dresses',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toMatch(/public/);
      expect(visibleMarkup(res.text), path).toContain('class="product-grid"');
    }
  });

  it('answers an unknown single segment, brand or store with the not-found page and 404', async () => {
    for (const path of ['/no-such-listing', '/us/no-such-listing', '/brand/no-such-brand', '/store/no-such-store', '/shop/bad%20path', '/shop/%72ed-dresses']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(res.text, path).toContain('Page Not Found');
      // Inside the shell: header and footer are there.
      expect(res.text, path).toContain('<footer');
    }
  });

  it('leaves the help pages to their own route', async () => {
    const res = await get('/about-us');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('class="product-grid"');
  });

});

/** Text as React writes it into the page. */
const asPageText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

describe('the listing query (one grammar with the api)', () => {
  it("answers a known parameter's bad value with the page's own 400: the api's message, not kept", async () => {
    for (const query of ['colour=plaid', 'sort=bogus', 'page=abc', 'priceRanges=50,10', 'madein=fr', 'subcategory=no-such-category']) {
      const api = await request(stack.api.url).get(`${SEARCH_API.list}?link=/dresses&${query}`).expect(400);
      const res = await get(`/dresses?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers['cache-control'], query).toBe('no-store');
      expect(markup(res.text), query).toContain(`<p>${asPageText(api.body.message as string)}</p>`);
    }
  });

  it('ignores parameters it does not know, on the page as on the api', async () => {
    const tagged = await get('/dresses?utm_source=news&colour=red&fbclid=abc');
    expect(tagged.status).toBe(200);
    expect(linkHref(tagged.text, 'canonical')).toBe(`${SITE}/dresses?colour=red`);
  });

  it('reads generated query strings as the api does: both answer, or both refuse with the same message', async () => {
    let refused = 0;
    for (const query of fc.sample(queryStringArb, { numRuns: 30, seed: 20_260_401 })) {
      const [page, api] = await Promise.all([get(`/search?${query}`), request(stack.api.url).get(`${SEARCH_API.list}?${query}`)]);
      expect(page.status, query).toBe(api.status);
      if (api.status === 400) {
        refused += 1;
        expect(markup(page.text), query).toContain(`<p>${asPageText(api.body.message as string)}</p>`);
      } else {
        expect(api.status, query).toBe(200);
      }
    }
    expect(refused).toBeGreaterThan(3);
    expect(refused).toBeLessThan(27);
  });

  it('asks the api one call per listing page, the whole site page, so a sort order or a page is its own cached answer', async () => {
    // The api behind a recording hop, so the web's calls can be read.
    await withWebOverUpstream({ reply: forwardTo(() => stack.api.url), env: { SITE_URL: SITE } }, async ({ upstream, web }) => {
      const calls = () => upstream.requests.splice(0).map((r) => r.url).filter((url) => url.startsWith(SEARCH_API.list));
      const browse = (path: string) => request(web.url).get(path).set('User-Agent', 'Mozilla/5.0 Chrome/130').expect(200);
      await browse('/clothing?colour=red&sort=asc');
      expect(calls()).toEqual([`${SEARCH_API.listing}?colour=red&link=%2Fclothing&sort=asc`]);
      // Another sort order: one more call; the same page again: none (the shared cache).
      await browse('/clothing?colour=red&sort=desc');
      expect(calls()).toEqual([`${SEARCH_API.listing}?colour=red&link=%2Fclothing&sort=desc`]);
      await browse('/clothing?colour=red&sort=asc');
      expect(calls()).toEqual([]);
    });
  });
});

describe('listing content', () => {
  it('shows the title with the count, breadcrumb, filters, sort and product cards', async () => {
    const answer = SearchResponseSchema.parse((await request(stack.api.url).get(`${SEARCH_API.list}?link=/dresses&country=GB`)).body.data);
    const res = await get('/dresses');
    const html = markup(res.text);
    const escaped = answer.key.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
    expect(html).toContain(`${escaped} <span class="listing-count">(${answer.totalCount} products)</span>`);
    expect(html).toMatch(/<nav aria-label="Breadcrumb"[^>]*><ol><li><a href="\/">Home<\/a>/);
    for (const heading of ['Country', 'Sort', 'Deals', 'Sales and Offers', 'Color', 'Brands', 'Stores']) {
      expect(html, heading).toContain(`<summary>${heading}</summary>`);
    }
    expect(html).toContain('Category</h2>');
    expect(html).toContain('All Offers');
    expect(html).toContain('Coupon Code');
    expect(html).toContain('Free Delivery');
    expect(html).toContain('Refine Products');
    expect(html).toContain('<option value="desc">Price high - low</option>');
    // Price Dropped: a deal link with its count (none of the demo's prices fell) and a sort.
    expect(html).toMatch(/<a href="\/dresses\?pricedropped=true" rel="nofollow" class="filter-option has-check">Price Dropped <span class="filter-count">\(0\)<\/span><\/a>/);
    expect(html).toContain('<option value="dropped">Price Dropped</option>');
    // Buy controls point at the retailer click-through and open a new tab.
    expect(html).toMatch(/href="\/products\/loadRetailerProductPage\/[^"]+" target="_blank"/);
    // Prices carry the country's symbol.
    expect(html).toMatch(/class="product-card-price">£\d/);
    // The price filter is drawn only in a browser (spec section 5).
    expect(html).not.toContain('class="price-filter"');
  });

  it('marks up the breadcrumb as BreadcrumbList JSON-LD under the page nonce', async () => {
    const res = await get('/midi-dresses');
    const { nonce } = readPayload(res.text);
    const match = /<script type="application\/ld\+json" nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(res.text);
    expect(match?.[1]).toBe(nonce);
    const ld = JSON.parse(match![2]!) as { '@type': string; itemListElement: { position: number; name: string; item: string }[] };
    expect(ld['@type']).toBe('BreadcrumbList');
    expect(ld.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` });
    expect(ld.itemListElement.at(-1)!.item).toBe(`${SITE}/midi-dresses`);
  });

  it('prices a country site in its currency under its prefix', async () => {
    const res = await get('/in/dresses');
    const html = markup(res.text);
    expect(html).toMatch(/class="product-card-price">₹/);
    expect(html).toContain('href="/in/products/loadRetailerProductPage/');
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE}/in/dresses`);
  });

  it('shows the zero-result view with recommended products and noindex', async () => {
    const res = await get('/search?q=zzqxv');
    expect(res.status).toBe(200);
    const html = markup(res.text);
    expect(html).toContain('We could not find many matches for: &quot;zzqxv&quot;');
    expect(html).toContain('Try another search to find more products.');
    expect(html).toContain('id="product_landing_page"');
    expect(html).toContain('Recommended Products');
    expect(html).toContain('href="/sitemap/all-categories"');
    expect(robots(res.text)).toBe('noindex, follow');
  });

  it('keeps the zero-result message back for a purely numeric search', async () => {
    const html = markup((await get('/search?q=987654321')).text);
    expect(html).not.toContain('We could not find many matches');
  });
});

describe('listing metadata', () => {
  it('gives a plain listing its canonical, hreflang alternates and a next link', async () => {
    const res = await get('/dresses');
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE}/dresses`);
    expect(robots(res.text)).toBeUndefined();
    expect(res.text).toContain(`hrefLang="en-US" href="${SITE}/us/dresses"`);
    expect(title(res.text)).toContain('| Vitrine');
  });

  it('pages with real ?page=n links: canonical, prev and next', async () => {
    // The whole small catalogue: enough for several pages of 40.
    const res = await get('/search?page=2');
    expect(res.status).toBe(200);
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE}/search?page=2`);
    expect(linkHref(res.text, 'prev')).toBe(`${SITE}/search`);
    expect(linkHref(res.text, 'next')).toBe(`${SITE}/search?page=3`);
    const html = markup(res.text);
    expect(html).toContain('href="/search" rel="prev"');
    expect(html).toContain('href="/search?page=3" rel="next"');
    expect(title(res.text)).toContain('Page 2');
  });

  it('keeps the search text in the canonical and adds &page=n after it', async () => {
    const res = await get('/search?q=dress&page=2');
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE}/search?q=dress&page=2`);
    expect(linkHref(res.text, 'prev')).toBe(`${SITE}/search?q=dress`);
  });

  it('keeps internal search results out of the index (noindex, follow, no alternates) and category, brand and store listings in it', async () => {
    const brand = (await request(stack.api.url).get(`${DIRECTORY_API.brands}?country=GB`)).body.data.brands[0].slug as string;
    // Each one with products: an empty listing is noindex anyway.
    const robotsOf = async (path: string) => {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(markup(res.text), path).toContain('class="product-grid"');
      return { path, robots: robots(res.text) ?? null, alternates: (res.text.match(/<link rel="alternate"/g) ?? []).length > 0 };
    };
    const searches = ['/search?q=dress', '/search', '/dresses?q=midi'];
    const listings = ['/dresses', `/brand/${brand}`, `/store/${SPECIAL_STORE.slug}`];
    expect(await Promise.all([...searches, ...listings].map(robotsOf))).toEqual([
      ...searches.map((path) => ({ path, robots: 'noindex, follow', alternates: false })),
      ...listings.map((path) => ({ path, robots: null, alternates: true })),
    ]);
  });

  it('indexes a listing with one facet value and marks deep facet combinations noindex', async () => {
    const colour = (await request(stack.api.url).get(`${SEARCH_API.filters('colour')}?link=/dresses&country=GB`)).body.data.buckets[0].id as string;
    const one = await get(`/dresses?colour=${colour}`);
    expect(robots(one.text)).toBeUndefined();
    expect(linkHref(one.text, 'canonical')).toBe(`${SITE}/dresses?colour=${colour}`);
    for (const path of ['/dresses?colour=red,black', '/dresses?colour=red&sale=true', '/dresses?sort=asc', '/dresses?priceRanges=10,100']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(robots(res.text), path).toBe('noindex, follow');
    }
  });
});

describe('escaping', () => {
  it('shows product titles with </script> and U+2028 as text and keeps the payload one script', async () => {
    const res = await get(`/store/${SPECIAL_STORE.slug}?category=midi-dresses`);
    expect(res.status).toBe(200);
    const html = markup(res.text);
    expect(html).toContain('Ruched Satin Midi Dress &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    const { payload, script } = readPayload(res.text);
    // The payload script closes only where it ends and carries U+2028 escaped.
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toContain('\u2028');
    const titles = JSON.stringify(payload);
    expect(titles).toContain(SCRIPT_TITLE_PRODUCT.title.replace(/"/g, '\\"'));
    expect(titles).toContain(LINE_SEPARATOR_PRODUCT.title);
    // No other script on the page carries the title unescaped.
    const scripts = [...res.text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.filter((s) => s.includes('alert(1)') && !/\\u003c/i.test(s)).map((s) => s.slice(0, 200))).toEqual([]);
  });
});

describe('when the product list fails', () => {
  it('shows the server-error view with its retry block, status 503 and nothing cached', async () => {
    // A stand-in upstream that fails every call (spec section 8 "Product list call fails").
    const failEveryCall: Reply = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 500, message: 'down' }));
    };
    await withWebOverUpstream({ reply: failEveryCall, env: { SITE_URL: SITE } }, async ({ web: brokenWeb }) => {
      const res = await request(brokenWeb.url).get('/dresses');
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      const html = markup(res.text);
      expect(html).toContain('Something is wrong with our servers, please try again in some time.');
      expect(html).toContain('Something went wrong. Please click here to Refresh');
      expect(html).not.toContain('listing-count');
    });
  });
});
