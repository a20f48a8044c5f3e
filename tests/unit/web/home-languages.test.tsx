import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../../shared/countries';
import type { LanguageSegment } from '../../../shared/i18n/languages';
import { SiteConfigContext } from '../../../client/app/contexts';
import { HomeCarousel } from '../../../client/components/home/HomeCarousel';
import { HowItWorks } from '../../../client/components/home/HowItWorks';
import { TileGrid } from '../../../client/components/home/TileGrid';
import { ShellLinkProvider } from '../../../client/components/ui/ShellLink';
import { Component as NotFound } from '../../../client/routes/not-found.route';
import { testSite, withI18n } from '../../support/i18n';

// The home page's own words and the not-found page in the page's language (issue 29); the
// feed's titles stay as they came.

function render(element: ReactElement, country: CountryCode, segment: LanguageSegment): string {
  const { site, locale } = testSite(country, segment);
  const router = createMemoryRouter([{ id: 'root', path: '*', loader: () => ({ menu: [] }), element: <ShellLinkProvider>{element}</ShellLinkProvider> }], {
    initialEntries: ['/'],
    hydrationData: { loaderData: { root: { menu: [] } } },
  });
  return renderToString(<SiteConfigContext.Provider value={site}>{withI18n(<RouterProvider router={router} />, locale)}</SiteConfigContext.Provider>);
}

const text = (html: string) => html.replace(/<[^>]+>/g, '\n').split('\n').map((s) => s.trim()).filter(Boolean);

describe('the home page’s words', () => {
  it('explains Vitrine in English as before, and in French, Traditional Chinese and Tamil', () => {
    expect(text(render(<HowItWorks countryName="Canada" />, 'CA', ''))).toEqual([
      'Every store, one search',
      'Vitrine brings fashion and beauty from hundreds of stores into one place. Prices are the retailers’ own, in the currency of the Canada site, and you buy from the retailer you choose.',
      'How Vitrine works',
      'Discover',
      'Browse new arrivals, edits and brands you love, or search for exactly what you have in mind.',
      'Compare',
      'Filter by colour, price, brand and offers, and set an alert to hear when a price drops.',
      'Shop at the retailer',
      'We take you to the store’s own page to buy: its prices, its delivery, its returns.',
    ]);
    expect(text(render(<HowItWorks countryName="Canada" />, 'CA', 'fr')).slice(0, 3)).toEqual([
      'Toutes les boutiques, une seule recherche',
      'Vitrine réunit la mode et la beauté de centaines de boutiques en un seul endroit. Les prix sont ceux des détaillants, dans la devise du site Canada, et vous achetez chez le détaillant de votre choix.',
      'Comment fonctionne Vitrine',
    ]);
    expect(text(render(<HowItWorks countryName="香港" />, 'HK', 'zh'))[0]).toBe('所有商店，一次搜尋');
    expect(text(render(<HowItWorks countryName="சிங்கப்பூர்" />, 'SG', 'ta'))[2]).toBe('Vitrine எப்படி இயங்குகிறது');
  });

  it('names the carousel’s slides and its call to action in the page’s language', () => {
    const slides = [
      { image: '/images/a.jpg', link: '/dresses', linkTitle: 'New dresses' },
      { image: '/images/b.jpg', link: '/coats', linkTitle: 'Coats' },
    ];
    const fr = render(<HomeCarousel slides={slides} label="À la une" />, 'CA', 'fr');
    expect(fr).toContain('aria-label="1 sur 2"');
    expect(text(fr)).toEqual(['New dresses', 'Magasiner', 'Coats', 'Magasiner']);
    expect(render(<HomeCarousel slides={slides} label="精選" />, 'HK', 'zh')).toContain('aria-label="第 2 張，共 2 張"');
  });

  it('says a tile opens elsewhere in the page’s language', () => {
    const tiles = [{ to: 'https://blog.vitrine.example/a', title: 'Spring edit', image: null }];
    expect(text(render(<TileGrid tiles={tiles} shape="wide" />, 'GB', ''))).toEqual(['Spring edit', '↗', '(opens in a new window)']);
    expect(text(render(<TileGrid tiles={tiles} shape="wide" />, 'SG', 'ta'))).toEqual(['Spring edit', '↗', '(புதிய சாளரத்தில் திறக்கும்)']);
  });
});

describe('the not-found page', () => {
  it('is the same in English and says it in French, Traditional Chinese and Tamil', () => {
    expect(text(render(<NotFound />, 'GB', '')).slice(-6)).toEqual([
      'Page Not Found',
      'Oops! We could not find the page you are looking for. Sorry!',
      'Go to Home',
      'Shop Women',
      'Shop Men',
      'Shop Shoes',
    ]);
    const fr = render(<NotFound />, 'CA', 'fr');
    expect(fr).toContain('<title>Page introuvable | Vitrine</title>');
    expect(text(fr)).toEqual(expect.arrayContaining(['Page introuvable', 'Aller à l&#x27;accueil', 'Magasiner Femme']));
    expect(text(render(<NotFound />, 'HK', 'zh'))).toEqual(expect.arrayContaining(['找不到網頁', '返回首頁', '選購女裝']));
    expect(text(render(<NotFound />, 'SG', 'ta'))).toEqual(expect.arrayContaining(['பக்கம் கிடைக்கவில்லை', 'முகப்புக்குச் செல்']));
  });
});
