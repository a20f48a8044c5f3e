import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { MailOutbox } from '../mail/outbox';
import { mailTransport } from '../mail/transports';
import { defaultAccountSettings, type AccountSettings } from './account-settings';
import { AccountService } from './account-service';
import { purgeExpiredCounters } from './rate-limits';
import { facebookVerifier, googleVerifier, type SocialProvider, type SocialVerifier } from './social-providers';
import { createGuestResolver, createViewerResolver, type GuestResolver, type ViewerResolver } from './viewer';

// The accounts module as the api wires it: one service, the mail outbox it writes to, the
// provider checks, and the resolvers other routes use to learn who is asking.

export type Accounts = {
  db: Database;
  logger: Logger;
  settings: AccountSettings;
  service: AccountService;
  outbox: MailOutbox;
  social: Record<SocialProvider, SocialVerifier>;
  /** The signed-in user behind the `token` header, or null. */
  resolveViewer: ViewerResolver;
  /** The guest behind the `key` header, or null. */
  resolveGuest: GuestResolver;
  /** Starts the outbox sweep and the hourly clean-up (main.ts; tests need neither). */
  start(): void;
  /** Waits for work begun after an answer (reset mails), then for mail in flight. */
  settle(): Promise<void>;
  stop(): Promise<void>;
};

export function createAccounts(deps: { db: Database; logger: Logger; settings?: AccountSettings }): Accounts {
  const { db } = deps;
  const logger = deps.logger.child({ module: 'accounts' });
  const settings = deps.settings ?? defaultAccountSettings();
  const outbox = new MailOutbox(db, mailTransport(settings.mail, logger), logger);
  const service = new AccountService({ db, logger, settings, outbox });
  let cleanup: NodeJS.Timeout | undefined;

  const housekeeping = async () => {
    try {
      await service.purgeExpired();
      await purgeExpiredCounters(db);
    } catch (error) {
      logger.warn({ err: error }, 'accounts: clean-up failed');
    }
  };

  return {
    db,
    logger,
    settings,
    service,
    outbox,
    social: { facebook: facebookVerifier(settings.social), google: googleVerifier(settings.social) },
    resolveViewer: createViewerResolver(db),
    resolveGuest: createGuestResolver(db),
    start() {
      if (outbox.transport.kind === 'log') {
        logger.warn('SMTP_URL is unset: e-mail is written to this log, not sent (fine for development only)');
      }
      outbox.start();
      cleanup ??= setInterval(() => void housekeeping(), 60 * 60_000);
      cleanup.unref();
      void housekeeping();
    },
    async settle() {
      await service.settle();
      await outbox.idle();
    },
    async stop() {
      if (cleanup) clearInterval(cleanup);
      await service.settle();
      await outbox.stop();
    },
  };
}
