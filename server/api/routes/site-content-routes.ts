import { Router, type Request } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';
import { SUBSCRIPTION_API } from '../../../shared/api/subscription-paths';
import { z } from 'zod';
import { SUBSCRIBE_SOURCES, SUBSCRIPTION_MESSAGES } from '../../../shared/api/subscription-schemas';
import { COUNTRIES, DEFAULT_COUNTRY, parseCountryCode } from '../../../shared/countries';
import { EMAIL_MAX, UPSTREAM_HEADER } from '../../../shared/constants';
import { EMAIL_MESSAGES, isValidEmail } from '../../../shared/validation/email';
import { safeText } from '../../../shared/validation/safe-input';
import { CacheLong, CacheNone, CachePrivate } from '../../../shared/http/cache-policy';
import { badRequest, notFound } from '../../lib/http-error';
import { IdParams, countryCode } from '../http/params';
import { requestLanguage } from '../http/request-language';
import { parseInput, sendData } from '../http/respond';
import { SUBSCRIBE_RATE_LIMIT } from '../services/subscription-service';
import { routesUnder, type ApiArea } from './area';

// Site content under /api/account (spec section 7 "Account"): the header menu, the country
// sites, the mailing list, and the country the visitor's request came from.

const CountryParams = z.object({ code: countryCode });

// Spec section 7: POST /api/account/subscribe {email}. Which form it came from decides
// the message a bad address gets (spec section 5: dialog and footer word it differently).
const SubscribeBody = z.object({
  email: safeText('email').max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`),
  source: z.enum(SUBSCRIBE_SOURCES).default('dialog'),
  country: countryCode.optional(),
});

const ConfirmSubscriptionBody = z.object({ token: safeText('token').max(200, SUBSCRIPTION_MESSAGES.linkInvalid) });

/** The address a subscribe request is for, as stored: the per-address limit counts it. */
const subscribeAddress = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? `email:${email.trim().toLowerCase()}` : undefined;
};

export const siteContentArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ menu, subscriptions, accounts }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);

    // The menu is the same on every country site; the id names the country site asking
    // (its countryId), so it must be one of ours.
    router.get(at(SITE_CONTENT_API.menu), async (req, res) => {
      const { id } = parseInput(IdParams, req.params);
      if (!Object.values(COUNTRIES).some((c) => c.info.countryId === id)) {
        throw notFound(`No menu for site ${id}`);
      }
      sendData(res, { menuList: await menu.menuList() }, CacheLong);
    });

    router.get(at(SITE_CONTENT_API.country), (req, res) => {
      const { code } = parseInput(CountryParams, req.params);
      const country = COUNTRIES[code];
      sendData(res, { countryCode: country.code, countryName: country.name, countryInfo: country.info }, CacheLong);
    });

    // Double opt-in: the address is sent a confirmation link, at most one an hour, and
    // requests are limited per client and per address (the accounts' limiter, counted in
    // PostgreSQL; it is named after the forgot-password action it resembles, with counters
    // and limits of its own). The answer is the same whatever the address's state.
    router.post(
      at(SUBSCRIPTION_API.subscribe),
      ...accounts.rateLimiter({ action: 'forgotPassword', prefix: 'subscribe', limit: SUBSCRIBE_RATE_LIMIT, account: subscribeAddress }),
      async (req, res) => {
        const body = parseInput(SubscribeBody, req.body ?? {});
        const email = body.email.trim().toLowerCase();
        if (!isValidEmail(email)) {
          throw badRequest(body.source === 'footer' ? EMAIL_MESSAGES.newsletter : EMAIL_MESSAGES.mailingList);
        }
        await subscriptions.subscribe(email, body.source, body.country ?? DEFAULT_COUNTRY, requestLanguage(req).locale);
        sendData(res, { message: SUBSCRIPTION_MESSAGES.requested }, CachePrivate);
      },
    );

    // The confirmation page's button (client/routes/mailing-list-confirm.route.tsx).
    router.put(at(SUBSCRIPTION_API.confirm), async (req, res) => {
      const { token } = parseInput(ConfirmSubscriptionBody, req.body ?? {});
      if (!(await subscriptions.confirm(token))) throw badRequest(SUBSCRIPTION_MESSAGES.linkInvalid);
      sendData(res, { message: SUBSCRIPTION_MESSAGES.confirmed }, CacheNone);
    });

    // The visitor's country as the CDN saw it (the gateway forwards the geoip header). The
    // country chooser only uses it to suggest a site; nobody is moved by it.
    router.get(at(SITE_CONTENT_API.geoCountry), (req, res) => {
      const code = parseCountryCode(req.header(UPSTREAM_HEADER.geoCountry));
      sendData(res, { countryCode: code ?? null }, CachePrivate);
    });

    return router;
  },
};
