import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback (the smtp-server package) standing in for the mail relay:
// it accepts every message, keeps it, and lets a test wait for one and read its links.

export type ReceivedMail = {
  from: string | undefined;
  to: string[];
  /** The message as sent, headers and MIME parts. */
  raw: string;
  /** The raw message with its parts' transfer encodings undone (quoted-printable, base64), for reading text and links. */
  decoded: string;
  subject: string | undefined;
};

/**
 * Undoes quoted-printable: soft line breaks and =XX escapes, whose bytes are UTF-8 (our parts
 * say charset=utf-8), so "=C2=A3" reads "£". The rest of a quoted-printable message is ASCII.
 */
function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const BASE64_PART = /(Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([A-Za-z0-9+/=\r\n]+)/gi;

/**
 * The message with each part's transfer encoding undone: base64 (what a mail client is sent
 * for a part mostly outside ASCII, a Tamil or Chinese e-mail's text) and quoted-printable.
 */
function decodeMessage(raw: string): string {
  let out = '';
  let from = 0;
  for (const part of raw.matchAll(BASE64_PART)) {
    out += decodeQuotedPrintable(raw.slice(from, part.index + part[1]!.length));
    out += `${Buffer.from(part[2]!.replace(/\s+/g, ''), 'base64').toString('utf8')}\n`;
    from = part.index + part[0].length;
  }
  return out + decodeQuotedPrintable(raw.slice(from));
}

export async function startSmtpServer(options: { failFirst?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let failures = options.failFirst ?? 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const decoded = decodeMessage(raw);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded,
          subject: decodeHeaderWords(headerIn(raw, 'Subject')),
        };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first message (already here or still to come) sent to `to` (and, when given, that `accept` takes). */
    waitForMail(to: string, timeoutMs = 10_000, accept: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
      const match = (mail: ReceivedMail) => mail.to.includes(to) && accept(mail);
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The links in a received message's text. */
export function linksIn(mail: ReceivedMail): string[] {
  return [...new Set(mail.decoded.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

/** A header of a received message, unfolded (RFC 5322: a long header continues on indented lines). */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  return headerIn(mail.raw, name);
}

function headerIn(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/**
 * A header's text with its RFC 2047 encoded words undone (a subject in French or Tamil travels
 * as =?UTF-8?Q?…?= or =?UTF-8?B?…?= words; the space between two such words is not text).
 */
function decodeHeaderWords(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
