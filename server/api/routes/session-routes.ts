import { Router, type Request, type Response } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { CacheNone, CachePrivate } from '../../../shared/http/cache-policy';
import { ACCOUNT_NOTICES, ForgotPasswordForm, SignInLinkRequestForm, normalizeEmail } from '../../../shared/validation/account-rules';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { knownDeviceFrom, sendSignIn } from '../accounts/known-devices';
import type { SessionRecord } from '../accounts/sessions';
import { requestLanguage, requestTranslator } from '../http/request-language';
import { sendData } from '../http/respond';
import { say } from '../../../shared/validation/message';
import { routesUnder, type ApiArea } from './area';

// The session and what it rests on, under /api/account (spec section 7 "Account"):
// registering (which signs in), signing out, changing and resetting the password, asking for
// an e-mailed sign-in link, and the guest key a visitor without an account is known by. Signing in itself is under /auth
// (auth-routes.ts). Shapes: shared/api/account-schemas.ts; messages:
// shared/validation/account-rules.ts.

/** The e-mail address a request body is about, for the per-account limit. */
const bodyEmail = (req: Request) => {
  const email = normalizeEmail((req.body as { email?: unknown } | undefined)?.email);
  return typeof email === 'string' && email ? `email:${email}` : undefined;
};

export const sessionArea: ApiArea = {
  mountPath: API_MOUNTS.account,
  routes: ({ accounts }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.account);
    const { sessions, registration, passwords } = accounts;
    const limits = accounts.settings.rateLimits;

    router.post(at(ACCOUNT_API.register), ...accounts.rateLimiter({ action: 'register', limit: limits.register, account: bodyEmail }), async (req, res) => {
      sendSignIn(res, await registration.register(req.body, knownDeviceFrom(req)), { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.registered) });
    });

    router.delete(at(ACCOUNT_API.logout), async (req, res) => {
      const session = await sessions.authenticate(req);
      await sessions.logout(session);
      sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.loggedOut) }, CachePrivate);
    });

    // The same answer, as fast, for every well-formed address (see requestPasswordReset).
    router.post(at(ACCOUNT_API.forgotPassword), ...accounts.rateLimiter({ action: 'forgotPassword', limit: limits.forgotPassword, account: bodyEmail }), (req, res) => {
      const { email } = parseForm(ForgotPasswordForm, { email: normalizeEmail((req.body as { email?: unknown } | undefined)?.email) });
      passwords.requestPasswordReset(email, requestLanguage(req).locale);
      sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.resetRequested) }, CacheNone);
    });

    // The same answer, as fast, for every identifier (see requestSignInLink). One account's
    // e-mail address and user name share its limit.
    router.post(
      at(ACCOUNT_API.signInLinkRequest),
      ...accounts.rateLimiter({
        action: 'signInLink',
        limit: limits.signInLink,
        account: (req) => {
          const parsed = SignInLinkRequestForm.safeParse(req.body);
          return parsed.success ? sessions.accountKeyOf(parsed.data.email) : undefined;
        },
      }),
      (req, res) => {
        const { email } = parseForm(SignInLinkRequestForm, req.body);
        sessions.requestSignInLink(email, requestLanguage(req).locale);
        sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.signInLinkRequested) }, CacheNone);
      },
    );

    router.put(at(ACCOUNT_API.confirmPassword), async (req, res) => {
      await passwords.confirmPasswordReset(req.body);
      sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.passwordReset) }, CacheNone);
    });

    // Guessing the current password with a stolen session counts as failed sign-ins do.
    router.put(
      at(ACCOUNT_API.changePassword),
      async (req: Request, res: Response, next) => {
        res.locals.session = await sessions.authenticate(req);
        next();
      },
      ...accounts.rateLimiter({
        action: 'login',
        prefix: 'change-password',
        limit: limits.login,
        failuresOnly: true,
        account: (_req, res) => `user:${(res.locals.session as SessionRecord).userId}`,
      }),
      async (req, res) => {
        await passwords.changePassword(res.locals.session as SessionRecord, req.body);
        sendData(res, { message: say(requestTranslator(req).t, ACCOUNT_NOTICES.passwordChanged) }, CachePrivate);
      },
    );

    // The web asks for a guest key when a visitor without one needs an identity (g-to cookie).
    router.post(at(ACCOUNT_API.guestKey), ...accounts.rateLimiter({ action: 'guestKey', limit: limits.guestKey }), async (_req, res) => {
      sendData(res, { key: await sessions.issueGuestKey() }, CachePrivate);
    });

    router.use(accountErrorHandler);
    return router;
  },
};
