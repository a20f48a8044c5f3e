import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { MailOutbox } from '../mail/outbox';
import { mailTransport } from '../mail/transports';
import { defaultAccountSettings, type AccountSettings } from './account-settings';
import { OneTimeLinks, PASSWORD_RESET_LINK, SIGN_IN_LINK } from './one-time-links';
import { PasswordService } from './password-service';
import { ProfileService } from './profile-service';
import { createRateLimiter, purgeExpiredCounters, type LimiterOptions } from './rate-limits';
import { Registration } from './registration';
import { SessionService } from './session-service';
import { facebookVerifier, googleVerifier, type SocialProvider, type SocialVerifier } from './social-providers';
import { findGuest, findViewer, type GuestResolver, type ViewerResolver } from './viewer';

// The accounts module as the api wires it: its services (sessions, registration, passwords,
// profiles), the e-mailed one-time links and the mail outbox they write to, the provider checks, the rate limits, and who is asking (for any route), with the timers
// that keep the tables clean.

export type AccountsDeps = { db: Database; logger: Logger; settings?: AccountSettings | undefined };

const HOUSEKEEPING_MS = 60 * 60_000;

export class Accounts {
  readonly settings: AccountSettings;
  readonly sessions: SessionService;
  readonly registration: Registration;
  readonly passwords: PasswordService;
  readonly profiles: ProfileService;
  readonly outbox: MailOutbox;
  readonly social: Record<SocialProvider, SocialVerifier>;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly links: readonly OneTimeLinks[];
  private cleanup: NodeJS.Timeout | undefined;

  constructor(deps: AccountsDeps) {
    this.db = deps.db;
    this.logger = deps.logger.child({ module: 'accounts' });
    this.settings = deps.settings ?? defaultAccountSettings();
    const retry = this.settings.mail.retryMs;
    this.outbox = new MailOutbox(this.db, mailTransport(this.settings.mail, this.logger), this.logger, retry === undefined ? {} : { retryBaseMs: retry });
    const linkDeps = { db: this.db, logger: this.logger, outbox: this.outbox, siteUrl: this.settings.siteUrl };
    const signInLinks = new OneTimeLinks(linkDeps, SIGN_IN_LINK);
    const resets = new OneTimeLinks(linkDeps, PASSWORD_RESET_LINK);
    this.links = [signInLinks, resets];
    this.sessions = new SessionService({ db: this.db, settings: this.settings, signInLinks });
    this.registration = new Registration({ db: this.db, settings: this.settings, sessions: this.sessions });
    this.passwords = new PasswordService({ db: this.db, settings: this.settings, resets, signInLinks });
    this.profiles = new ProfileService(this.db);
    this.social = { facebook: facebookVerifier(this.settings.social), google: googleVerifier(this.settings.social) };
  }

  /** The signed-in user behind the `token` header, or null (bound: routes pass it on). */
  readonly resolveViewer: ViewerResolver = (req) => findViewer(this.db, req);

  /** The guest behind the `key` header, or null (bound: routes pass it on). */
  readonly resolveGuest: GuestResolver = (req) => findGuest(this.db, req);

  /** The middleware that counts one action against its limits (per IP, and per account when named). */
  rateLimiter(options: LimiterOptions): RequestHandler[] {
    return createRateLimiter(this.db, this.logger, options);
  }

  /** Starts the outbox sweep and the hourly clean-up (main.ts; tests need neither). */
  start(): void {
    if (this.outbox.transport.kind === 'log') {
      this.logger.warn('SMTP_URL is unset: e-mail is written to this log, not sent (fine for development only)');
    }
    this.outbox.start();
    this.cleanup ??= setInterval(() => void this.housekeeping(), HOUSEKEEPING_MS);
    this.cleanup.unref();
    void this.housekeeping();
  }

  /** Waits for work begun after an answer (reset mails), then for mail in flight. */
  async settle(): Promise<void> {
    await this.settleLinks();
    await this.outbox.idle();
  }

  async stop(): Promise<void> {
    if (this.cleanup) clearInterval(this.cleanup);
    await this.settleLinks();
    await this.outbox.stop();
  }

  private async settleLinks(): Promise<void> {
    for (const links of this.links) await links.settle();
  }

  private async housekeeping(): Promise<void> {
    try {
      await purgeExpired(this.db);
      await purgeExpiredCounters(this.db);
    } catch (error) {
      this.logger.warn({ err: error }, 'accounts: clean-up failed');
    }
  }
}

/** Deletes what can no longer be used: expired sessions, old reset and sign-in links, lapsed devices. */
async function purgeExpired(db: Database): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  await db.query("DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'");
  await db.query("DELETE FROM sign_in_links WHERE expires_at < now() - interval '1 day'");
  await db.query('DELETE FROM known_devices WHERE expires_at < now()');
}
