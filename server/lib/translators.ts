import { type SiteLanguage } from '../../shared/i18n/languages';
import { createTranslator, type Translator } from '../../shared/i18n/translator';
import { compiledCatalog } from './catalogs';

// One translator per site language per process (issue 29): nothing about one is per request,
// so the api's answers and the web's own answers outside a page share them.

const translators = new Map<string, Translator>();

/** The translator of a site language (its locale over its catalogue). */
export function translatorOf(language: SiteLanguage): Translator {
  let translator = translators.get(language.locale);
  if (!translator) {
    translator = createTranslator(language.locale, compiledCatalog(language.catalog));
    translators.set(language.locale, translator);
  }
  return translator;
}
