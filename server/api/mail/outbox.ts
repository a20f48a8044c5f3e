import type { Logger } from 'pino';
import { DrainWorker } from '../../lib/drain-worker';
import type { Database, Queryable } from '../db/database';
import type { MailTransport } from './transports';

// Every e-mail goes through the mail_outbox table, so no mail is lost with a crash: it is written in the same
// transaction as what it announces, then delivered by a worker — at once when enqueued,
// and by a periodic sweep for retries. Several api instances share the table: a message is
// claimed with FOR UPDATE SKIP LOCKED and a lease, and sent outside any transaction (PGlite
// has one connection; an SMTP conversation must not hold it). Bodies can carry one-time
// links, so they (and the headers, which may too) are cleared once a message is sent, given up
// or expired.

export type NewMail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Headers besides the usual ones (an alert e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Not worth sending after this (a reset link that no longer works). */
  expiresAt?: Date;
};

export type OutboxOptions = {
  batchSize: number;
  maxAttempts: number;
  /** First retry after this; doubled for each later attempt, at most an hour. */
  retryBaseMs: number;
  leaseMs: number;
};

/** The first retry's delay and the sweep's interval, unless MAIL_RETRY_MS says otherwise. */
export const DEFAULT_MAIL_RETRY_MS = 30_000;

const DEFAULTS: OutboxOptions = { batchSize: 10, maxAttempts: 8, retryBaseMs: DEFAULT_MAIL_RETRY_MS, leaseMs: 120_000 };

type Claimed = {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  attempts: number;
};

export class MailOutbox {
  private readonly options: OutboxOptions;
  private readonly worker: DrainWorker;

  constructor(
    private readonly db: Database,
    readonly transport: MailTransport,
    private readonly logger: Logger,
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.worker = new DrainWorker({
      pass: () => this.deliverDue(),
      failed: (error) => this.logger.error({ err: error }, 'mail outbox: delivery pass failed'),
    });
  }

  /** Writes a message; call `kick()` once the transaction that wrote it has committed. */
  async enqueue(q: Queryable, mail: NewMail): Promise<number> {
    const rows = await q.query<{ id: number }>(
      `INSERT INTO mail_outbox (kind, recipient, subject, text_body, html_body, headers, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [mail.kind, mail.to, mail.subject, mail.text, mail.html, mail.headers ? JSON.stringify(mail.headers) : null, mail.expiresAt ?? null],
    );
    return rows[0]!.id;
  }

  /** Delivers what is due, soon, without making the caller wait. */
  kick(): void {
    this.worker.kick();
  }

  /** Resolves when no delivery pass is running (tests, shutdown). */
  idle(): Promise<void> {
    return this.worker.idle();
  }

  /** Sweeps for retries and anything another instance left behind. */
  start(intervalMs = this.options.retryBaseMs): void {
    this.worker.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.transport.close();
  }

  /** One delivery pass (the worker's): what expired goes, then batches until one is short. */
  private async deliverDue(): Promise<void> {
    await this.expireStale();
    while ((await this.deliverBatch()) === this.options.batchSize && !this.worker.stopped);
  }

  private async expireStale(): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET status = 'expired', text_body = NULL, html_body = NULL, headers = NULL, locked_until = NULL
        WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= now()`,
    );
  }

  /** Claims up to one batch, sends each message, records the outcome; returns how many it claimed. */
  async deliverBatch(): Promise<number> {
    const claimed = await this.db.query<Claimed>(
      `UPDATE mail_outbox SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
        WHERE id IN (
          SELECT id FROM mail_outbox
           WHERE status = 'pending' AND next_attempt_at <= now()
             AND (locked_until IS NULL OR locked_until < now())
             AND (expires_at IS NULL OR expires_at > now())
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, subject, text_body, html_body, headers, attempts`,
      [this.options.batchSize, this.options.leaseMs / 1000],
    );
    for (const mail of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await this.transport.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        await this.db.query(
          `UPDATE mail_outbox SET status = 'sent', sent_at = now(), text_body = NULL, html_body = NULL, headers = NULL,
                  locked_until = NULL, last_error = NULL WHERE id = $1`,
          [mail.id],
        );
      } catch (error) {
        const giveUp = mail.attempts >= this.options.maxAttempts;
        const delayMs = Math.min(this.options.retryBaseMs * 2 ** (mail.attempts - 1), 3_600_000);
        await this.db.query(
          `UPDATE mail_outbox SET locked_until = NULL, last_error = $2,
                  next_attempt_at = now() + make_interval(secs => $3),
                  status = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,
                  text_body = CASE WHEN $4::boolean THEN NULL ELSE text_body END,
                  html_body = CASE WHEN $4::boolean THEN NULL ELSE html_body END,
                  headers = CASE WHEN $4::boolean THEN NULL ELSE headers END
            WHERE id = $1`,
          [mail.id, String((error as Error).message).slice(0, 500), delayMs / 1000, giveUp],
        );
        // Said once it is recorded: a process killed on seeing this line leaves the e-mail
        // released for its retry, not claimed for the lease's length.
        this.logger.warn(
          { err: { message: (error as Error).message, code: (error as NodeJS.ErrnoException).code }, mailId: mail.id, attempts: mail.attempts, giveUp },
          'mail outbox: sending failed',
        );
      }
    }
    return claimed.length;
  }
}
