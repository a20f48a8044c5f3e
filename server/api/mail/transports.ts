import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

// How an e-mail leaves the outbox: SMTP (nodemailer) when SMTP_URL is set; otherwise the
// development log, with the message's links so a developer can follow them.

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Headers besides the usual ones (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export type MailTransport = {
  readonly kind: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Defaults are minutes; a mail server that does not answer should not hold the worker.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Writes the message to the log instead of sending it. The logger redacts `token` and
 * `tkn` fields, so the reset link travels as `link` (a URL in a string is not redacted).
 */
export function logTransport(logger: Logger): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      const links = mail.text.match(LINK) ?? [];
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, link: links[0], links, text: mail.text, ...(mail.headers ? { headers: mail.headers } : {}) } },
        `e-mail not sent (SMTP_URL is unset): "${mail.subject}" to ${mail.to}${links[0] ? ` — ${links[0]}` : ''}`,
      );
    },
    close() {},
  };
}

export function mailTransport(settings: { smtpUrl: string | undefined; from: string }, logger: Logger): MailTransport {
  return settings.smtpUrl ? smtpTransport(settings.smtpUrl, settings.from) : logTransport(logger);
}
