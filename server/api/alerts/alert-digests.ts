import { unsubscribeAlertPath } from '../../../shared/api/alert-schemas';
import type { Database, Queryable } from '../db/database';
import { mailPageLink, mailTranslator, siteOfLocale } from '../mail/mail-site';
import type { MailOutbox } from '../mail/outbox';
import type { AlertLinks, AlertOwner } from './alert-links';
import { alertsFiredMail, type FiredItem } from './alert-mails';
import type { AlertMailRules } from './alert-settings';

// No alert e-mail storm (issue 27): a shopper or a guest address gets at most one alert e-mail
// per ALERT_DIGEST_HOURS. What fires is queued in alert_mail_items, in the evaluator's batch
// transaction (the bell hears it at once). After its batches, each evaluator run mails every
// owner with items waiting whose last alert e-mail is the window old or more (or who never had
// one): after a quiet window that is at once; otherwise the items wait for the first run (a
// notice or the sweep) after the window ends, and go in one e-mail. Each e-mail is decided
// holding its owner's row (users or alert_guests) FOR UPDATE, and its items are deleted in the
// transaction that puts it in the outbox: two instances cannot both send it, and a crash
// between the evaluator's commit and this one loses nothing (the next run sends it).

/** What "now" is: the system clock, or a test's. */
export type Clock = () => Date;

type Waiting = { id: number | string; alert_id: number; item: FiredItem };

const HOUR_MS = 3_600_000;
const column = (owner: AlertOwner) => (owner.kind === 'user' ? 'user_id' : 'guest_id');
const table = (owner: AlertOwner) => (owner.kind === 'user' ? 'users' : 'alert_guests');

export type AlertDigestsDeps = {
  db: Database;
  outbox: MailOutbox;
  links: AlertLinks;
  /** Public origin of the site, for the unsubscribe links. */
  siteUrl: string;
  rules: AlertMailRules;
};

export class AlertDigests {
  private readonly siteUrl: string;

  constructor(private readonly deps: AlertDigestsDeps) {
    this.siteUrl = deps.siteUrl.replace(/\/+$/, '');
  }

  private get windowMs(): number {
    return this.deps.rules.digestHours * HOUR_MS;
  }

  /** Queues an owner's fired items for their next alert e-mail (inside the evaluator's batch transaction). */
  async queue(tx: Queryable, owner: AlertOwner, items: readonly { alertId: number; item: FiredItem }[], firedAt: Date): Promise<void> {
    if (!items.length) return;
    await tx.query(
      `INSERT INTO alert_mail_items (${column(owner)}, alert_id, item, fired_at)
       SELECT $1::int, alert_id, item::jsonb, $4::timestamptz FROM unnest($2::int[], $3::text[]) WITH ORDINALITY AS t(alert_id, item, n) ORDER BY n`,
      [owner.id, items.map((i) => i.alertId), items.map((i) => JSON.stringify(i.item)), firedAt.toISOString()],
    );
  }

  /**
   * Inside a transaction: when the owner's window allows, one e-mail with every item waiting
   * for them goes to the outbox and the window starts again. True when one was queued. The
   * caller has loaded the links' key (AlertLinks.ready) before its transaction.
   */
  private async mailIfDue(tx: Queryable, owner: AlertOwner, now: Date): Promise<boolean> {
    const [row] = await tx.query<{ email: string | null; name: string | null; mailed_at: Date | string | null }>(
      `SELECT email, ${owner.kind === 'user' ? 'name' : 'NULL::text AS name'}, alert_mailed_at AS mailed_at FROM ${table(owner)} WHERE id = $1 FOR UPDATE`,
      [owner.id],
    );
    if (!row) return false;
    if (row.mailed_at !== null && new Date(row.mailed_at).getTime() > now.getTime() - this.windowMs) return false;
    const waiting = await tx.query<Waiting>(`DELETE FROM alert_mail_items WHERE ${column(owner)} = $1 RETURNING id, alert_id, item`, [owner.id]);
    // A social account that gave no address has the bell only.
    if (!waiting.length || !row.email) return false;
    waiting.sort((a, b) => Number(a.id) - Number(b.id));
    // One alert in the mail: the header stops it; several: it stops them all (alert 0).
    const alerts = new Set(waiting.map((w) => w.alert_id));
    const only = alerts.size === 1 ? [...alerts][0]! : 0;
    const path = unsubscribeAlertPath(await this.deps.links.sign({ alertId: only, owner }));
    // Written in the language of the newest alert it lists (issue 29): the one the owner set last.
    const newest = waiting.reduce((a, b) => (b.alert_id > a.alert_id ? b : a));
    const site = siteOfLocale(newest.item.locale);
    const mail = alertsFiredMail(mailTranslator(site), {
      name: row.name ?? undefined,
      items: waiting.map((w) => w.item),
      unsubscribeAll: mailPageLink(this.siteUrl, site, path),
      rules: this.deps.rules,
    });
    await this.deps.outbox.enqueue(tx, {
      kind: 'alert',
      to: row.email,
      ...mail,
      // RFC 8058: an https link the mail client may POST "List-Unsubscribe=One-Click" to. No
      // page is shown, so it needs no language: the address it always had.
      headers: { 'List-Unsubscribe': `<${this.siteUrl}${path}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await tx.query(`UPDATE ${table(owner)} SET alert_mailed_at = $2 WHERE id = $1`, [owner.id, now.toISOString()]);
    return true;
  }

  /** Every owner with items waiting whose window allows gets their e-mail, one transaction each. How many went to the outbox. */
  async mailDue(now: Date): Promise<number> {
    const owners = await this.deps.db.query<{ user_id: number | null; guest_id: number | null }>(
      `SELECT DISTINCT i.user_id, i.guest_id
         FROM alert_mail_items i
         LEFT JOIN users u ON u.id = i.user_id
         LEFT JOIN alert_guests g ON g.id = i.guest_id
        WHERE coalesce(u.alert_mailed_at, g.alert_mailed_at) IS NULL OR coalesce(u.alert_mailed_at, g.alert_mailed_at) <= $1`,
      [new Date(now.getTime() - this.windowMs).toISOString()],
    );
    if (!owners.length) return 0;
    await this.deps.links.ready();
    let mails = 0;
    for (const o of owners) {
      const owner: AlertOwner = o.user_id !== null ? { kind: 'user', id: o.user_id } : { kind: 'guest', id: o.guest_id! };
      if (await this.deps.db.transaction((tx) => this.mailIfDue(tx, owner, now))) mails++;
    }
    return mails;
  }
}
