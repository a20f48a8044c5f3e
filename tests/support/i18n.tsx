import type { ReactElement, ReactNode } from 'react';
import { compiledCatalog } from '../../server/lib/catalogs';
import type { CountryCode } from '../../shared/countries';
import { SITE_LANGUAGES, sitePrefix, type CatalogId, type LanguageSegment } from '../../shared/i18n/languages';
import type { SiteConfig } from '../../shared/payload';
import { createTranslator, type Translator } from '../../shared/i18n/translator';
import { TranslatorProvider } from '../../client/app/i18n';
import { say, type Wording } from '../../shared/validation/message';

// Components rendered in unit tests speak a language as pages do: an English translator by
// default, or any site's (decision 0080).

/** A translator for a locale (en-GB by default) over its language's compiled catalogue. */
export function testTranslator(locale = 'en-GB'): Translator {
  const language = Object.values(SITE_LANGUAGES)
    .flat()
    .find((l) => l.locale === locale);
  const catalog: CatalogId = language?.catalog ?? 'en';
  return createTranslator(locale, compiledCatalog(catalog));
}

/** `element` inside the translator of `locale`, as a page gives it. */
export function withI18n(element: ReactNode, locale = 'en-GB'): ReactElement {
  return <TranslatorProvider translator={testTranslator(locale)}>{element}</TranslatorProvider>;
}

/** A rule's message (an id and values) as an English page or api answer says it. */
export function inEnglish(wording: Wording): string {
  return say(testTranslator().t, wording);
}

/** A country site in one of its languages as a page's SiteConfig gives it, and that language's locale. */
export function testSite(country: CountryCode, segment: LanguageSegment): { site: SiteConfig; locale: string } {
  const language = SITE_LANGUAGES[country].find((l) => l.segment === segment)!;
  const site: SiteConfig = {
    country,
    language: segment,
    basename: sitePrefix(country, segment),
    catalog: '',
    siteUrl: 'https://www.vitrine.example',
    assets: { entry: '', css: [], modulepreload: [] },
    isBot: false,
  };
  return { site, locale: language.locale };
}
