import { Router, type Request } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import { ALERT_API } from '../../../shared/api/alert-paths';
import {
  AlertCountryParams,
  AlertIdParams,
  AlertUnsubscribeBody,
  AlertsPageQuery,
  ConfirmAlertsBody,
  NotificationsReadBody,
  SetGuestAlertBody,
  SetUserAlertBody,
} from '../../../shared/api/alert-schemas';
import { CacheNone, CachePrivate } from '../../../shared/http/cache-policy';
import { ALERT_MESSAGES, ALERT_NOTICES } from '../../../shared/validation/alert-rules';
import { say } from '../../../shared/validation/message';
import { badRequest } from '../../lib/http-error';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { askerOf } from '../accounts/viewer';
import { requestLanguage, requestTranslator } from '../http/request-language';
import { parseInput, sendData } from '../http/respond';
import type { AlertDecided } from '../services/alert-service';
import { routesUnder, type ApiArea } from './area';

// Sale, price and back-in-stock alerts under /api/account (spec sections 3, 4, 5, 7; issue 27; shapes and the meaning
// of each route in shared/api/alert-schemas.ts). The shopper's routes check the session
// first (401 'UnAuthorized Access!'), then the input (a 400 naming the field), then look the
// alert up with the shopper's id, so another's alert is an unknown one (404). Three routes
// take no session: a guest's alert (with an e-mail), and the confirm and unsubscribe links,
// whose token is the proof.

/** The address a guest's alert is for, as stored: the per-address limit counts it. */
const alertAddress = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? `email:${email.trim().toLowerCase()}` : undefined;
};

/** The answer of setting an alert, its message in the caller's language (issue 29). */
function worded(req: Request, answer: AlertDecided) {
  return { ...answer, message: say(requestTranslator(req).t, answer.message) };
}

export const alertArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts, alerts, notifications, sales, alertSettings }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const { sessions } = accounts;
    const shopper = async (req: Request) => (await sessions.authenticate(req)).userId;

    // A guest's alert may send the address its confirm e-mail, so it is limited per client
    // and per address like the mailing list's subscribe (counters of its own).
    router.post(
      at(ALERT_API.setGuest),
      ...accounts.rateLimiter({ action: 'forgotPassword', prefix: 'set-alerts', limit: alertSettings.setAlertsLimit, account: alertAddress }),
      async (req, res) => {
        const body = parseForm(SetGuestAlertBody, req.body);
        sendData(res, worded(req, await alerts.setForGuest(body, requestLanguage(req).locale)), CacheNone);
      },
    );

    router.post(at(ALERT_API.setUser), async (req, res) => {
      const asker = askerOf(await sessions.authenticate(req));
      const body = parseForm(SetUserAlertBody, req.body);
      sendData(res, worded(req, await alerts.setForUser(asker, body, requestLanguage(req).locale)), CachePrivate);
    });

    router.get(at(ALERT_API.alerts), async (req, res) => {
      const asker = askerOf(await sessions.authenticate(req));
      const { country } = parseInput(AlertCountryParams, req.params);
      const page = parseInput(AlertsPageQuery, req.query);
      sendData(res, await alerts.list(asker, country, page), CachePrivate);
    });

    router.delete(at(ALERT_API.deleteAlert), async (req, res) => {
      const userId = await shopper(req);
      const { alertId } = parseInput(AlertIdParams, req.params);
      await alerts.remove(userId, alertId);
      sendData(res, { deleted: true }, CachePrivate);
    });

    router.get(at(ALERT_API.notifications), async (req, res) => {
      const userId = await shopper(req);
      const page = parseInput(AlertsPageQuery, req.query);
      sendData(res, await notifications.list(userId, page), CachePrivate);
    });

    router.put(at(ALERT_API.notificationsRead), async (req, res) => {
      const userId = await shopper(req);
      const { upTo } = parseForm(NotificationsReadBody, req.body);
      sendData(res, { count: await notifications.markRead(userId, upTo) }, CachePrivate);
    });

    router.get(at(ALERT_API.sales), async (req, res) => {
      const session = await sessions.authenticate(req);
      const { country } = parseInput(AlertCountryParams, req.params);
      const page = parseInput(AlertsPageQuery, req.query);
      sendData(res, await sales.list(askerOf(session), country, page), CachePrivate);
    });

    // The confirm page's button (the e-mailed link opens a page; a scanner confirms nothing).
    router.put(at(ALERT_API.confirm), async (req, res) => {
      const { token } = parseForm(ConfirmAlertsBody, req.body);
      if (!(await alerts.confirm(token))) throw badRequest(ALERT_MESSAGES.linkInvalid);
      sendData(res, { message: say(requestTranslator(req).t, ALERT_NOTICES.confirmed) }, CacheNone);
    });

    // One-click (RFC 8058, through the web's page) and the page's buttons.
    router.post(at(ALERT_API.unsubscribe), async (req, res) => {
      const { token, all } = parseForm(AlertUnsubscribeBody, req.body);
      const message = await alerts.unsubscribe(token, all);
      if (!message) throw badRequest(ALERT_MESSAGES.linkInvalid);
      sendData(res, { message: say(requestTranslator(req).t, message) }, CacheNone);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
