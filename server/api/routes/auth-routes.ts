import { Router, type Request } from 'express';
import { CachePrivate } from '../../../shared/http/cache-policy';
import { SocialLoginForm } from '../../../shared/validation/account-rules';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import type { SocialProvider } from '../accounts/social-providers';
import { sendData } from '../http/respond';
import type { ApiArea } from './area';

// Signing in, under /auth (spec section 7): POST /auth/login {email, password}; POST
// /auth/facebook and /auth/google {access_token, platform, location}. Each answers a new
// session (SessionSchema in shared/api/account-schemas.ts). Wrong credentials are 401 with
// their own message, never 'UnAuthorized Access!' (which tells the web to drop its session).

/** The account a sign-in names, for the per-account limit. */
const loginName = (req: Request) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email ? `login:${email.toLowerCase()}` : undefined;
};

export const authArea: ApiArea = {
  mountPath: '/auth',
  routes: ({ accounts }) => {
    const router = Router();
    const { service } = accounts;
    const login = accounts.settings.rateLimits.login;

    // Failed attempts count, per IP and per account; a success gives its count back.
    router.post('/login', ...accounts.rateLimiter({ action: 'login', limit: login, account: loginName, failuresOnly: true }), async (req, res) => {
      sendData(res, await service.login(req.body), CachePrivate);
    });

    for (const provider of ['facebook', 'google'] as const satisfies readonly SocialProvider[]) {
      router.post(`/${provider}`, ...accounts.rateLimiter({ action: 'login', limit: login, failuresOnly: true }), async (req, res) => {
        const input = parseForm(SocialLoginForm, req.body);
        const identity = await accounts.social[provider](input.access_token);
        sendData(res, await service.socialSignIn(identity, input), CachePrivate);
      });
    }

    router.use(accountErrorHandler);
    return router;
  },
};
