import { describe, expect, it } from 'vitest';
import { buildDirectory } from '../../../server/api/search-engine/documents';
import { resolveLink, type EditorsPickList, type LinkContext } from '../../../server/api/listing/listing-link';

const directory = buildDirectory(
  [{ id: 1, slug: 'maison-harlow', name: 'Maison Harlow', country: 'GB', international: false, adminOnly: false }],
  [{ id: 7, slug: 'finch-and-langford', name: 'Finch & Langford' }],
);
const lists: Record<string, EditorsPickList> = {
  'wedding-guest': { slug: 'wedding-guest', name: 'Wedding guest edit', productIds: [], fallbackLink: '/party-dresses' },
  picked: { slug: 'picked', name: 'Picked', productIds: [3, 1, 2], fallbackLink: null },
};
const context: LinkContext = { directory, editorsPick: async (slug) => lists[slug] };
const resolve = (link: string) => resolveLink(link, context);

describe('listing paths (spec section 2)', () => {
  it('reads category, brand, store, sale and shop paths', async () => {
    expect(await resolve('/dresses')).toMatchObject({ kind: 'category', scope: { category: 'dresses' }, title: "Women's Dresses", canonicalUrl: 'dresses' });
    expect(await resolve('/men-jeans')).toMatchObject({ scope: { category: 'men-jeans' }, title: "Men's Jeans" });
    expect(await resolve('/brand/finch-and-langford')).toMatchObject({ kind: 'brand', scope: { brand: 'finch-and-langford' }, title: 'Finch & Langford' });
    expect(await resolve('/brand/finch-and-langford/dresses')).toMatchObject({ scope: { brand: 'finch-and-langford', category: 'dresses' } });
    expect(await resolve('/store/maison-harlow')).toMatchObject({ kind: 'store', scope: { store: 'maison-harlow' } });
    expect(await resolve('/50-percent-off')).toMatchObject({ kind: 'sale', scope: { discount: { from: 50, to: 100 } } });
    expect(await resolve('/sale')).toMatchObject({ scope: { sale: true } });
    expect(await resolve('/shop/red-dresses')).toMatchObject({ kind: 'shop', text: 'red dresses', canonicalUrl: 'shop/red-dresses' });
    expect(await resolve('/shop/dresses')).toMatchObject({ kind: 'category', scope: { category: 'dresses' } });
    expect(await resolve('/shop/brand/finch-and-langford')).toMatchObject({ kind: 'brand' });
  });

  it('reads a shop path only as it arrived: letters, digits, hyphens and slashes', async () => {
    // The api owns this rule (issue 26): the web passes any /shop/ path and shows the 404.
    for (const link of ['/shop/red%20dresses', '/shop/%72ed-dresses', '/shop/red_dresses', '/shop/red.dresses', '/shop/<script>']) {
      expect(await resolve(link), link).toBeUndefined();
    }
    expect(await resolve('/shop/Red-Dresses/2')).toMatchObject({ kind: 'shop', text: 'red dresses 2' });
  });

  it('drops a country prefix and a query string', async () => {
    expect(await resolve('/us/dresses?page=2')).toMatchObject({ scope: { category: 'dresses' } });
    expect(await resolve('/IN/brand/finch-and-langford')).toMatchObject({ kind: 'brand' });
  });

  it('shows an editor pick list, or its fallback listing while nothing is picked', async () => {
    expect(await resolve('/editors-picks/picked')).toMatchObject({ kind: 'editors-pick', scope: { productIds: [3, 1, 2] }, title: 'Picked' });
    expect(await resolve('/shop/editors-picks/wedding-guest')).toMatchObject({
      kind: 'editors-pick',
      scope: { category: 'party-dresses' },
      title: 'Wedding guest edit',
      canonicalUrl: 'editors-picks/wedding-guest',
    });
    expect(await resolve('/editors-pick/picked')).toMatchObject({ title: 'Picked' });
  });

  it('knows nothing of other paths', async () => {
    for (const link of ['/nothing', '/brand/unknown', '/store/unknown', '/dresses/more', '/brand/finch-and-langford/nope', '/editors-picks/none', '/Bad_Slug', '/%E0%A4%A']) {
      expect(await resolve(link), link).toBeUndefined();
    }
  });
});
