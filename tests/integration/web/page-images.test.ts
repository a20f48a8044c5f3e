import { describe, expect, it } from 'vitest';
import { decodeListing, type ListingWire } from '../../../client/data/listing/listing-wire';
import { productPath } from '../../../client/components/listing/product-card-rules';
import { demoStackForFile } from '../../support/demo-stack';
import { readPayload } from '../../support/page';

// Each page's largest picture (its LCP) is asked for first: fetchpriority high on the <img>
// and a preload React writes into the head; every other picture waits until it nears the
// screen; every picture says its size, so nothing moves when it arrives (CLS).

const stack = demoStackForFile('catalog');

const page = async (path: string) => {
  const res = await fetch(`${stack.web.url}${path}`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } });
  expect(res.status, path).toBe(200);
  return res.text();
};

function pictures(html: string) {
  const body = html.slice(html.indexOf('<body'));
  return [...body.matchAll(/<img [^>]*>/g)].map(([img]) => ({
    src: /src="([^"]*)"/.exec(img)?.[1] ?? '',
    loading: /loading="(\w+)"/.exec(img)?.[1] ?? null,
    priority: /fetchpriority="(\w+)"/i.exec(img)?.[1] ?? null,
    sized: / width="\d+"/.test(img) && / height="\d+"/.test(img),
  }));
}
const highPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([link]) => link).filter((link) => /fetchpriority="high"/i.test(link)).map((link) => /href="([^"]*)"/.exec(link)?.[1]);

describe('the pictures of a page', () => {
  it('home: the first slide first, every other picture lazy, all sized', async () => {
    const html = await page('/');
    const [first, ...rest] = pictures(html);
    expect(first!.src).toMatch(/\/banner\//);
    expect(html.indexOf('class="carousel-slide"')).toBeLessThan(html.indexOf(`src="${first!.src}"`));
    expect([first!.loading, first!.priority]).toEqual(['eager', 'high']);
    expect(highPreloads(html)).toEqual([first!.src]);
    expect(rest.length).toBeGreaterThan(10);
    expect(rest.filter((p) => p.loading !== 'lazy' || p.priority !== null)).toEqual([]);
    expect(pictures(html).filter((p) => !p.sized)).toEqual([]);
  });

  it('product page: the main picture first, every other picture lazy, all sized', async () => {
    const listing = decodeListing(readPayload(await page('/clothing')).payload.router.loaderData['listing-page'] as ListingWire);
    const product = listing.pages[0]!.products.find((p) => p.variants.length > 1) ?? listing.pages[0]!.products[0]!;
    const variant = product.variants[product.variant_index]!;
    const html = await page(productPath(product, variant.size_variants[0]!));
    const [first, ...rest] = pictures(html);
    expect(first!.src).toMatch(/\/product\/.*\/full\.svg$/);
    expect([first!.loading, first!.priority]).toEqual(['eager', 'high']);
    expect(highPreloads(html)).toEqual([first!.src]);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.filter((p) => p.loading !== 'lazy' || p.priority === 'high')).toEqual([]);
    expect(pictures(html).filter((p) => !p.sized)).toEqual([]);
  });
});
