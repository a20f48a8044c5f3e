import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import { FilterPanel } from '../../../client/components/listing/FilterPanel';
import { ListingPage } from '../../../client/components/listing/ListingPage';
import { ProductCard } from '../../../client/components/listing/ProductCard';
import { sitemapLinks } from '../../../client/components/listing/SitemapLinks';
import { DirectoryPage } from '../../../client/components/product/DirectoryPage';
import type { CardProduct } from '../../../client/components/listing/product-card-rules';
import type { ListingData } from '../../../client/data/listing/listing-data';
import { listingView } from '../../../client/data/listing/listing-view';
import { encodeListing } from '../../../client/data/listing/listing-wire-encode';
import type { ListingPage as ListingAnswer } from '../../../shared/api/search-schemas';
import type { CountryCode } from '../../../shared/countries';
import type { LanguageSegment } from '../../../shared/i18n/languages';
import { parseListingQuery } from '../../../shared/listing/query-grammar';
import { serializeListingQuery } from '../../../shared/listing/listing-state';
import type { SiteConfig } from '../../../shared/payload';
import { categoryBySlug } from '../../../server/api/catalog/category-tree';
import { categoryTitle } from '../../../server/api/listing/listing-link';
import { testTranslator, withI18n } from '../../support/i18n';

// Issue 29: a listing speaks the page's language. The card, the filter panel and the sort are
// rendered as a French Canadian, a Hong Kong Chinese and a Singapore Tamil page draws them,
// with the real catalogues: every word of ours translated, product data as the feed gives it,
// prices as Intl writes them for the page's locale.

const sites = {
  'en-GB': { country: 'GB', language: '' },
  'fr-CA': { country: 'CA', language: 'fr' },
  'zh-HK': { country: 'HK', language: 'zh' },
  'ta-SG': { country: 'SG', language: 'ta' },
} as const satisfies Record<string, { country: CountryCode; language: LanguageSegment }>;
type Locale = keyof typeof sites;

function onPage(locale: Locale, element: ReactNode): string {
  const { country, language } = sites[locale];
  const site = { country, language, basename: '', siteUrl: 'https://vitrine.test' } as unknown as SiteConfig;
  return renderToString(withI18n(<SiteConfigContext.Provider value={site}>{element}</SiteConfigContext.Provider>, locale));
}

/** A card in a data router (the card reads the root route's data, if any, for the currency). */
function card(locale: Locale, p: CardProduct): string {
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <ProductCard p={p} /> }]);
  return onPage(locale, <RouterProvider router={router} />);
}

const product: CardProduct = {
  id: 7,
  affiliate_id: 1,
  brand: 'Maison Harlow',
  storename: 'Harlow Store',
  store_slug: 'harlow-store',
  category_slug: 'dresses',
  subcategory_slug: 'midi-dresses',
  variant_index: 0,
  GB: 1,
  US: 0,
  INTERNATIONAL: 1,
  compare: { stores: 3, fromPrice: 1234.5 },
  variants: ['Red', null].map((colour, i) => ({
    title: 'Satin Midi Dress',
    colour,
    images: { productimage80_png: `/i/${i}.png`, productimage180_jpg: `/i/${i}.jpg` },
    size_variants: [{ guid: `g-${i}`, slug: `satin-midi-dress-${i}`, msrp: 2469, saleprice: 1234.5, status: 1, offers: 50 }],
  })),
};

/** The visible text of the first element with this class, tags stripped. */
function textOf(html: string, className: string): string {
  const match = new RegExp(`class="(?:[^"]* )?${className}(?: [^"]*)?"[^>]*>(.*?)</(p|span|a|summary|h2)>`).exec(html);
  return (match?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
}
const attr = (html: string, name: string) => [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1]!.replace(/&#x27;/g, "'"));

describe('the product card in the page’s language', () => {
  it('keeps the English card word for word', () => {
    const html = card('en-GB', product);
    expect(textOf(html, 'product-card-tag')).toBe('50% OFF');
    expect(textOf(html, 'product-card-price')).toBe('£1,234.50£2,469');
    expect(textOf(html, 'product-card-compare')).toBe('from £1,234.50 at 3 stores');
    expect(textOf(html, 'product-card-buy')).toBe('Buy at Harlow Store');
    expect(attr(html, 'aria-label')).toContain('Red 1');
    expect(attr(html, 'aria-label')).toContain('Colour 2');
    expect(attr(html, 'data-was')).toEqual(['was']);
  });

  it('reads in Canadian French, the price as Intl writes it for fr-CA', () => {
    const html = card('fr-CA', product);
    // "1 234,50 $" with the no-break spaces Intl writes for fr-CA.
    const fr = '1\u00a0234,50\u00a0$';
    expect(fr).toBe(new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(1234.5));
    expect(textOf(html, 'product-card-price')).toBe(`${fr}2\u00a0469\u00a0$`);
    expect(textOf(html, 'product-card-tag')).toBe('-50 %');
    expect(textOf(html, 'product-card-compare')).toBe(`à partir de ${fr} dans 3 boutiques`);
    expect(textOf(html, 'product-card-buy')).toBe('Acheter chez Harlow Store');
    expect(textOf(html, 'product-card-alert')).toBe('Alerte soldes');
    expect(attr(html, 'aria-label')).toEqual(
      expect.arrayContaining([
        'Maison Harlow Satin Midi Dress',
        'Ajouter Satin Midi Dress à une liste de souhaits (connectez-vous d’abord)',
        'Recevoir une alerte soldes pour Satin Midi Dress',
        'Alerte de prix pour Satin Midi Dress',
        'Couleurs',
        'Red 1',
        'Couleur 2',
      ]),
    );
    expect(attr(html, 'data-was')).toEqual(['avant']);
  });

  it('reads in Traditional Chinese for Hong Kong', () => {
    const html = card('zh-HK', product);
    expect(textOf(html, 'product-card-tag')).toBe('減 50%');
    expect(textOf(html, 'product-card-buy')).toBe('在 Harlow Store 購買');
    expect(textOf(html, 'product-card-compare')).toMatch(/^3 間商店有售，HK\$1,234\.50 起$/);
    expect(attr(html, 'title')).toEqual(['登入後即可儲存至願望清單']);
  });

  it('reads in Tamil for Singapore', () => {
    const html = card('ta-SG', product);
    expect(textOf(html, 'product-card-tag')).toBe('50% தள்ளுபடி');
    expect(textOf(html, 'product-card-buy')).toBe('Harlow Store இல் வாங்கு');
    expect(textOf(html, 'product-card-alert')).toBe('தள்ளுபடி எச்சரிக்கை பெறுக');
    expect(textOf(html, 'product-card-compare')).toMatch(/^3 கடைகளில் .+ முதல்$/);
  });
});

const bucket = (id: string, key: string, docCount: number) => ({ id, key, textKey: id, docCount, selected: false, subBuckets: [] });

function listing(query: string): ListingData {
  const state = parseListingQuery(query);
  return {
    path: '/search',
    isSearch: true,
    state,
    link: undefined,
    country: 'GB',
    perPage: 40,
    pages: [],
    error500: false,
    filters: {
      category: { filterName: 'category', otherCount: 0, buckets: [bucket('dresses', 'Dresses', 12), bucket('men-jeans', 'Jeans', 4)] },
      colour: { filterName: 'colours', otherCount: 0, buckets: [bucket('red', 'Red', 5)] },
      offer: { filterName: 'offers', otherCount: 0, buckets: [bucket('51.0-70.0', '50-70% Off', 2)] },
      department: null,
      brand: { filterName: 'brand', otherCount: 0, buckets: [bucket('zara', 'Zara', 3)] },
      store: null,
    },
    price: null,
    deals: { deals: (['coupons', 'freedelivery', 'sale', 'pricedropped'] as const).map((key) => ({ key, textKey: 'English from the api', docCount: 1 })) },
    breadcrumb: null,
    links: null,
    countryTotals: null,
    recommended: [],
    debug: null,
  } as unknown as ListingData;
}

function panel(locale: Locale, query = 'colour=red'): string {
  const data = listing(query);
  return onPage(
    locale,
    <MemoryRouter>
      <FilterPanel data={data} state={data.state} href={(s) => `/search${serializeListingQuery(s)}`} apply={() => undefined} country={sites[locale].country} draft={false} collapse={0} />
    </MemoryRouter>,
  );
}

const summaries = (html: string) => [...html.matchAll(/<summary>(.*?)<\/summary>/g)].map((m) => m[1]);
/** The words of the filter links (the counts and marks aside). */
const choices = (html: string) =>
  [...html.matchAll(/class="filter-option[^"]*"[^>]*>(.*?)<\/a>/g)].map((m) => m[1]!.replace(/<span class="filter-count">.*?<\/span>/, '').replace(/<!-- -->/g, '').trim());

describe('the filter panel and the sort in the page’s language', () => {
  it('keeps the English panel word for word', () => {
    const html = panel('en-GB');
    expect(summaries(html)).toEqual(['Country', 'Sort', 'Deals', 'Sales and Offers', 'Color', 'Brands']);
    expect(choices(html)).toEqual(['Local', 'International', 'Recommended', 'Highest Discount', 'Price high - low', 'Price low - high', 'Price Dropped', 'All Offers', 'Coupon Code', 'Free Delivery', 'Price Dropped', '50-70% Off', 'Red', 'Dresses', 'Jeans', 'Zara']);
    expect(attr(html, 'aria-label')).toContain('Red (5), selected');
  });

  it('reads in Canadian French: groups, sort, deals, offers, colours and categories; brands as they are', () => {
    const html = panel('fr-CA');
    expect(summaries(html)).toEqual(['Pays', 'Trier', 'Aubaines', 'Soldes et offres', 'Couleur', 'Marques']);
    expect(choices(html)).toEqual(['Local', 'International', 'Recommandés', 'Rabais le plus élevé', 'Prix décroissant', 'Prix croissant', 'Prix en baisse', 'Toutes les offres', 'Code promo', 'Livraison gratuite', 'Prix en baisse', '50 à 70 % de rabais', 'Rouge', 'Robes', 'Jeans', 'Zara']);
    expect(attr(html, 'aria-label')).toContain('Rouge (5), choisi');
    expect(html).toContain('placeholder="Trouver une marque"');
    expect(html).toContain('>Catégorie</h2>');
  });

  it('reads in Traditional Chinese for Hong Kong', () => {
    const html = panel('zh-HK', '');
    expect(summaries(html)).toEqual(['國家/地區', '排序', '優惠', '減價及優惠', '顏色', '品牌']);
    expect(choices(html)).toEqual(['本地', '國際', '推薦', '最高折扣', '價錢由高至低', '價錢由低至高', '已減價', '所有優惠', '優惠碼', '免費送貨', '已減價', '減 50-70%', '紅色', '連身裙', '牛仔褲', 'Zara']);
    expect(attr(html, 'aria-label')).toContain('紅色（5）');
  });

  it('reads in Tamil for Singapore', () => {
    const html = panel('ta-SG');
    expect(summaries(html)).toEqual(['நாடு', 'வரிசைப்படுத்து', 'சலுகைகள்', 'தள்ளுபடிகளும் சலுகைகளும்', 'நிறம்', 'பிராண்டுகள்']);
    expect(choices(html).slice(2, 7)).toEqual(['பரிந்துரைக்கப்பட்டவை', 'அதிக தள்ளுபடி', 'விலை அதிகம் - குறைவு', 'விலை குறைவு - அதிகம்', 'விலை குறைந்தது']);
    expect(choices(html)).toContain('சிவப்பு');
    expect(choices(html)).toContain('கவுன்கள்');
  });
});

/** A category listing's page (/dresses), from an api answer through the loader's view and wire form. */
function listingPage(locale: Locale, query = 'colour=red&sale=true'): string {
  const state = parseListingQuery(query);
  const { country } = sites[locale];
  const answer = {
    // The title as the api words it in the caller's language.
    pages: [{ totalCount: 1234, description: '', key: categoryTitle(categoryBySlug('dresses')!, testTranslator(locale).t), products: [product], canonicalUrl: 'dresses', page: 1, perPage: 40, countryCode: country, currencySymbol: '$' }],
    filters: {
      category: { filterName: 'category', otherCount: 0, buckets: [bucket('dresses', 'Dresses', 1234)] },
      colour: { filterName: 'colours', otherCount: 0, buckets: [bucket('red', 'Red', 5)] },
      department: { filterName: 'department', otherCount: 0, buckets: [bucket('women', 'Women', 1234)] },
    },
    price: undefined,
    deals: undefined,
    breadcrumb: { breadCrumb: [{ filterName: 'category', key: 'Clothing', slug: 'clothing' }, { filterName: 'subcategory', key: 'Dresses', slug: 'dresses' }] },
    links: { brand: [], attribute: [], fixedbrand: [], topsearches: [], searchinfo: { category: null, department: null, brand: null } },
    countryTotals: null,
  } as unknown as ListingAnswer;
  const wire = encodeListing(
    listingView({ path: '/dresses', isSearch: false, state, request: { state, link: '/dresses', country }, perPage: 40, answer, error500: false, recommended: [], debug: null }),
  );
  const router = createMemoryRouter([{ id: 'root', path: '/', children: [{ id: 'listing', path: 'dresses', Component: ListingPage }] }], {
    initialEntries: [`/dresses?${query}`],
    hydrationData: { loaderData: { listing: wire } },
  });
  return onPage(locale, <RouterProvider router={router} />);
}

describe('a category listing in the page’s language', () => {
  const h1 = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)![1]!.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
  const chips = (html: string) => [...html.matchAll(/class="filter-option chip"[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);
  const options = (html: string) => [...html.matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((m) => m[1]);
  const pager = (html: string) => /<nav class="listing-pages"[^>]*>.*?<span>(.*?)<\/span>/.exec(html)![1]!.replace(/<!-- -->/g, '');

  it('keeps the English page word for word', () => {
    const html = listingPage('en-GB');
    expect(h1(html)).toBe("Women's Dresses (1,234 products)");
    expect(chips(html)).toEqual(['Remove Red', 'Remove All Offers']);
    expect(options(html)).toEqual(['Recommended', 'Highest Discount', 'Price high - low', 'Price low - high', 'Price Dropped']);
    expect(pager(html)).toBe('Page 1 of 16');
    expect(html).toContain('<title>Women&#x27;s Dresses | Vitrine</title>');
    expect(html).toContain('<meta name="description" content="Shop Women&#x27;s Dresses from hundreds of stores in UK: compare prices, find sales and free delivery on Vitrine."/>');
  });

  it('reads in Canadian French: the title, the count, the chips, the sort and the pager', () => {
    const html = listingPage('fr-CA');
    expect(h1(html)).toBe('Robes pour femmes (1\u00a0234 produits)');
    expect(chips(html)).toEqual(['Retirer Rouge', 'Retirer Toutes les offres']);
    expect(options(html)).toEqual(['Recommandés', 'Rabais le plus élevé', 'Prix décroissant', 'Prix croissant', 'Prix en baisse']);
    expect(pager(html)).toBe('Page 1 sur 16');
    expect(html).toContain('>Trier par</span>');
    expect(html).toContain('<a href="/">Accueil</a>');
    expect(html).toContain('<title>Robes pour femmes | Vitrine</title>');
    expect(html).toContain('<meta name="description" content="Magasinez Robes pour femmes parmi des centaines de boutiques au Canada : comparez les prix, trouvez des soldes et la livraison gratuite sur Vitrine."/>');
  });

  it('reads in Traditional Chinese for Hong Kong', () => {
    const html = listingPage('zh-HK');
    expect(h1(html)).toBe('女裝連身裙 （1,234 件貨品）');
    expect(chips(html)).toEqual(['移除 紅色', '移除 所有優惠']);
    expect(pager(html)).toBe('第 1 頁，共 16 頁');
  });

  it('reads in Tamil for Singapore', () => {
    const html = listingPage('ta-SG');
    expect(h1(html)).toBe('பெண்களுக்கான கவுன்கள் (1,234 பொருட்கள்)');
    expect(options(html)[0]).toBe('பரிந்துரைக்கப்பட்டவை');
    expect(pager(html)).toBe('பக்கம் 1 / 16');
  });
});

describe('the directories and the sitemap links in the page’s language', () => {
  const items = [
    { name: 'Zara', to: '/brand/zara', letter: 'Z', productCount: 1, detail: 'ships from France' },
    { name: 'Acne', to: '/brand/acne', letter: 'A', productCount: 1234 },
  ];
  const directory = (locale: Locale, listed: 'brands' | 'stores', entries = items) =>
    onPage(
      locale,
      <MemoryRouter>
        <DirectoryPage listed={listed} heading="—" meta={{ title: '—', description: '—', path: '/brands' }} intro="—" items={entries} popular={2} />
      </MemoryRouter>,
    );
  const counts = (html: string) => [...html.matchAll(/class="directory-count">(.*?)<\/span>/g)].map((m) => m[1]);
  const popular = (html: string) => /<h2 id="popular-[a-z]+">(.*?)<\/h2>/.exec(html)![1];

  it('keeps the English directory word for word, one product or many', () => {
    const html = directory('en-GB', 'brands');
    expect(popular(html)).toBe('Popular brands');
    expect(counts(html)).toEqual(['1,234 products', '1 product, ships from France']);
    expect(html).toContain('aria-label="Brands by letter"');
    expect(directory('en-GB', 'stores', [])).toContain('<p>No stores to show here yet.</p>');
  });

  it('reads in Canadian French, Hong Kong Chinese and Singapore Tamil', () => {
    const fr = directory('fr-CA', 'brands');
    expect(popular(fr)).toBe('Marques populaires');
    expect(counts(fr)).toEqual(['1\u00a0234 produits', '1 produit, ships from France']);
    expect(popular(directory('zh-HK', 'stores'))).toBe('熱門商店');
    expect(counts(directory('zh-HK', 'stores'))).toEqual(['1,234 件貨品', '1 件貨品, ships from France']);
    expect(directory('ta-SG', 'stores', [])).toContain('<p>இங்கே காட்ட இன்னும் கடைகள் இல்லை.</p>');
  });

  it('names the sitemap links, the category from the taxonomy', () => {
    const info = { category: 'midi-dresses', department: 'women', brand: 'maison-harlow' };
    const labels = (locale: string) => sitemapLinks(testTranslator(locale).t, info).map((l) => l.label);
    expect(labels('en-GB')).toEqual(['All Midi Dresses', 'All maison harlow products', 'Designers', 'Brands', 'Shops', 'All Products', 'All Categories']);
    expect(labels('fr-CA')).toEqual(['Tous les articles : Robes mi-longues', 'Tous les produits maison harlow', 'Créateurs', 'Marques', 'Boutiques', 'Tous les produits', 'Toutes les catégories']);
    expect(labels('zh-HK').slice(0, 2)).toEqual(['所有中長裙', '所有 maison harlow 貨品']);
    expect(labels('ta-SG')[0]).toBe('அனைத்து மிடி கவுன்கள்');
  });
});
