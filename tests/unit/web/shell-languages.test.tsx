import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuTile } from '../../../shared/api/home-schemas';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../shared/countries';
import { SITE_LANGUAGES, type LanguageSegment } from '../../../shared/i18n/languages';
import { SiteConfigContext } from '../../../client/app/contexts';
import { Footer } from '../../../client/components/shell/Footer';
import { Header } from '../../../client/components/shell/Header';
import { LanguageNoticeView } from '../../../client/components/shell/LanguageNotice';
import { CountryPopupDialog } from '../../../client/components/shell/CountryPopupDialog';
import { Pager } from '../../../client/components/ui/Pager';
import { countryName, currencyName } from '../../../client/components/ui/country-names';
import { ShellLinkProvider } from '../../../client/components/ui/ShellLink';
import { testTranslator, testSite, withI18n } from '../../support/i18n';
import { RETRY_MESSAGE, SERVER_ERROR_MESSAGE } from '../../../shared/messages';

// The shell speaks the page's language (issue 29): rendered as pages render it, on the
// Canadian site in French, Hong Kong's in Traditional Chinese and Singapore's in Tamil, with
// the exact words each catalogue gives; English pages keep today's words.

const MENU: MenuTile[] = [
  {
    itemId: 1,
    name: 'Women',
    itemSlug: 'clothing',
    columnIdx: 0,
    previewImage: null,
    menuImageAlt: null,
    externalUrl: null,
    childItems: [{ itemId: 11, itemName: 'Dresses', itemSlug: 'dresses', columnIdx: 0 }],
  },
];

function render(element: ReactElement, country: CountryCode, segment: LanguageSegment, path = '/about-us'): string {
  const { site, locale } = testSite(country, segment);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ShellLinkProvider>
            {element}
          </ShellLinkProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return renderToString(<SiteConfigContext.Provider value={site}>{withI18n(<RouterProvider router={router} />, locale)}</SiteConfigContext.Provider>);
}

const text = (html: string) => html.replace(/<[^>]+>/g, '\n').split('\n').map((s) => s.trim()).filter(Boolean);

describe('the header in every language', () => {
  it('keeps English pages as they were', () => {
    const html = render(<Header menu={MENU} />, 'CA', '');
    expect(html).toContain('placeholder="Search for products, brands and stores"');
    expect(text(html)).toEqual(expect.arrayContaining(['Vitrine', 'Sign In', 'Register', 'Women', 'Dresses', 'Shop in', 'Canada']));
  });

  it('speaks Canadian French on /ca/fr', () => {
    const html = render(<Header menu={MENU} />, 'CA', 'fr');
    expect(html).toContain('placeholder="Rechercher des produits, des marques et des boutiques"');
    expect(html).toContain('aria-label="Accueil Vitrine"');
    expect(html).toContain('aria-label="Menu principal"');
    expect(text(html)).toEqual(expect.arrayContaining(['Se connecter', 'S&#x27;inscrire', 'Choisissez votre pays', 'Royaume-Uni', 'États-Unis']));
    // Links keep the country and the language.
    expect(html).toContain('href="/ca/fr/authentication?userType=Login"');
  });

  it('speaks Traditional Chinese on /hk/zh and Tamil on /sg/ta', () => {
    const hk = render(<Header menu={MENU} />, 'HK', 'zh');
    expect(hk).toContain('placeholder="搜尋產品、品牌及商店"');
    expect(text(hk)).toEqual(expect.arrayContaining(['登入', '註冊', '香港', '新加坡']));
    const ta = render(<Header menu={MENU} />, 'SG', 'ta');
    expect(ta).toContain('placeholder="பொருட்கள், பிராண்டுகள், கடைகளைத் தேடுங்கள்"');
    expect(text(ta)).toEqual(expect.arrayContaining(['உள்நுழை', 'பதிவு செய்', 'சிங்கப்பூர்']));
  });
});

describe('the language chooser', () => {
  it('names each language of the country site in itself, marks the current one, and links through /choose-language', () => {
    const html = render(<Header menu={MENU} />, 'SG', 'ta', '/dresses?page=2');
    const links = [...html.matchAll(/<a href="(\/choose-language\/[^"]+)"[^>]*?(aria-current="true")?>([^<]+)<\/a>/g)].map((m) => [m[1], m[3], Boolean(m[2])]);
    expect(links).toEqual([
      ['/choose-language/en?to=%2Fsg%2Fta%2Fdresses%3Fpage%3D2', 'English', false],
      ['/choose-language/zh?to=%2Fsg%2Fta%2Fdresses%3Fpage%3D2', '简体中文', false],
      ['/choose-language/ms?to=%2Fsg%2Fta%2Fdresses%3Fpage%3D2', 'Bahasa Melayu', false],
      ['/choose-language/ta?to=%2Fsg%2Fta%2Fdresses%3Fpage%3D2', 'தமிழ்', true],
    ]);
    expect(html).toContain('<nav class="language-chooser" aria-label="மொழி">');
  });

  it('is not there on a country site with one language', () => {
    expect(render(<Header menu={MENU} />, 'US', '')).not.toContain('language-chooser');
  });

  it('offers the other language in a notice, in the page’s words', () => {
    const html = render(<LanguageNoticeView offered={SITE_LANGUAGES.CA[1]!} onDismiss={() => undefined} />, 'CA', '', '/dresses');
    // A status on a div: ARIA does not allow the role on an aside (Lighthouse's aria-allowed-role).
    expect(html).toMatch(/^<div class="language-notice" role="status" aria-label="Language suggestion">/);
    expect(html).toContain('<a href="/choose-language/fr?to=%2Fca%2Fdresses" rel="nofollow" hrefLang="fr-CA">Continue in Français</a>');
    expect(text(html)).toContain('No, thanks');
    const zh = render(<LanguageNoticeView offered={SITE_LANGUAGES.HK[0]!} onDismiss={() => undefined} />, 'HK', 'zh', '/');
    expect(text(zh)).toEqual(['以English繼續', '不用了，謝謝']);
  });
});

describe('the footer in every language', () => {
  it('keeps English, and says French, Traditional Chinese and Tamil', () => {
    expect(text(render(<Footer />, 'GB', ''))).toEqual(expect.arrayContaining(['Sign up for our newsletter', 'Popular', "Men&#x27;s Jeans", 'Privacy Policy', 'Sell With Us', 'Subscribe']));
    expect(text(render(<Footer />, 'CA', 'fr'))).toEqual(
      expect.arrayContaining(['Abonnez-vous à notre infolettre', 'Populaire', 'Jeans pour homme', 'Politique de confidentialité', 'Vendez avec nous', 'S&#x27;abonner', 'Pinterest']),
    );
    expect(text(render(<Footer />, 'HK', 'zh'))).toEqual(expect.arrayContaining(['訂閱我們的電子報', '熱門', '男裝牛仔褲', '私隱政策', '訂閱', '加入我們的郵寄名單']));
    expect(text(render(<Footer />, 'SG', 'ta'))).toEqual(expect.arrayContaining(['எங்கள் செய்திமடலுக்குப் பதிவு செய்யுங்கள்', 'பிரபலமானவை', 'தனியுரிமைக் கொள்கை', 'பதிவு செய்']));
  });
});

describe('shared pieces', () => {
  it('pages lists in the page’s language', () => {
    const pager = (country: CountryCode, segment: LanguageSegment) => text(render(<Pager className="p" page={2} lastPage={5} href={(n) => `/x?page=${n}`} />, country, segment));
    expect(pager('GB', '')).toEqual(['Previous', 'Page 2 of 5', 'Next']);
    expect(pager('CA', 'fr')).toEqual(['Précédent', 'Page 2 sur 5', 'Suivant']);
    expect(pager('HK', 'zh')).toEqual(['上一頁', '第 2 頁，共 5 頁', '下一頁']);
    expect(pager('SG', 'ta')).toEqual(['முந்தையது', 'பக்கம் 2 / 5', 'அடுத்தது']);
  });

  it('asks about the usual country in the page’s language', () => {
    const dialog = (country: CountryCode, segment: LanguageSegment) => text(render(<CountryPopupDialog here={country} usual="US" onStay={() => undefined} />, country, segment));
    expect(dialog('CA', '')).toEqual([
      '×',
      'You usually shop on Vitrine USA',
      'You are looking at Vitrine Canada, with prices in Canadian Dollar. Would you like to go to Vitrine USA, with prices in US Dollar?',
      'Go to Vitrine USA',
      'Continue on Vitrine Canada',
    ]);
    expect(dialog('CA', 'fr')[1]).toBe('Vous magasinez habituellement sur Vitrine États-Unis');
    expect(dialog('HK', 'zh')[3]).toBe('前往 Vitrine 美國');
  });

  it('names every country and currency in English as shared/countries.ts does', () => {
    const t = testTranslator().t;
    for (const code of COUNTRY_CODES) {
      expect(countryName(t, code)).toBe(COUNTRIES[code].name);
      expect(currencyName(t, code)).toBe(COUNTRIES[code].info.currencyName);
    }
  });
});

describe('the English forms of the common messages', () => {
  it('are the English catalogue’s', () => {
    const t = testTranslator().t;
    expect(SERVER_ERROR_MESSAGE).toBe(t('common.error.server'));
    expect(RETRY_MESSAGE).toBe(t('common.error.retry'));
  });
});
