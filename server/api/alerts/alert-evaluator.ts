import type { Logger } from 'pino';
import { DrainWorker } from '../../lib/drain-worker';
import { ADMIN_PROFILE_TYPES } from '../../../shared/api/profile-types';
import { unsubscribeAlertPath } from '../../../shared/api/alert-schemas';
import { COUNTRIES, countryPrefix } from '../../../shared/countries';
import { resizeProductImage } from '../../../shared/images';
import { formatPrice } from '../../../shared/price';
import type { AlertKind } from '../../../shared/validation/alert-rules';
import { CATALOG_CHANGE_LOG_CHANNEL, consumeChanges, type CatalogChange } from '../catalog/catalog-changes';
import { categoryBySlug } from '../catalog/category-tree';
import type { Database, Queryable } from '../db/database';
import { subscribe, type Subscription } from '../db/subscription';
import type { MailOutbox } from '../mail/outbox';
import type { AlertLinks, AlertOwner } from './alert-links';
import { alertsFiredMail, type FiredItem } from './alert-mails';

// The alert evaluator: a consumer of the catalogue's change log (catalog/catalog-changes.ts).
// For each batch of entries, in ONE transaction with its cursor's move, it finds the active
// alerts the changes satisfy, records each match in alert_notified (alert, size variant,
// change-log entry: unique), writes a notification row per match for account owners (the
// bell) and ONE e-mail per recipient listing every match of theirs to the outbox. Only the
// matches whose alert_notified row is new are notified, and the cursor moves with them, so
// running it twice, or dying after the commit and before the outbox sends, neither sends
// twice nor loses anything (the outbox delivers what was committed, after a restart too).
//
// What fires (every rule in the alert's country, on a size variant that is not out of stock,
// and never on a first sighting: a price first seen has not moved):
//   price alert: the sale price went down and is now at or below the alert price;
//   sale alert:  the size variant newly went on sale (sale below list price where it was
//                not), or its discount percent grew.
// Item scope watches the size variant it was set on; brand and store scopes watch every size
// variant of that brand or store. An alert that fired does not fire again until a later entry
// moves the price again. Alerts set after an entry was logged do not fire on it.
//
// It runs after every import (the log's notice, heard by every instance; on PGlite the
// in-process notice), at start (catching up with whatever was logged while it was stopped)
// and on a periodic sweep (a notice is lost while nobody listens). Runs of one process never
// overlap; instances share the work through the cursor row's lock.

/** The consumer name of its cursor in catalog_change_cursors. */
export const ALERT_CONSUMER = 'alert-evaluator';

/** Log entries one transaction deals with. */
const BATCH = 1_000;

/** An entry that can fire something: its kind of event, with the prices before and after. */
type Event = { change: CatalogChange; priceDrop: boolean; saleEvent: boolean };

type MatchRow = {
  alert_id: number;
  kind: AlertKind;
  user_id: number | null;
  guest_id: number | null;
  recipient: string | null;
  owner_name: string | null;
  change_id: number;
  size_variant_id: number;
  product_title: string;
  image_url: string;
  category_slug: string;
  slug: string;
};

/** What one run did (tests read it; the log says it). */
export type EvaluatorRun = { changes: number; matches: number; mails: number };

const isOnSale = (msrp: number, sale: number) => sale < msrp;
const discount = (msrp: number, sale: number) => (msrp > 0 ? (msrp - sale) / msrp : 0);

/** What an entry can fire, or null for one that fires nothing. */
export function eventOf(change: CatalogChange): Event | null {
  const previous = change.previous;
  if (change.firstSeen || !previous || change.availability === 'out_of_stock') return null;
  const priceDrop = change.salePrice < previous.salePrice;
  const saleEvent =
    isOnSale(change.msrp, change.salePrice) &&
    (!isOnSale(previous.msrp, previous.salePrice) || discount(change.msrp, change.salePrice) > discount(previous.msrp, previous.salePrice));
  return priceDrop || saleEvent ? { change, priceDrop, saleEvent } : null;
}

export type AlertEvaluatorDeps = {
  db: Database;
  outbox: MailOutbox;
  links: AlertLinks;
  logger: Logger;
  /** Public origin of the site, for product and unsubscribe links and images. */
  siteUrl: string;
};

export class AlertEvaluator {
  private readonly db: Database;
  private readonly outbox: MailOutbox;
  private readonly links: AlertLinks;
  private readonly logger: Logger;
  private readonly siteUrl: string;
  private readonly worker: DrainWorker;
  private subscription: Subscription | undefined;

  constructor(deps: AlertEvaluatorDeps) {
    this.db = deps.db;
    this.outbox = deps.outbox;
    this.links = deps.links;
    this.logger = deps.logger;
    this.siteUrl = deps.siteUrl.replace(/\/+$/, '');
    this.worker = new DrainWorker({
      pass: async () => {
        const run = await this.run();
        if (run.matches) this.logger.info(run, 'alert evaluator: alerts fired');
      },
      failed: (error) => this.logger.error({ err: error }, 'alert evaluator: run failed; the next notice or sweep tries again'),
    });
  }

  /** Listens for the log's notices, catches up at once, and sweeps every `sweepMs`. */
  start(sweepMs: number): void {
    this.subscription ??= subscribe(this.db, {
      channels: [{ channel: CATALOG_CHANGE_LOG_CHANNEL, onPayload: () => this.kick() }],
      // The kick at start catches up; until LISTEN works, the sweep is all there is.
      listening: () => undefined,
      // After a lost connection notices sent meanwhile never come: catch up when listening again.
      events: { resumed: () => this.kick() },
      logger: this.logger,
      what: 'alert evaluator',
    });
    this.worker.start(sweepMs);
  }

  /** Evaluates what is new in the log, soon, without making the caller wait. */
  kick(): void {
    this.worker.kick();
  }

  /** Resolves when no run is in progress (tests, shutdown). */
  idle(): Promise<void> {
    return this.worker.idle();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Reads the log from the cursor to its end, a batch per transaction; then kicks the outbox. */
  async run(): Promise<EvaluatorRun> {
    const total: EvaluatorRun = { changes: 0, matches: 0, mails: 0 };
    // Links are signed inside the batch's transaction: the key must be read before it.
    await this.links.ready();
    for (;;) {
      let batch = { matches: 0, mails: 0 };
      const page = await consumeChanges(this.db, ALERT_CONSUMER, BATCH, async (changes, tx) => {
        batch = await this.evaluate(changes, tx);
      });
      total.changes += page.changes.length;
      total.matches += batch.matches;
      total.mails += batch.mails;
      if (page.changes.length < BATCH) break;
    }
    // After the commit: what was queued is sent now (and by the outbox's sweep if not).
    if (total.mails) this.outbox.kick();
    return total;
  }

  /** One batch, inside the transaction that moves the cursor. */
  private async evaluate(changes: readonly CatalogChange[], tx: Queryable): Promise<{ matches: number; mails: number }> {
    const events = changes.map(eventOf).filter((e): e is Event => e !== null);
    if (!events.length) return { matches: 0, mails: 0 };
    const byId = new Map(events.map((e) => [e.change.cursor, e]));
    // Active alerts each entry satisfies, inserted into alert_notified; only those new there
    // come back (ON CONFLICT DO NOTHING), so a second run over the same entries finds none.
    const rows = await tx.query<MatchRow>(
      `WITH ev AS (
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::numeric[], $5::bool[], $6::bool[], $7::timestamptz[])
           AS t(change_id, size_variant_id, country_code, sale_price, price_drop, sale_event, recorded_at)
       ), matched AS (
         SELECT a.id AS alert_id, a.kind, a.user_id, a.guest_id, ev.change_id, ev.size_variant_id
           FROM ev
           JOIN size_variants sv ON sv.id = ev.size_variant_id
           JOIN variants v ON v.id = sv.variant_id
           JOIN products p ON p.id = v.product_id
           JOIN stores st ON st.id = sv.store_id
           JOIN alerts a ON a.country_code = ev.country_code AND a.created_at <= ev.recorded_at AND (
                (a.scope = 'item' AND a.size_variant_id = ev.size_variant_id)
             OR (a.scope = 'brand' AND a.brand_id = p.brand_id)
             OR (a.scope = 'store' AND a.store_id = sv.store_id))
           LEFT JOIN users ou ON ou.id = a.user_id
          WHERE NOT a.pending
            -- An admin-only store's items are news for admins alone (spec section 6, issue 25).
            AND (NOT st.admin_only OR ou.profile_type = ANY($8::int[]))
            AND ((a.kind = 'price' AND ev.price_drop AND ev.sale_price <= a.alert_price)
              OR (a.kind = 'sale' AND ev.sale_event))
       ), fresh AS (
         INSERT INTO alert_notified (alert_id, size_variant_id, change_id)
         SELECT alert_id, size_variant_id, change_id FROM matched
         ON CONFLICT DO NOTHING
         RETURNING alert_id, size_variant_id, change_id
       )
       SELECT m.alert_id, m.kind, m.user_id, m.guest_id, coalesce(u.email, g.email) AS recipient, u.name AS owner_name,
              m.change_id, m.size_variant_id, p.title AS product_title, v.image_url, c.slug AS category_slug, sv.slug
         FROM fresh f
         JOIN matched m USING (alert_id, size_variant_id, change_id)
         JOIN size_variants sv ON sv.id = m.size_variant_id
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN categories c ON c.id = p.category_id
         LEFT JOIN users u ON u.id = m.user_id
         LEFT JOIN alert_guests g ON g.id = m.guest_id
        ORDER BY m.change_id, m.alert_id`,
      [
        events.map((e) => e.change.cursor),
        events.map((e) => e.change.sizeVariantId),
        events.map((e) => e.change.country),
        events.map((e) => e.change.salePrice),
        events.map((e) => e.priceDrop),
        events.map((e) => e.saleEvent),
        events.map((e) => e.change.recordedAt.toISOString()),
        ADMIN_PROFILE_TYPES,
      ],
    );
    if (!rows.length) return { matches: 0, mails: 0 };

    await tx.query('UPDATE alerts SET last_fired_at = now() WHERE id = ANY($1::int[])', [[...new Set(rows.map((r) => r.alert_id))]]);

    type Recipient = { owner: AlertOwner; email: string | null; name: string | null; items: FiredItem[]; alerts: Set<number> };
    const recipients = new Map<string, Recipient>();
    const bell: unknown[][] = [[], [], [], []];
    for (const row of rows) {
      const { change } = byId.get(row.change_id)!;
      const country = COUNTRIES[change.country];
      const path = this.productPath(row);
      const image = resizeProductImage(row.image_url, '180');
      const oldPrice = change.previous?.salePrice ?? null;
      if (row.user_id !== null) {
        bell[0]!.push(row.user_id);
        bell[1]!.push(row.kind);
        bell[2]!.push(row.alert_id);
        bell[3]!.push(
          JSON.stringify({ productName: row.product_title, image, path, country: country.code, currencySymbol: country.info.symbol, oldPrice, newPrice: change.salePrice }),
        );
      }
      const owner: AlertOwner = row.user_id !== null ? { kind: 'user', id: row.user_id } : { kind: 'guest', id: row.guest_id! };
      const key = `${owner.kind}:${owner.id}`;
      let recipient = recipients.get(key);
      if (!recipient) recipients.set(key, (recipient = { owner, email: row.recipient, name: row.owner_name, items: [], alerts: new Set() }));
      recipient.alerts.add(row.alert_id);
      recipient.items.push({
        kind: row.kind,
        productName: row.product_title,
        image: this.absolute(image),
        link: path === null ? null : `${this.siteUrl}${countryPrefix(country.code)}/${path}`,
        oldPrice: oldPrice === null ? null : formatPrice(oldPrice, country),
        newPrice: formatPrice(change.salePrice, country),
        unsubscribe: `${this.siteUrl}${unsubscribeAlertPath(await this.links.sign({ alertId: row.alert_id, owner }))}`,
      });
    }
    if (bell[0]!.length) {
      await tx.query(
        `INSERT INTO notifications (user_id, kind, alert_id, payload)
         SELECT user_id, kind, alert_id, payload::jsonb FROM unnest($1::int[], $2::text[], $3::int[], $4::text[]) AS t(user_id, kind, alert_id, payload)`,
        bell,
      );
    }
    let mails = 0;
    for (const recipient of recipients.values()) {
      // A social account that gave no address has the bell only.
      if (!recipient.email) continue;
      // One alert in the mail: the header stops it; several: it stops them all (alert 0).
      const only = recipient.alerts.size === 1 ? [...recipient.alerts][0]! : 0;
      const unsubscribe = `${this.siteUrl}${unsubscribeAlertPath(await this.links.sign({ alertId: only, owner: recipient.owner }))}`;
      const mail = alertsFiredMail({ name: recipient.name ?? undefined, items: recipient.items, unsubscribeAll: unsubscribe });
      await this.outbox.enqueue(tx, {
        kind: 'alert',
        to: recipient.email,
        ...mail,
        // RFC 8058: an https link the mail client may POST "List-Unsubscribe=One-Click" to.
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      mails++;
    }
    return { matches: rows.length, mails };
  }

  /** The product page's path without the country prefix: {top category}/{category}/{size variant slug}. */
  private productPath(row: MatchRow): string | null {
    const own = categoryBySlug(row.category_slug);
    if (!own) return null;
    let top = own;
    while (top.parentSlug) top = categoryBySlug(top.parentSlug) ?? top;
    return `${top.slug}/${own.slug}/${row.slug}`;
  }

  /** Images are site paths (the image server) or a merchant's URL: e-mail needs them absolute. */
  private absolute(image: string): string {
    return image.startsWith('/') ? `${this.siteUrl}${image}` : image;
  }
}
