import type { Response } from 'express';
import { createTranslator, type Translator } from '../../../shared/i18n/translator';
import { compiledCatalog } from '../../lib/catalogs';

// The words the web's own answers say outside a page (the logout call's notice, a social
// sign-in that is not available), in the request's language (issue 29): a page's from its
// path, a gateway call's from the browser's x-locale (request-info.ts). Pages have theirs
// in their context (render/page-context.ts).

const translators = new Map<string, Translator>();

/** The translator of the request's language (one per locale per process). */
export function webTranslator(res: Response): Translator {
  const { language } = res.locals.requestInfo;
  let translator = translators.get(language.locale);
  if (!translator) {
    translator = createTranslator(language.locale, compiledCatalog(language.catalog));
    translators.set(language.locale, translator);
  }
  return translator;
}
