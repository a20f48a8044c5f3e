import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { CacheImmutable, CacheNone, CachePrivate, CacheShort } from '../../../shared/http/cache-policy';
import { ACCOUNT_NOTICES, ForgotPasswordForm, normalizeEmail } from '../../../shared/validation/account-rules';
import { notFound } from '../../lib/http-error';
import { accountErrorHandler, parseForm } from '../accounts/account-errors';
import type { Accounts } from '../accounts/accounts';
import { loadProfileImage, readUpload } from '../accounts/profile-images';
import { createRateLimiter } from '../accounts/rate-limits';
import { parseInput, sendData } from '../http/respond';

// The account endpoints of issue 5 under /api/account (spec section 7 "Account"). The menu,
// countries and subscribe endpoints share the mount path from account-routes.ts.
// Shapes: shared/api/account-schemas.ts; messages: shared/validation/account-rules.ts.

const UserIdParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int('id must be a whole number').positive('id must be positive'),
});
const UserNameParams = z.object({ userName: z.string().min(1).max(100) });
const ImageParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.webp$/, 'no such picture') });

/** The e-mail address a request body is about, for the per-account limit. */
const bodyEmail = (req: Request) => {
  const email = normalizeEmail((req.body as { email?: unknown } | undefined)?.email);
  return typeof email === 'string' && email ? `email:${email}` : undefined;
};

export function userRoutes(accounts: Accounts): Router {
  const router = Router();
  const { db, logger, service, settings } = accounts;
  const limits = settings.rateLimits;
  const limit = (options: Parameters<typeof createRateLimiter>[2]) => createRateLimiter(db, logger, options);

  router.post('/register', ...limit({ action: 'register', limit: limits.register, account: bodyEmail }), async (req, res) => {
    const session = await service.register(req.body);
    sendData(res, { ...session, message: ACCOUNT_NOTICES.registered }, CachePrivate);
  });

  router.delete('/logout', async (req, res) => {
    const session = await service.authenticate(req);
    await service.logout(session);
    sendData(res, { message: ACCOUNT_NOTICES.loggedOut }, CachePrivate);
  });

  // The same answer, as fast, for every well-formed address (see requestPasswordReset).
  router.post('/forgot-password', ...limit({ action: 'forgotPassword', limit: limits.forgotPassword, account: bodyEmail }), (req, res) => {
    const { email } = parseForm(ForgotPasswordForm, { email: normalizeEmail((req.body as { email?: unknown } | undefined)?.email) });
    service.requestPasswordReset(email);
    sendData(res, { message: ACCOUNT_NOTICES.resetRequested }, CacheNone);
  });

  router.put('/confirm-password', async (req, res) => {
    await service.confirmPasswordReset(req.body);
    sendData(res, { message: ACCOUNT_NOTICES.passwordReset }, CacheNone);
  });

  // Guessing the current password with a stolen session counts as failed sign-ins do.
  router.put(
    '/change-password',
    async (req: Request, res: Response, next) => {
      res.locals.session = await service.authenticate(req);
      next();
    },
    ...limit({
      action: 'login',
      prefix: 'change-password',
      limit: limits.login,
      failuresOnly: true,
      account: (_req, res) => `user:${(res.locals.session as { userId: number }).userId}`,
    }),
    async (req, res) => {
      await service.changePassword(res.locals.session, req.body);
      sendData(res, { message: ACCOUNT_NOTICES.passwordChanged }, CachePrivate);
    },
  );

  router.get('/user-profile', async (req, res) => {
    const session = await service.authenticate(req);
    sendData(res, { userdetail: await service.profile(session.userId) }, CachePrivate);
  });

  router.get('/user-public-profile/name/:userName', async (req, res) => {
    const { userName } = parseInput(UserNameParams, req.params);
    sendData(res, { userdetail: await service.publicProfile({ userName }) }, CacheShort);
  });

  router.get('/user-public-profile/:id', async (req, res) => {
    const { id } = parseInput(UserIdParams, req.params);
    sendData(res, { userdetail: await service.publicProfile({ userId: id }) }, CacheShort);
  });

  router.put('/edit-user-profile', async (req, res) => {
    const session = await service.authenticate(req);
    const userdetail = await service.editProfile(session, req.body);
    sendData(res, { message: ACCOUNT_NOTICES.profileUpdated, userdetail }, CachePrivate);
  });

  router.put('/upload-profile-image', async (req, res) => {
    const session = await service.authenticate(req);
    const upload = await readUpload(req, settings.profileImageMaxBytes);
    const profileImage = await service.setProfileImage(session, upload);
    sendData(res, { message: ACCOUNT_NOTICES.imageUpdated, profileImage }, CachePrivate);
  });

  // Pictures are served from our origin; a new upload gets a new name, so each is immutable.
  router.get('/profile-image/:file', async (req, res) => {
    const { file } = parseInput(ImageParams, req.params);
    const image = await loadProfileImage(db, file.slice(0, -'.webp'.length));
    if (!image) throw notFound('no such picture');
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Cache-Control', CacheImmutable.header);
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.end(image.bytes);
  });

  router.get(
    '/check-username/:userName',
    ...limit({
      action: 'checkUserName',
      limit: limits.checkUserName,
      account: async (req) => {
        const viewer = await accounts.resolveViewer(req);
        return viewer ? `user:${viewer.userId}` : undefined;
      },
    }),
    async (req, res) => {
      const { userName } = parseInput(UserNameParams, req.params);
      const viewer = await accounts.resolveViewer(req);
      sendData(res, await service.checkUserName(userName, viewer?.userId), CachePrivate);
    },
  );

  router.get('/notification-count', async (req, res) => {
    const session = await service.authenticate(req);
    sendData(res, { count: await service.notificationCount(session.userId) }, CachePrivate);
  });

  // The web asks for a guest key when a visitor without one needs an identity (g-to cookie).
  router.post('/guest-key', ...limit({ action: 'guestKey', limit: limits.guestKey }), async (_req, res) => {
    sendData(res, { key: await service.issueGuestKey() }, CachePrivate);
  });

  router.use(accountErrorHandler);
  return router;
}
