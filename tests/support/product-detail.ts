import type { Offer, SizeOffers } from '../../shared/api/offer-schemas';
import type { ProductDetail, SizeVariant } from '../../shared/api/product-schemas';

// A product detail as the api answers it, for unit tests of the product page: Lena Calloway's
// Satin Dress at Maison Harlow, one colour, the sizes a test gives.

export const size = (over: Partial<SizeVariant>): SizeVariant => ({
  guid: '00000000-0000-4000-8000-000000000001',
  url: 'https://www.shop.example/p/1',
  slug: 'satin-dress-8',
  size: '8',
  msrp: 100,
  saleprice: 80,
  status: 1,
  offers: 20,
  free_delivery: true,
  coupon: null,
  ...over,
});

/** Maison Harlow's own offer of a size (no other store sells it unless a test says so). */
export const ownOffer = (s: SizeVariant): Offer => ({
  guid: s.guid,
  path: `clothing/midi-dresses/${s.slug}`,
  storename: 'Maison Harlow',
  store_slug: 'maison-harlow',
  affiliate_id: 1,
  saleprice: s.saleprice,
  msrp: s.msrp,
  offers: s.offers,
  status: s.status,
  delivery: 0,
  total: s.saleprice,
  priceAge: { checkedAt: null, mayBeOutOfDate: false },
});

/** Each size with its own store's offer only, and its own page canonical. */
const ownOffers = (sizes: SizeVariant[]): SizeOffers[] =>
  sizes.map((s) => ({ guid: s.guid, gtin: null, mpn: null, canonicalUrl: `clothing/midi-dresses/${s.slug}`, offers: [ownOffer(s)] }));

export function detail(sizes: SizeVariant[], selectedGuid = sizes[0]!.guid, sizeOffers = ownOffers(sizes)): ProductDetail {
  return {
    product: {
      id: 7,
      affiliate_id: 1,
      brand: 'Lena Calloway',
      brand_id: 1,
      brand_slug: 'lena-calloway',
      storename: 'Maison Harlow',
      store_id: 1,
      store_slug: 'maison-harlow',
      category_slug: 'clothing',
      subcategory_slug: 'midi-dresses',
      department: 'women',
      saleprice: 80,
      msrp: 100,
      sales: [],
      variant_index: 0,
      GB: 50,
      US: null,
      INTERNATIONAL: null,
      offersCount: 1,
      fromPrice: sizes[0]!.saleprice,
      title: 'Satin Dress',
      description: 'A dress.',
      variants: [
        {
          title: 'Satin Dress',
          description: 'A dress.',
          colour: 'red',
          colour_name: 'Cherry',
          images: { productimage: '/images/a/full.svg', productimage80_png: '/images/a/80.svg', productimage180_jpg: '/images/a/180.svg' },
          additional_images: ['/images/b/full.svg', '/images/a/full.svg'],
          size_variants: sizes,
        },
      ],
    },
    selected: { variant_index: 0, guid: selectedGuid },
    canonicalUrl: `clothing/midi-dresses/${sizes[0]!.slug}`,
    breadCrumb: [
      { filterName: 'category', key: 'Clothing', slug: 'clothing' },
      { filterName: 'subcategory', key: 'Midi Dresses', slug: 'midi-dresses' },
    ],
    countryCode: 'GB',
    currencyCode: 'GBP',
    currencySymbol: '£',
    priceAge: { checkedAt: '2026-11-28T09:40:00.000Z', mayBeOutOfDate: false },
    sizeOffers,
  };
}
