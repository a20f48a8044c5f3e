import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomSecret } from '../accounts/secrets';
import type { Queryable } from '../db/database';

// The unsubscribe links of alert e-mails: they work without signing in (RFC 8058 one-click
// from the mail client, or the page the visible link opens), so the token itself must say
// whose alert it stops and be impossible to forge. It is signed, not stored: an e-mail per
// recipient per run would otherwise need a row per link, kept for ever. The token names the
// alert (0: every alert of the owner) and the owner, and carries an HMAC-SHA256 of both
// under a server secret: ALERT_LINK_SECRET when set (every instance must share it), else one
// made at random once and kept in the database (server_secrets), so links outlive restarts.
// A token does not expire: an old e-mail's link must still stop the alert it came with.

/** Whose alerts: a shopper (by user id) or a guest address (by its alert_guests id). */
export type AlertOwner = { kind: 'user'; id: number } | { kind: 'guest'; id: number };

/** What an unsubscribe token names: one alert of the owner, or (alertId 0) all of them. */
export type UnsubscribeClaim = { alertId: number; owner: AlertOwner };

const SECRET_NAME = 'alert-link-key';
const TOKEN = /^v1\.(\d{1,10})\.([ug])(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

export class AlertLinks {
  private key: Promise<Buffer> | undefined;

  /** `configured`: ALERT_LINK_SECRET; absent, the database's own (made on first use). */
  constructor(
    private readonly db: Queryable,
    private readonly configured?: string,
  ) {}

  /**
   * Loads the key now. A caller that signs inside a transaction calls this first: the key's
   * first read goes through the database, which on PGlite (one connection) waits for that
   * transaction to end.
   */
  async ready(): Promise<void> {
    await this.signingKey();
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      // A database that was away must not leave every later link unsigned.
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async loadKey(): Promise<Buffer> {
    if (this.configured) return Buffer.from(this.configured, 'utf8');
    // Two instances starting at once: the first insert wins and both read the same value.
    await this.db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [SECRET_NAME, randomSecret(32)]);
    const [row] = await this.db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [SECRET_NAME]);
    return Buffer.from(row!.value, 'utf8');
  }

  private static payload({ alertId, owner }: UnsubscribeClaim): string {
    return `v1.${alertId}.${owner.kind === 'user' ? 'u' : 'g'}${owner.id}`;
  }

  /** A token for the unsubscribe link: `v1.{alertId}.{u|g}{ownerId}.{signature}`, safe in a path. */
  async sign(claim: UnsubscribeClaim): Promise<string> {
    const payload = AlertLinks.payload(claim);
    const signature = createHmac('sha256', await this.signingKey()).update(payload).digest('base64url');
    return `${payload}.${signature}`;
  }

  /** What a token names, or undefined when it is malformed or its signature does not match (compared in constant time). */
  async verify(token: string): Promise<UnsubscribeClaim | undefined> {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const claim: UnsubscribeClaim = {
      alertId: Number(match[1]),
      owner: { kind: match[2] === 'u' ? 'user' : 'guest', id: Number(match[3]) },
    };
    // The payload is signed as written back from the numbers, so "v1.007.u1" cannot pass for "v1.7.u1".
    if (AlertLinks.payload(claim) !== token.slice(0, token.lastIndexOf('.'))) return undefined;
    // Compared as text: a decoder ignores the last character's unused bits, so two spellings
    // would otherwise pass for one signature.
    const expected = Buffer.from(createHmac('sha256', await this.signingKey()).update(AlertLinks.payload(claim)).digest('base64url'));
    const given = Buffer.from(match[4]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? claim : undefined;
  }
}
