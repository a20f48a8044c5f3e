import type { Request } from 'express';
import { UPSTREAM_HEADER } from '../../../shared/constants';
import { DEFAULT_LANGUAGE, languageOfLocale, type SiteLanguage } from '../../../shared/i18n/languages';
import type { Translator } from '../../../shared/i18n/translator';
import { translatorOf } from '../../lib/translators';

// The language the caller reads (decision 0080): the web sends its page's locale as `x-locale`
// on every call (a page's from its path, a browser's call through the gateway from the page it
// was made on). The api writes its messages and e-mails in it; an unknown or missing locale is
// English, as before languages.

/** The caller's site language, English unless `x-locale` names one of ours. */
export function requestLanguage(req: Request): SiteLanguage {
  return languageOfLocale(req.header(UPSTREAM_HEADER.locale)) ?? DEFAULT_LANGUAGE;
}

/** A translator for a locale (one per locale per process: nothing about it is per request). */
export function translatorFor(locale: string | undefined): Translator {
  return translatorOf(languageOfLocale(locale) ?? DEFAULT_LANGUAGE);
}

/** The translator of the caller's language. */
export function requestTranslator(req: Request): Translator {
  return translatorFor(requestLanguage(req).locale);
}
