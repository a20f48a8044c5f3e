import { describe, expect, it } from 'vitest';
import { buildDirectory } from '../../../server/api/search-engine/documents';
import { listingTitle, resolveLink, type EditorsPickList, type LinkContext } from '../../../server/api/listing/listing-link';
import { SALE_BANDS } from '../../../shared/constants';
import { testTranslator } from '../../support/i18n';

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

// Issue 29: the api words a listing's title in the caller's language; names stay as they are.
describe('listing titles in the caller’s language', () => {
  const title = async (link: string, locale: string) => listingTitle((await resolve(link))!, testTranslator(locale).t);

  it('keeps every English title as the path names it', async () => {
    for (const band of SALE_BANDS) expect(await title(`/${band.slug}`, 'en-GB')).toBe(band.label);
    expect(await title('/sale', 'en-GB')).toBe('Sale');
    expect(await title('/featured', 'en-GB')).toBe('Featured');
    expect(await title('/search', 'en-GB')).toBe('All products');
    expect(await title('/kids-dresses', 'en-GB')).toBe("Kids' Dresses");
    expect(await title('/brand/finch-and-langford/dresses', 'en-GB')).toBe("Finch & Langford Women's Dresses");
    for (const link of ['/dresses', '/brand/finch-and-langford/dresses', '/sale', '/50-percent-off']) expect(await title(link, 'en-GB')).toBe((await resolve(link))!.title);
  });

  it('words them in French, Traditional Chinese and Tamil; names and a shopper’s words as they are', async () => {
    expect(await title('/dresses', 'fr-CA')).toBe('Robes pour femmes');
    expect(await title('/10-20-percent-off', 'fr-CA')).toBe('10 à 20 % de rabais');
    expect(await title('/brand/finch-and-langford/men-jeans', 'fr-CA')).toBe('Jeans pour hommes Finch & Langford');
    expect(await title('/men-jeans', 'zh-HK')).toBe('男裝牛仔褲');
    expect(await title('/50-percent-off', 'zh-HK')).toBe('減 50%');
    expect(await title('/sale', 'ta-SG')).toBe('தள்ளுபடி விற்பனை');
    expect(await title('/brand/finch-and-langford', 'ta-SG')).toBe('Finch & Langford');
    expect(await title('/shop/red-dresses', 'fr-CA')).toBe('Red Dresses');
    expect(await title('/editors-picks/picked', 'zh-HK')).toBe('Picked');
  });
});
