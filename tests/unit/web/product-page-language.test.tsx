import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import { AlphabetDirectory } from '../../../client/components/product/AlphabetDirectory';
import { DepartmentLinks } from '../../../client/components/product/DepartmentLinks';
import { ProductPage } from '../../../client/components/product/ProductPage';
import { Component as RetailerPage } from '../../../client/routes/retailer.route';
import type { Offer } from '../../../shared/api/offer-schemas';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import type { CountryCode } from '../../../shared/countries';
import type { LanguageSegment } from '../../../shared/i18n/languages';
import type { SiteConfig } from '../../../shared/payload';
import { withI18n } from '../../support/i18n';
import { detail, ownOffer, size } from '../../support/product-detail';

// The product page in the page's language (issue 29): the whole page as a shopper in Canada
// reading French, in Hong Kong reading Traditional Chinese and in Singapore reading Tamil gets
// it, with the feed's words (title, store, sizes, colours) as the feed gave them.

const SITES: Record<string, { country: CountryCode; segment: LanguageSegment }> = {
  'en-GB': { country: 'GB', segment: '' },
  'fr-CA': { country: 'CA', segment: 'fr' },
  'zh-HK': { country: 'HK', segment: 'zh' },
  'ta-SG': { country: 'SG', segment: 'ta' },
};

/** `element` as the page of `locale`'s site draws it: its site config, its language, a router (with its route's loader data). */
function renderIn(locale: string, element: ReactElement, loaderData?: unknown): string {
  const { country, segment } = SITES[locale]!;
  const config: SiteConfig = {
    country,
    language: segment,
    basename: '',
    catalog: '',
    siteUrl: 'https://www.vitrine.example',
    assets: { entry: '/e.js', css: [], modulepreload: [] },
    isBot: false,
  };
  const router = createMemoryRouter([{ id: 'root', path: '*', element, ...(loaderData ? { loader: () => loaderData } : {}) }], {
    initialEntries: ['/clothing/midi-dresses/satin-dress-8'],
    ...(loaderData ? { hydrationData: { loaderData: { root: loaderData } } } : {}),
  });
  return renderToString(<SiteConfigContext.Provider value={config}>{withI18n(<RouterProvider router={router} />, locale)}</SiteConfigContext.Provider>);
}

const EIGHT = size({});
const TEN = size({ guid: '00000000-0000-4000-8000-000000000002', slug: 'satin-dress-10', size: '10', status: 0 });
const BIRCH_ROW: Offer = { ...ownOffer(EIGHT), guid: '00000000-0000-4000-8000-000000000009', storename: 'Birch Row', store_slug: 'birch-row', saleprice: 82, msrp: 82, offers: 0, delivery: null, total: 82 };

/** Size 8 sold by two stores (the offers table), size 10 sold out (its back-in-stock link). */
const DETAIL = detail([EIGHT, TEN], EIGHT.guid, [
  { guid: EIGHT.guid, gtin: null, mpn: null, canonicalUrl: 'clothing/midi-dresses/satin-dress-8', offers: [ownOffer(EIGHT), BIRCH_ROW] },
  { guid: TEN.guid, gtin: null, mpn: null, canonicalUrl: 'clothing/midi-dresses/satin-dress-10', offers: [ownOffer(TEN)] },
]);

const point = (date: string, salePrice: number, msrp = 100) => ({ date, salePrice, msrp, available: true });

/** A month at 80 after 100, the list price 100: 20% off measured against the 30 days before. */
const HISTORY: PriceHistory = {
  guid: EIGHT.guid,
  country: 'GB',
  currencyCode: 'GBP',
  days: 365,
  points: [point('2026-11-01', 100), point('2026-11-14', 80), point('2026-11-24', 80)],
  current: point('2026-11-24', 80),
  lowest30: { price: 80, date: '2026-11-14' },
  lowest90: null,
  lowestIn90Days: false,
  stores: [],
  lowest: [],
  reference: { price: 100, basis: 'history', since: '2026-11-14', known: '2026-08-01', discount: 20, msrpDiscount: 20 },
};

const page = (locale: string) => renderIn(locale, <ProductPage detail={{ ...DETAIL, rating: { ratingValue: 4.5, ratingCount: 2 } }} similar={[]} history={HISTORY} />);

/** The text of each element `tag` of `html` with this class or attribute (`marker`), tags stripped and entities read. */
function texts(html: string, tag: string, marker = ''): string[] {
  const found = html.matchAll(new RegExp(`<${tag}(?: [^>]*)?${marker}[^>]*>(.*?)</${tag}>`, 'gs'));
  return [...found].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      // Intl's no-break spaces ("80 $", "$ 80") read as spaces here.
      .replace(/[\u00a0\u202f]/g, ' '),
  );
}

describe('the product page in its language', () => {
  it('keeps the English page as it was', () => {
    const html = page('en-GB');
    expect(texts(html, 'h2')).toEqual(['Size: 8', 'Compare 2 offers', 'Ratings', 'Details', 'Price history']);
    expect(texts(html, 'th', 'scope="col"').slice(0, 6)).toEqual(['Store', 'Price', 'Delivery', 'Total', 'Stock', 'Buy']);
    expect(texts(html, 'span', 'class="product-size-status"')).toEqual(['In stock', 'Out of stock']);
    expect(texts(html, 'p', 'class="price-history-note"')).toEqual([
      'Lowest in 30 days: £80 (14 Nov). Today: £80.',
      '20% off, measured against the lowest price of the 30 days before this price began on 14 Nov (£100).',
    ]);
  });

  it('draws the French page of Canada, the feed\'s words left as they are', () => {
    const html = page('fr-CA');
    expect(texts(html, 'h2')).toEqual(['Taille : 8', 'Comparer 2 offres', 'Évaluations', 'Détails', 'Historique des prix']);
    expect(texts(html, 'th', 'scope="col"').slice(0, 6)).toEqual(['Magasin', 'Prix', 'Livraison', 'Total', 'Stock', 'Acheter']);
    expect(texts(html, 'span', 'class="product-size-status"')).toEqual(['En stock', 'Rupture de stock']);
    expect(texts(html, 'p', 'class="product-availability"')).toEqual(['En stock']);
    expect(texts(html, 'a', 'class="product-size-alert"')).toEqual(["M'avertir du retour en stock"]);
    expect(html).toContain('aria-label="M&#x27;avertir du retour en stock\u00a0: taille 10"');
    expect(texts(html, 'p', 'class="product-store"')).toEqual(['Vendu par Maison Harlow']);
    expect(texts(html, 'li', 'class="product-note-free"')).toEqual(['Livraison gratuite']);
    expect(texts(html, 'strong', 'class="product-offers-cheapest"')).toEqual(['Le moins cher']);
    expect(texts(html, 'td')).toContain('Livraison non indiquée');
    expect(texts(html, 'td')).toContain('82 $ + livraison');
    expect(texts(html, 's', 'class="product-msrp"')).toEqual(['au lieu de 100 $', 'au lieu de 100 $']);
    expect(html).toContain('aria-label="Photos de Satin Dress"');
    // The page's price and Maison Harlow's row.
    expect(texts(html, 'span', 'class="product-offer"')).toEqual(['20 % DE RABAIS', '20 % DE RABAIS']);
    expect(texts(html, 'p', 'data-testid="rating-summary"')).toEqual(["4,5 sur 5 étoiles d'après 2 évaluations"]);
    expect(texts(html, 'p', 'class="price-history-note"')).toEqual([
      "Le plus bas en 30 jours : 80 $ (14 nov.). Aujourd'hui : 80 $.",
      "20 % de rabais, mesuré par rapport au prix le plus bas des 30 jours précédant l'entrée en vigueur de ce prix le 14 nov. (100 $).",
    ]);
    expect(texts(html, 'title', 'id=')).toEqual(['Prix des 3 derniers jours']);
    expect(texts(html, 'caption')).toEqual(['Variations de prix des 3 derniers jours']);
    expect(texts(html, 'summary')).toEqual(['Variations de prix sous forme de tableau']);
    // Both offers' stock, and both price changes' availability.
    expect(texts(html, 'td').filter((cell) => cell === 'En stock')).toHaveLength(4);
  });

  it('draws the Traditional Chinese page of Hong Kong', () => {
    const html = page('zh-HK');
    expect(texts(html, 'h2')).toEqual(['尺碼：8', '比較 2 個報價', '評分', '詳情', '價格走勢']);
    expect(texts(html, 'th', 'scope="col"').slice(0, 6)).toEqual(['商店', '價格', '運費', '總計', '存貨', '購買']);
    expect(texts(html, 'span', 'class="product-size-status"')).toEqual(['有貨', '缺貨']);
    expect(texts(html, 'a', 'class="product-size-alert"')).toEqual(['到貨時通知我']);
    expect(texts(html, 'p', 'class="product-store"')).toEqual(['由Maison Harlow發售']);
    expect(texts(html, 'p', 'data-testid="rating-summary"')).toEqual(['4.5 星（滿分 5 星），來自 2 個評分']);
    expect(texts(html, 'p', 'class="price-history-note"')).toEqual([
      '30 日內最低：HK$80（11月14日）。今日：HK$80。',
      '減20%，比較基準為此價格於11月14日開始前 30 日內的最低價（HK$100）。',
    ]);
  });

  it('draws the Tamil page of Singapore', () => {
    const html = page('ta-SG');
    expect(texts(html, 'h2')).toEqual(['அளவு: 8', '2 சலுகைகளை ஒப்பிடுக', 'மதிப்பீடுகள்', 'விவரங்கள்', 'விலை வரலாறு']);
    expect(texts(html, 'th', 'scope="col"').slice(0, 6)).toEqual(['கடை', 'விலை', 'டெலிவரி', 'மொத்தம்', 'கையிருப்பு', 'வாங்கு']);
    expect(texts(html, 'span', 'class="product-size-status"')).toEqual(['கையிருப்பில் உள்ளது', 'கையிருப்பில் இல்லை']);
    expect(texts(html, 'p', 'class="price-history-note"')).toEqual([
      '30 நாட்களில் குறைந்தபட்சம்: $ 80 (நவ. 14). இன்று: $ 80.',
      '20% தள்ளுபடி, இந்த விலை நவ. 14 அன்று தொடங்குவதற்கு முந்தைய 30 நாட்களின் குறைந்த விலையுடன் ($ 100) ஒப்பிடப்பட்டது.',
    ]);
  });
});

describe('the click-through to the retailer in its language', () => {
  const handover = (locale: string, destination: string | null) =>
    renderIn(locale, <RetailerPage />, { storename: 'Maison Harlow', storeSlug: 'maison-harlow', title: 'Satin Dress', brand: 'Lena Calloway', destination });

  it('says where it takes the shopper, or that the store takes no visitors, in French and Traditional Chinese', () => {
    const french = handover('fr-CA', 'https://www.shop.example/p/1');
    expect(texts(french, 'title')).toEqual(['Redirection vers Maison Harlow | Vitrine']);
    expect(texts(french, 'h1')).toEqual(['Redirection vers Maison Harlow']);
    expect(texts(french, 'a', 'class="button button-primary"')).toEqual(['Continuer vers Maison Harlow']);
    expect(french).toContain('<meta name="description" content="Lena Calloway Satin Dress chez Maison Harlow."/>');
    const closed = handover('zh-HK', null);
    expect(texts(closed, 'h1')).toEqual(['Maison Harlow暫時不接受訪客']);
    expect(texts(closed, 'a', 'class="button"')).toEqual(['在 Vitrine 瀏覽Maison Harlow']);
  });
});

describe("the directories' parts in the language", () => {
  it('names the letters by the label the page gives and the departments\' "All" in Tamil and French', () => {
    const letters = renderIn('ta-SG', <AlphabetDirectory entries={[{ name: 'Alder & Ash', to: '/store/alder-ash', letter: 'A' }]} label="கடைகள்" idPrefix="stores" />);
    expect(letters).toContain('<nav class="az-letters" aria-label="எழுத்து வாரியாக கடைகள்">');
    const departments = renderIn('fr-CA', <DepartmentLinks path="/stores" current={undefined} />);
    expect(departments).toContain('<nav class="directory-departments" aria-label="Rayon">');
    expect(texts(departments, 'a', 'aria-current="page"')).toEqual(['Tous']);
  });
});
