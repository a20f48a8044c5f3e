import { setImmediate } from 'node:timers/promises';
import type { Logger } from 'pino';
import { DrainWorker } from '../../lib/drain-worker';
import { ADMIN_PROFILE_TYPES } from '../../../shared/api/profile-types';
import { unsubscribeAlertPath } from '../../../shared/api/alert-schemas';
import { COUNTRIES } from '../../../shared/countries';
import { siteLanguage, sitePath } from '../../../shared/i18n/languages';
import { resizeProductImage } from '../../../shared/images';
import { formatPrice } from '../../../shared/price';
import type { AlertKind } from '../../../shared/validation/alert-rules';
import { AVAILABILITY_STATUS } from '../catalog/feed-values';
import { CATALOG_CHANGE_LOG_CHANNEL, consumeChanges, passOverChanges, type CatalogChange } from '../catalog/catalog-changes';
import { categoryBySlug } from '../catalog/category-tree';
import type { Database, Queryable } from '../db/database';
import { subscribe, type Subscription } from '../db/subscription';
import { mailPageLink } from '../mail/mail-site';
import type { MailOutbox } from '../mail/outbox';
import { AlertDigests, type Clock } from './alert-digests';
import type { AlertLinks, AlertOwner } from './alert-links';
import type { FiredItem } from './alert-mails';
import { DEFAULT_ALERT_MAIL_RULES, type AlertMailRules } from './alert-settings';

// The alert evaluator: a consumer of the catalogue's change log (catalog/catalog-changes.ts).
// For each batch of entries, in ONE transaction with its cursor's move, it finds the active
// alerts the changes satisfy, records each match in alert_notified (alert, size variant,
// change-log entry: unique; with the sale price it fired at), writes a notification row per
// match for account owners (the bell, at once) and queues each match for its recipient's
// next alert e-mail (alert-digests.ts). After its last batch a run sends one e-mail to each
// recipient with matches waiting whose last one is ALERT_DIGEST_HOURS old or more (so at
// once after a quiet window); the others wait for the first run after their window ends.
// Only the matches whose alert_notified row is new are notified, and the cursor moves with
// them; an e-mail's lines leave the queue in the transaction that puts it in the outbox. So
// running it twice, or dying between transactions or before the outbox sends, neither sends
// twice nor loses anything (the outbox delivers what was committed, after a restart too).
//
// What fires (every rule in the alert's country, on a size variant whose row there is not
// withdrawn (issue 27), and never on a first sighting: a price first seen has not moved):
//   price alert: the sale price went down and is now at or below the alert price;
//   sale alert:  the size variant newly went on sale (sale below list price where it was
//                not), or its discount percent grew;
//   stock alert: the size variant went from out of stock to in stock, preorder or backorder;
//                once: then it is done (last_fired_at set).
// Item scope watches the size variant it was set on; brand and store scopes watch every size
// variant of that brand or store. A price alert at any store (issue 28, decision 0079) watches
// every store's offer of its size (size variants sharing canonical_id) and fires when one
// falls to its price while no other offer there (not withdrawn, not sold out) is cheaper:
// the cheapest offer fell to it. Its re-arm counts across stores (the price it last fired at,
// whichever store had it), so the same low at a second store is no news. Re-arm (ALERT_REARM_PERCENT): a sale or price alert that
// fired on a size variant fires on it again only at a sale price at least that share below
// the price it last fired at, so a price that wobbles by a penny fires once. Alerts set after
// an entry was logged do not fire on it.
//
// It runs after imports (the log's notices, heard by every instance; on PGlite in process),
// once they pause for a moment (a directory of feeds handed over one by one is one run, not one
// per feed: run after each, it was a fifth of the api's CPU in such a hand-over), at start
// (catching up with whatever was logged while it was stopped; with no live alert the log is
// passed over unread, since nothing in it could fire)
// and on a periodic sweep (a notice is lost while nobody listens), which so also sends the
// e-mails whose window has ended. Runs of one process never overlap; instances share the work
// through the cursor row's lock.

/** The consumer name of its cursor in catalog_change_cursors. */
export const ALERT_CONSUMER = 'alert-evaluator';

/** Log entries one transaction deals with. */
const BATCH = 1_000;

/** An entry that can fire something: its kind of event, with the prices before and after. */
type Event = { change: CatalogChange; priceDrop: boolean; saleEvent: boolean; backInStock: boolean };

type MatchRow = {
  alert_id: number;
  kind: AlertKind;
  any_store: boolean;
  user_id: number | null;
  guest_id: number | null;
  change_id: number;
  size_variant_id: number;
  sale_price: number;
  /** The sale price this alert last fired at on this size variant; null when it never did. */
  fired_price: number | null;
  product_title: string;
  image_url: string;
  category_slug: string;
  slug: string;
  size: string;
  store_name: string;
  /** The language segment of the site the alert was set on ('' English, 'fr'; issue 29). */
  language: string;
};

/** What one run did (tests read it; the log says it): log entries read, matches notified, alert e-mails queued. */
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
  // Entries logged before availability was (null) say nothing of coming back.
  const backInStock = previous.availability === 'out_of_stock' && change.availability !== null;
  return priceDrop || saleEvent || backInStock ? { change, priceDrop, saleEvent, backInStock } : null;
}

/**
 * Whether a sale or price alert that last fired at `firedAt` is armed again at `price`: at
 * least `percent` below it, compared in cents (re-arm, issue 27).
 */
export function rearmed(price: number, firedAt: number | null, percent: number): boolean {
  if (firedAt === null) return true;
  const cents = Math.round(price * 100);
  return cents < Math.round(firedAt * 100) && cents <= (Math.round(firedAt * 100) * (100 - percent)) / 100 + 1e-9;
}

export type AlertEvaluatorDeps = {
  db: Database;
  outbox: MailOutbox;
  links: AlertLinks;
  logger: Logger;
  /** Public origin of the site, for product and unsubscribe links and images. */
  siteUrl: string;
  /** ALERT_DIGEST_HOURS and ALERT_REARM_PERCENT; absent, the defaults (24 hours, 5 %). */
  rules?: AlertMailRules | undefined;
  /** What "now" is for the digests' windows; absent, the system clock (tests move their own). */
  now?: Clock | undefined;
};

export class AlertEvaluator {
  private readonly db: Database;
  private readonly outbox: MailOutbox;
  private readonly links: AlertLinks;
  private readonly logger: Logger;
  private readonly siteUrl: string;
  private readonly rules: AlertMailRules;
  private readonly now: Clock;
  private readonly digests: AlertDigests;
  private readonly worker: DrainWorker;
  private subscription: Subscription | undefined;

  constructor(deps: AlertEvaluatorDeps) {
    this.db = deps.db;
    this.outbox = deps.outbox;
    this.links = deps.links;
    this.logger = deps.logger;
    this.siteUrl = deps.siteUrl.replace(/\/+$/, '');
    this.rules = deps.rules ?? DEFAULT_ALERT_MAIL_RULES;
    this.now = deps.now ?? (() => new Date());
    this.digests = new AlertDigests({ db: deps.db, outbox: deps.outbox, links: deps.links, siteUrl: this.siteUrl, rules: this.rules });
    this.worker = new DrainWorker({
      pass: async () => {
        const run = await this.run();
        if (run.matches || run.mails) this.logger.info(run, 'alert evaluator: alerts fired');
      },
      failed: (error) => this.logger.error({ err: error }, 'alert evaluator: run failed; the next notice or sweep tries again'),
    });
  }

  /** Listens for the log's notices, catches up at once, and sweeps every `sweepMs`. */
  start(sweepMs: number): void {
    this.subscription ??= subscribe(this.db, {
      channels: [{ channel: CATALOG_CHANGE_LOG_CHANNEL, onPayload: () => this.worker.kickSoon() }],
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

  /** Resolves when no run is in progress or waiting for the notices to pause (tests, shutdown). */
  idle(): Promise<void> {
    return this.worker.idle();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /**
   * Reads the log from the cursor to its end, a batch per transaction; then queues the alert
   * e-mails that are due (one transaction per owner), and kicks the outbox.
   */
  async run(): Promise<EvaluatorRun> {
    const total: EvaluatorRun = { changes: 0, matches: 0, mails: 0 };
    // Links are signed inside the batch's transaction: the key must be read before it.
    await this.links.ready();
    // With no live alert nothing in the log can fire, as a batch would find: it is passed over unread.
    const passed = await passOverChanges(this.db, ALERT_CONSUMER, async (tx) => (await tx.query('SELECT 1 FROM alerts WHERE NOT pending LIMIT 1')).length === 0);
    if (passed !== null) total.changes = passed;
    else {
      for (;;) {
        let matches = 0;
        const page = await consumeChanges(this.db, ALERT_CONSUMER, BATCH, async (changes, tx) => {
          matches = await this.evaluate(changes, tx);
        });
        total.changes += page.changes.length;
        total.matches += matches;
        if (page.changes.length < BATCH) break;
        // Between batches the process answers its requests: on PGlite a batch's statements run on
        // this thread and resolve at once, so a long log read back to back would hold them all.
        await setImmediate();
      }
    }
    // Every owner whose window allows gets one e-mail of all that waits for them: those the
    // batches above matched after a quiet window at once, the others when their window ends.
    total.mails = await this.digests.mailDue(this.now());
    // After the commit: what was queued is sent now (and by the outbox's sweep if not).
    if (total.mails) this.outbox.kick();
    return total;
  }

  /** The entries' candidate matches, oldest entry first: every rule but re-arm and "once" (decided in order by `fresh`). */
  private async candidates(events: readonly Event[], tx: Queryable): Promise<MatchRow[]> {
    return tx.query<MatchRow>(
      `WITH ev AS (
         SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::numeric[], $5::bool[], $6::bool[], $7::bool[], $8::timestamptz[])
           AS t(change_id, size_variant_id, country_code, sale_price, price_drop, sale_event, back_in_stock, recorded_at)
       )
       SELECT a.id AS alert_id, a.kind, a.any_store, a.user_id, a.guest_id, ev.change_id, ev.size_variant_id, ev.sale_price,
              fired.sale_price AS fired_price,
              p.title AS product_title, v.image_url, c.slug AS category_slug, sv.slug, sv.size, st.name AS store_name,
              a.language
         FROM ev
         -- A size variant withdrawn from the alert's country fires nothing there (issue 27).
         JOIN size_variant_prices pr ON pr.size_variant_id = ev.size_variant_id AND pr.country_code = ev.country_code AND pr.withdrawn_at IS NULL
         JOIN size_variants sv ON sv.id = ev.size_variant_id
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN categories c ON c.id = p.category_id
         JOIN stores st ON st.id = sv.store_id
         JOIN alerts a ON a.country_code = ev.country_code AND a.created_at <= ev.recorded_at AND (
              (a.scope = 'item' AND a.size_variant_id = ev.size_variant_id)
           OR (a.any_store AND a.size_variant_id IN (SELECT g.id FROM size_variants g WHERE g.canonical_id = sv.canonical_id))
           OR (a.scope = 'brand' AND a.brand_id = p.brand_id)
           OR (a.scope = 'store' AND a.store_id = sv.store_id))
         LEFT JOIN users ou ON ou.id = a.user_id
         LEFT JOIN LATERAL (
           SELECT n.sale_price FROM alert_notified n
            WHERE n.alert_id = a.id AND (a.any_store OR n.size_variant_id = ev.size_variant_id)
            ORDER BY n.change_id DESC LIMIT 1
         ) fired ON true
        WHERE NOT a.pending
          -- An admin-only store's items are news for admins alone (spec section 6, issue 25).
          AND (NOT st.admin_only OR ou.profile_type = ANY($9::int[]))
          AND ((a.kind = 'price' AND ev.price_drop AND ev.sale_price <= a.alert_price)
            OR (a.kind = 'sale' AND ev.sale_event)
            OR (a.kind = 'stock' AND ev.back_in_stock AND a.last_fired_at IS NULL))
          -- At any store: this offer is the cheapest a shopper can buy there (issue 28).
          AND (NOT a.any_store OR NOT EXISTS (
               SELECT 1 FROM size_variants o
                 JOIN size_variant_prices op ON op.size_variant_id = o.id AND op.country_code = ev.country_code AND op.withdrawn_at IS NULL
                 JOIN stores os ON os.id = o.store_id AND NOT os.admin_only
                WHERE o.canonical_id = sv.canonical_id AND o.id <> ev.size_variant_id AND op.status <> $10 AND op.sale_price < ev.sale_price))
          -- Notified already (a run reading the same entries again).
          AND NOT EXISTS (SELECT 1 FROM alert_notified n WHERE n.alert_id = a.id AND n.size_variant_id = ev.size_variant_id AND n.change_id = ev.change_id)
        ORDER BY ev.change_id, a.id`,
      [
        events.map((e) => e.change.cursor),
        events.map((e) => e.change.sizeVariantId),
        events.map((e) => e.change.country),
        events.map((e) => e.change.salePrice),
        events.map((e) => e.priceDrop),
        events.map((e) => e.saleEvent),
        events.map((e) => e.backInStock),
        events.map((e) => e.change.recordedAt.toISOString()),
        ADMIN_PROFILE_TYPES,
        AVAILABILITY_STATUS.out_of_stock,
      ],
    );
  }

  /**
   * The candidates that fire, in log order: a stock alert once; a sale or price alert on a
   * size variant only when re-armed since it last fired there (earlier in this batch too).
   */
  private fresh(candidates: readonly MatchRow[]): MatchRow[] {
    const stockFired = new Set<number>();
    const firedAt = new Map<string, number | null>();
    return candidates.filter((m) => {
      if (m.kind === 'stock') {
        if (stockFired.has(m.alert_id)) return false;
        stockFired.add(m.alert_id);
        return true;
      }
      // At any store the alert's last price counts whichever store had it.
      const key = m.any_store ? `${m.alert_id}` : `${m.alert_id}:${m.size_variant_id}`;
      const last = firedAt.has(key) ? firedAt.get(key)! : m.fired_price === null ? null : Number(m.fired_price);
      if (!rearmed(Number(m.sale_price), last, this.rules.rearmPercent)) return false;
      firedAt.set(key, Number(m.sale_price));
      return true;
    });
  }

  /** One batch, inside the transaction that moves the cursor: how many matches it notified. */
  private async evaluate(changes: readonly CatalogChange[], tx: Queryable): Promise<number> {
    const events = changes.map(eventOf).filter((e): e is Event => e !== null);
    if (!events.length) return 0;
    const byId = new Map(events.map((e) => [e.change.cursor, e]));
    const now = this.now();
    const firing = this.fresh(await this.candidates(events, tx));
    if (!firing.length) return 0;
    // The key that makes it exactly once: only the rows new here are notified.
    const inserted = await tx.query<{ alert_id: number; size_variant_id: number; change_id: number }>(
      `INSERT INTO alert_notified (alert_id, size_variant_id, change_id, sale_price, notified_at)
       SELECT alert_id, size_variant_id, change_id, sale_price, $5::timestamptz FROM unnest($1::int[], $2::int[], $3::bigint[], $4::numeric[]) AS t(alert_id, size_variant_id, change_id, sale_price)
       ON CONFLICT DO NOTHING
       RETURNING alert_id, size_variant_id, change_id`,
      [firing.map((m) => m.alert_id), firing.map((m) => m.size_variant_id), firing.map((m) => m.change_id), firing.map((m) => m.sale_price), now.toISOString()],
    );
    const isNew = new Set(inserted.map((r) => `${r.alert_id}:${r.size_variant_id}:${r.change_id}`));
    const rows = firing.filter((m) => isNew.has(`${m.alert_id}:${m.size_variant_id}:${m.change_id}`));
    if (!rows.length) return 0;

    await tx.query('UPDATE alerts SET last_fired_at = $2 WHERE id = ANY($1::int[])', [[...new Set(rows.map((r) => r.alert_id))], now.toISOString()]);

    const recipients = new Map<string, { owner: AlertOwner; items: { alertId: number; item: FiredItem }[] }>();
    const bell: unknown[][] = [[], [], [], []];
    for (const row of rows) {
      const { change } = byId.get(row.change_id)!;
      const country = COUNTRIES[change.country];
      // The alert's e-mail lines speak the language it was set in: its prices as that locale
      // writes them, its links to that language's pages (issue 29).
      const site = { country: country.code, language: siteLanguage(country.code, row.language) };
      const priced = { ...country, locale: site.language.locale };
      const path = this.productPath(row);
      const image = resizeProductImage(row.image_url, '180');
      // A size back in stock is news of its availability, not of a price move.
      const oldPrice = row.kind === 'stock' ? null : (change.previous?.salePrice ?? null);
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
      if (!recipient) recipients.set(key, (recipient = { owner, items: [] }));
      recipient.items.push({
        alertId: row.alert_id,
        item: {
          kind: row.kind,
          productName: row.product_title,
          image: this.absolute(image),
          link: path === null ? null : `${this.siteUrl}${sitePath(site.country, site.language.segment, `/${path}`)}`,
          oldPrice: oldPrice === null ? null : formatPrice(oldPrice, priced),
          newPrice: formatPrice(change.salePrice, priced),
          ...(row.kind === 'stock' && row.size ? { size: row.size } : {}),
          // At any store the link is that store's copy of the item, and the e-mail names the store.
          ...(row.any_store ? { store: row.store_name } : {}),
          unsubscribe: mailPageLink(this.siteUrl, site, unsubscribeAlertPath(await this.links.sign({ alertId: row.alert_id, owner }))),
          locale: site.language.locale,
        },
      });
    }
    if (bell[0]!.length) {
      await tx.query(
        `INSERT INTO notifications (user_id, kind, alert_id, payload)
         SELECT user_id, kind, alert_id, payload::jsonb FROM unnest($1::int[], $2::text[], $3::int[], $4::text[]) AS t(user_id, kind, alert_id, payload)`,
        bell,
      );
    }
    // Each recipient's items wait for their next alert e-mail: the run sends it after its last
    // batch when their window allows (at once after a quiet window), else the sweep at its end.
    for (const { owner, items } of recipients.values()) await this.digests.queue(tx, owner, items, now);
    return rows.length;
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
