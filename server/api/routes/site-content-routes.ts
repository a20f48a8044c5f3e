import { Router } from 'express';
import { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY, parseCountryCode } from '../../../shared/countries';
import { EMAIL_MAX, UPSTREAM_HEADER } from '../../../shared/constants';
import { EMAIL_MESSAGES, isValidEmail } from '../../../shared/validation/email';
import { CacheLong, CachePrivate } from '../../../shared/http/cache-policy';
import { badRequest, notFound } from '../../lib/http-error';
import { countryCode } from '../http/params';
import { parseInput, sendData } from '../http/respond';
import type { ApiArea } from './area';

// Site content under /api/account (spec section 7 "Account"): the header menu, the country
// sites, the mailing list, and the country the visitor's request came from.

const MenuParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int('id must be a whole number').positive('id must be positive'),
});

const CountryParams = z.object({ code: countryCode });

// Spec section 7: POST /api/account/subscribe {email}. Which form it came from decides
// the message a bad address gets (spec section 5: dialog and footer word it differently).
const SubscribeBody = z.object({
  email: z
    .string({ error: (issue) => (issue.input === undefined ? 'email is required' : 'email must be text') })
    .max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`),
  source: z.enum(['dialog', 'footer']).default('dialog'),
  country: countryCode.optional(),
});

const SUBSCRIBED_MESSAGE = 'Thank you! You are on our mailing list.';

export const siteContentArea: ApiArea = {
  mountPath: '/api/account',
  routes: ({ menu, subscriptions }) => {
    const router = Router();

    // The menu is the same on every country site; the id names the country site asking
    // (its countryId), so it must be one of ours.
    router.get('/menu-structure/:id', async (req, res) => {
      const { id } = parseInput(MenuParams, req.params);
      if (!Object.values(COUNTRIES).some((c) => c.info.countryId === id)) {
        throw notFound(`No menu for site ${id}`);
      }
      sendData(res, { menuList: await menu.menuList() }, CacheLong);
    });

    router.get('/countries/:code', (req, res) => {
      const { code } = parseInput(CountryParams, req.params);
      const country = COUNTRIES[code];
      sendData(res, { countryCode: country.code, countryName: country.name, countryInfo: country.info }, CacheLong);
    });

    router.post('/subscribe', async (req, res) => {
      const body = parseInput(SubscribeBody, req.body ?? {});
      const email = body.email.trim().toLowerCase();
      if (!isValidEmail(email)) {
        throw badRequest(body.source === 'footer' ? EMAIL_MESSAGES.newsletter : EMAIL_MESSAGES.mailingList);
      }
      await subscriptions.subscribe(email, body.source, body.country ?? DEFAULT_COUNTRY);
      sendData(res, { message: SUBSCRIBED_MESSAGE }, CachePrivate);
    });

    // The visitor's country as the CDN saw it (the gateway forwards the geoip header). The
    // country chooser only uses it to suggest a site; nobody is moved by it.
    router.get('/geo-country', (req, res) => {
      const code = parseCountryCode(req.header(UPSTREAM_HEADER.geoCountry));
      sendData(res, { countryCode: code ?? null }, CachePrivate);
    });

    return router;
  },
};
