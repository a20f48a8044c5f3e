import type { Request, Response } from 'express';
import { COUNTRY_CODES, countryPrefix, parseCountryCode } from '../../../shared/countries';
import { COOKIE, DAY_MS } from '../../../shared/constants';
import { CacheNone } from '../../../shared/http/cache-policy';
import { languageFromPath } from '../../../shared/i18n/languages';
import { safeReturnPath } from '../../../shared/same-site-path';
import { countryFromPath } from './country';
import { isSecureRequest } from './session-cookies';

// GET /choose-country/{cc}?to={site path}: the header's country chooser (spec section 2).
// Stores the country cookie and sends the shopper to the same page under that country's
// path, with a `country` query value replaced. A link, so it works without JavaScript;
// only same-site paths are followed: `to` is normalised and judged by the one rule
// (shared/same-site-path.ts), and so is the address made from it; anything else goes to the
// chosen country's home page.
export const COUNTRY_COOKIE_DAYS = 365;

export function chooseCountry(options: { siteUrl: string }) {
  return (req: Request, res: Response): void => {
    res.locals.routeLabel = 'choose-country';
    res.setHeader('Cache-Control', CacheNone.header);
    const given = String(req.params.code ?? '');
    const code = parseCountryCode(given);
    if (!code || given !== given.toLowerCase()) {
      res.status(400).type('text').send(`Unknown country. Choose one of ${COUNTRY_CODES.join(', ').toLowerCase()}.`);
      return;
    }
    const to = safeReturnPath(req.query.to) ?? '/';
    const url = new URL(to, 'http://site.invalid');
    // The page path may still carry the country it was chosen from, and a language of that
    // country's site: keep only the page, in English, which every country site has (issue 29).
    const { country: from } = countryFromPath(url.pathname);
    const rest = url.pathname.slice(countryPrefix(from).length) || '/';
    const { segment } = languageFromPath(from, url.pathname);
    const pagePath = (segment ? rest.slice(segment.length + 1) : rest) || '/';
    if (url.searchParams.has('country')) url.searchParams.set('country', code.toLowerCase());
    const prefix = countryPrefix(code);
    const target = safeReturnPath(`${prefix}${pagePath === '/' && prefix ? '' : pagePath}${url.search}` || '/') ?? (prefix || '/');
    res.cookie(COOKIE.country, code.toLowerCase(), {
      maxAge: COUNTRY_COOKIE_DAYS * DAY_MS,
      path: '/',
      sameSite: 'lax',
      // Behind TLS termination req.secure is false: the site's own scheme says (issue 25).
      secure: isSecureRequest(req, options.siteUrl),
      httpOnly: false,
    });
    res.redirect(302, target);
  };
}
