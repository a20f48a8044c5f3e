import { Router } from 'express';
import { API_MOUNTS } from '../../../shared/api/api-paths';
import * as ACCOUNT_API from '../../../shared/api/account-paths';
import { SocialLoginForm } from '../../../shared/validation/account-rules';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import { knownDeviceFrom, sendSignIn } from '../accounts/known-devices';
import type { SocialProvider } from '../accounts/social-providers';
import { routesUnder, type ApiArea } from './area';

// Signing in, under /auth (spec section 7): POST /auth/login {email, password}; POST
// /auth/facebook and /auth/google {access_token, platform, location}; POST /auth/sign-in-link
// {tkn, key} from an e-mailed link. Each answers a new session (SessionSchema in
// shared/api/account-schemas.ts), and the browser's known-device proof in a header
// (accounts/known-devices.ts), which the request may carry from an earlier sign-in. Wrong credentials are 401 with their own message, never
// 'UnAuthorized Access!' (which tells the web to drop its session).
//
// Every limit counts per client address, `req.ip`: the address the web forwarded, as the api's
// TRUST_PROXY allows. Failed password sign-ins also count per account (login-throttle.ts).

export const authArea: ApiArea = {
  mountPath: API_MOUNTS.auth,
  routes: ({ accounts }) => {
    const router = Router();
    const at = routesUnder(API_MOUNTS.auth);
    const { sessions, registration } = accounts;
    const login = accounts.settings.rateLimits.login;

    // Failed attempts from one address, whatever account they name; a success gives its count back.
    router.post(at(ACCOUNT_API.login), ...accounts.rateLimiter({ action: 'login', limit: login, failuresOnly: true }), async (req, res) => {
      sendSignIn(res, await sessions.login(req.body, req.ip ?? 'unknown', knownDeviceFrom(req)));
    });

    for (const provider of ['facebook', 'google'] as const satisfies readonly SocialProvider[]) {
      router.post(at(ACCOUNT_API[provider]), ...accounts.rateLimiter({ action: 'login', limit: login, failuresOnly: true }), async (req, res) => {
        const input = parseForm(SocialLoginForm, req.body);
        const identity = await accounts.social[provider](input.access_token);
        sendSignIn(res, await registration.socialSignIn(identity, input, knownDeviceFrom(req)));
      });
    }

    // A link is 256 random bits; the limit only keeps a client from hammering the table.
    router.post(at(ACCOUNT_API.signInLink), ...accounts.rateLimiter({ action: 'login', prefix: 'sign-in-link', limit: login, failuresOnly: true }), async (req, res) => {
      sendSignIn(res, await sessions.signInWithLink(req.body, knownDeviceFrom(req)));
    });

    router.use(accountErrorHandler);
    return router;
  },
};
