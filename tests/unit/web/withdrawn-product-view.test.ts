import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../../shared/api/api-client';
import { PRODUCT_PAGE_API } from '../../../shared/api/product-page-paths';
import type { ProductCard, WithdrawnProduct } from '../../../shared/api/product-schemas';
import { CacheNone, CacheShort, documentCachePolicy } from '../../../shared/http/cache-policy';
import { withdrawnProductOf, withdrawnProductView } from '../../../client/components/product/withdrawn-product-view';
import { testTranslator } from '../../support/i18n';

// The withdrawn product page's view (issue 27): what a 410 from the product detail carries,
// what the page says and where it sends the shopper.

const SILK: WithdrawnProduct = {
  id: 7,
  title: 'Silk Wrap Dress',
  brand: 'Ava Marlowe',
  storename: 'Larch Linen',
  store_slug: 'larch-linen',
  images: { productimage: '/images/full.svg', productimage80_png: '/images/80.png', productimage180_jpg: '/images/180.jpg' },
  canonicalUrl: 'clothing/midi-dresses/silk-wrap-dress',
};

const card = { id: 8 } as ProductCard;

describe('withdrawnProductOf', () => {
  it('reads the withdrawn product a 410 carries', () => {
    expect(withdrawnProductOf(new ApiError(410, 'No longer sold on this country site', SILK))).toEqual(SILK);
    expect(withdrawnProductOf(new ApiError(410, 'gone', { ...SILK, brand: null }))).toEqual({ ...SILK, brand: null });
  });

  it('reads nothing from another status, another error, or a body that is not a withdrawn product', () => {
    expect(withdrawnProductOf(new ApiError(404, 'No such product', SILK))).toBeNull();
    expect(withdrawnProductOf(new Error('boom'))).toBeNull();
    expect(withdrawnProductOf(new ApiError(410, 'gone'))).toBeNull();
    expect(withdrawnProductOf(new ApiError(410, 'gone', { ...SILK, storename: 3 }))).toBeNull();
    expect(withdrawnProductOf(new ApiError(410, 'gone', { ...SILK, images: { productimage: '/x.svg' } }))).toBeNull();
  });

  it('is what the api client keeps of an error answer', async () => {
    const client = createApiClient(async () => ({ status: 410, body: { status: 410, message: 'No longer sold on this country site', data: SILK } }));
    const error = await client.get(PRODUCT_PAGE_API.detail('clothing', 'midi-dresses', 'silk-wrap-dress'), 'ProductDetail').catch((e: unknown) => e);
    expect(withdrawnProductOf(error)).toEqual(SILK);
  });
});

describe('withdrawnProductView', () => {
  it('says who no longer sells it, sends Buy to the store\'s page and shows similar items', () => {
    expect(withdrawnProductView(testTranslator().t, SILK, [card])).toEqual({
      heading: 'Ava Marlowe Silk Wrap Dress',
      notice: 'No longer sold by Larch Linen',
      picture: '/images/full.svg',
      storename: 'Larch Linen',
      storePath: '/store/larch-linen',
      similar: [card],
      fallbacks: [],
    });
  });

  it('is no dead end without similar items: the store\'s page and home', () => {
    const view = withdrawnProductView(testTranslator().t, { ...SILK, brand: null }, []);
    expect(view.heading).toBe('Silk Wrap Dress');
    expect(view.fallbacks).toEqual([
      { label: 'Browse Larch Linen', to: '/store/larch-linen' },
      { label: 'Go to Home', to: '/' },
    ]);
  });
});

describe('withdrawnProductView in the page\'s language (issue 29)', () => {
  it('says who no longer sells it and where to go instead, in French and Tamil', () => {
    const french = withdrawnProductView(testTranslator('fr-CA').t, SILK, []);
    expect([french.notice, ...french.fallbacks.map((link) => link.label)]).toEqual(["N'est plus vendu par Larch Linen", 'Parcourir Larch Linen', "Aller à l'accueil"]);
    const tamil = withdrawnProductView(testTranslator('ta-SG').t, SILK, []);
    expect([tamil.notice, ...tamil.fallbacks.map((link) => link.label)]).toEqual(['Larch Linen இனி இதை விற்பதில்லை', 'Larch Linen கடையைப் பார்வையிடவும்', 'முகப்புக்குச் செல்']);
  });
});

describe('documentCachePolicy for a withdrawn page', () => {
  it('keeps a 410 nowhere, as a 404', () => {
    expect(documentCachePolicy(410, false, [])).toBe(CacheNone);
    expect(documentCachePolicy(404, false, [])).toBe(CacheNone);
    expect(documentCachePolicy(200, false, [])).toBe(CacheShort);
  });
});
