import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES, type SiteLanguage } from '../../../shared/i18n/languages';
import { browserLanguage, chooseLanguageHref, languageOfWord, offeredLanguage } from '../../../shared/language-choice';

// The rules of the language chooser and of the notice that honours its cookie (issue 29).

const [canadaEnglish, french] = SITE_LANGUAGES.CA as [SiteLanguage, SiteLanguage];
const [hkEnglish, traditional] = SITE_LANGUAGES.HK as [SiteLanguage, SiteLanguage];
const [sgEnglish, simplified, malay, tamil] = SITE_LANGUAGES.SG as [SiteLanguage, SiteLanguage, SiteLanguage, SiteLanguage];

describe('the language cookie’s words', () => {
  it('names English "en" and every other language by its URL segment, on the sites that have it', () => {
    expect(languageOfWord('CA', 'en')).toBe(canadaEnglish);
    expect(languageOfWord('CA', 'fr')).toBe(french);
    expect(languageOfWord('SG', 'zh')).toBe(simplified);
    expect(languageOfWord('HK', 'zh')).toBe(traditional);
    expect(languageOfWord('CA', 'ta')).toBeUndefined();
    expect(languageOfWord('CA', '')).toBeUndefined();
    expect(languageOfWord('CA', undefined)).toBeUndefined();
    expect(chooseLanguageHref('', '/ca/fr/dresses?page=2')).toBe('/choose-language/en?to=%2Fca%2Ffr%2Fdresses%3Fpage%3D2');
  });
});

describe('the language a browser asks for', () => {
  it('matches the first of its languages the site has, by language whatever the region', () => {
    expect(browserLanguage('CA', ['fr-FR', 'en-US'])).toBe(french);
    expect(browserLanguage('CA', ['de-DE', 'en-GB', 'fr'])).toBe(canadaEnglish);
    expect(browserLanguage('SG', ['ta-IN'])).toBe(tamil);
    expect(browserLanguage('SG', ['ms-MY', 'zh-CN'])).toBe(malay);
    expect(browserLanguage('HK', ['zh-TW'])).toBe(traditional);
    expect(browserLanguage('US', ['fr-CA'])).toBeUndefined();
  });
});

describe('what the notice offers', () => {
  it('offers the cookie’s language when the page is in another one the site has', () => {
    expect(offeredLanguage('CA', canadaEnglish, 'fr', ['en-CA'])).toBe(french);
    expect(offeredLanguage('CA', french, 'en', [])).toBe(canadaEnglish);
    expect(offeredLanguage('SG', simplified, 'ta', ['zh-SG'])).toBe(tamil);
  });

  it('offers nothing when the page is already in it, or the site lacks it', () => {
    expect(offeredLanguage('CA', french, 'fr', ['en'])).toBeUndefined();
    expect(offeredLanguage('HK', hkEnglish, 'ta', ['zh-HK'])).toBeUndefined();
  });

  it('on a first visit (no cookie) suggests the browser’s language, never the page’s own', () => {
    expect(offeredLanguage('HK', hkEnglish, undefined, ['zh-HK', 'en'])).toBe(traditional);
    expect(offeredLanguage('SG', sgEnglish, undefined, ['en-SG', 'ta'])).toBeUndefined();
    expect(offeredLanguage('CA', canadaEnglish, undefined, ['de'])).toBeUndefined();
  });
});
