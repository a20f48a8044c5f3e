import type { Request, Response } from 'express';
import { COUNTRIES, countryPrefix } from '../../../shared/countries';
import { COOKIE, DAY_MS } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import { SITE_LANGUAGES, languageFromPath, sitePath } from '../../../shared/i18n/languages';
import { LANGUAGE_COOKIE_DAYS, languageOfWord, languageWord } from '../../../shared/language-choice';
import { safeReturnPath } from '../../../shared/same-site-path';
import { countryFromPath } from './country';
import { isSecureRequest } from './session-cookies';

// GET /choose-language/{segment or 'en'}?to={the page's address}: the header's language
// chooser (issue 29). Stores the language cookie and sends the shopper to the same page in that
// language on the same country's site (/ca/dresses → /ca/fr/dresses). A link, so it works
// without JavaScript. `to` is judged by the one same-site rule (shared/same-site-path.ts), and
// so is the address made from it; anything else is the country's home page. A language the
// country's site does not have is refused with the choices it has, and nothing is stored.

export function chooseLanguage(options: { siteUrl: string }) {
  return (req: Request, res: Response): void => {
    res.locals.routeLabel = 'choose-language';
    res.setHeader('Cache-Control', CacheNone.header);
    const url = new URL(safeReturnPath(req.query.to) ?? '/', 'http://site.invalid');
    const { country } = countryFromPath(url.pathname);
    const word = String(req.params.language ?? '');
    const language = languageOfWord(country, word);
    if (!language) {
      const choices = SITE_LANGUAGES[country].map((l) => `${languageWord(l.segment)} (${l.name})`).join(', ');
      res.status(400).type('text').send(`Vitrine ${COUNTRIES[country].name} has no language "${word}". Choose one of ${choices}.`);
      return;
    }
    // The page without its country and language: the same page in the chosen language.
    const rest = url.pathname.slice(countryPrefix(country).length) || '/';
    const from = languageFromPath(country, url.pathname);
    const pagePath = (from.segment ? rest.slice(from.segment.length + 1) : rest) || '/';
    const home = sitePath(country, language.segment, '/');
    const target = safeReturnPath(`${sitePath(country, language.segment, pagePath)}${url.search}`) ?? home;
    res.cookie(COOKIE.language, languageWord(language.segment), {
      maxAge: LANGUAGE_COOKIE_DAYS * DAY_MS,
      path: '/',
      sameSite: 'lax',
      // Behind TLS termination req.secure is false: the site's own scheme says (issue 25).
      secure: isSecureRequest(req, options.siteUrl),
      httpOnly: false,
    });
    res.redirect(302, target || '/');
  };
}
