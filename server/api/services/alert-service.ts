import type { Alert, AlertSet, AlertsPage } from '../../../shared/api/alert-schemas';
import type { Message } from '../../../shared/validation/message';
import { confirmAlertsPath, type SetGuestAlertInput, type SetUserAlertInput } from '../../../shared/api/alert-schemas';
import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { resizeProductImage } from '../../../shared/images';
import {
  ALERTS_MAX_PER_OWNER,
  ALERT_MESSAGES,
  ALERT_NOTICES,
  alertPriceProblem,
  isValidEmail,
  type AlertKind,
  type AlertScope,
} from '../../../shared/validation/alert-rules';
import { badRequest, notFound } from '../../lib/http-error';
import { fieldError, unauthorized } from '../accounts/account-errors';
import { hashSecret, looksLikeSecret, randomSecret } from '../accounts/secrets';
import type { AlertLinks, AlertOwner } from '../alerts/alert-links';
import { AVAILABILITY_STATUS } from '../catalog/feed-values';
import { alertConfirmMail, newAlertsConfirmMail } from '../alerts/alert-mails';
import { mailPageLink, mailTranslator, siteOn, type MailSite } from '../mail/mail-site';
import type { Database, Queryable } from '../db/database';
import type { MailOutbox } from '../mail/outbox';
import { readProductCards } from './product-reader';
import { shownTo, type Asker } from './product-visibility';

/** What setting an alert answers, its message in no language yet: the route words it in the caller's (issue 29). */
export type AlertDecided = Omit<AlertSet, 'message'> & { message: Message };

// Sale, price and back-in-stock alerts (spec sections 3, 4, 5, 7; issue 27; shapes in shared/api/alert-schemas.ts):
// setting them (a shopper's, active at once; a guest's, pending until its address confirms
// it), My Alerts, the guest's confirm link and the e-mails' unsubscribe links. The bell's
// notifications are notification-service.ts, My Sales sales-service.ts. What makes them fire is the evaluator (alerts/alert-evaluator.ts).
//
// An alert watches one country's prices (the site it was set on). Its scope is the size
// variant it was set on, or any item of that item's brand or store in that country:
//   price alert, brand or store scope: any size variant of the brand or store falls to or
//     below the alert price (in that country's currency);
//   sale alert, brand or store scope: any size variant of it newly goes on sale there, or its
//     discount grows;
//   back-in-stock alert (item scope only, no price): set on a size sold out in that country,
//     it fires once when a feed brings the size back there;
//   price alert at any store (item scope only, issue 28): the cheapest offer of the size, at
//     any store selling it (size_variants.canonical_id), falls to or below the alert price.
// Writes of one owner happen one at a time (the shopper's users row, or the guest address's
// row, is locked), so "the same alert twice changes nothing" and the per-owner bound hold
// against two requests at once; unique indexes hold the first rule even so.

type Page = { page: number; perPage: number };

/** The size variant an alert is set on, as sold in the alert's country. */
type Item = {
  size_variant_id: number;
  guid: string;
  product_id: number;
  title: string;
  image_url: string;
  brand_id: number | null;
  store_id: number;
  sale_price: number;
  /** Availability in the alert's country (1 in stock, 0 out of stock, 2 preorder, 3 backorder). */
  status: number;
};

type AlertRow = {
  id: number;
  kind: AlertKind;
  scope: AlertScope;
  alert_price: number | null;
  country_code: CountryCode;
  created_at: Date | string;
  last_fired_at: Date | string | null;
  guid: string;
  product_id: number;
  product_name: string;
  image: string;
  brand_id: number | null;
  brand_name: string | null;
  brand_slug: string | null;
  store_id: number | null;
  store_name: string | null;
  store_slug: string | null;
  any_store: boolean;
  sale_price: number | null;
  size: string | null;
};

/** What the api decided a request asks for, before it touches the owner's alerts. */
type NewAlert = {
  kind: AlertKind;
  scope: AlertScope;
  item: Item;
  guid: string;
  brandId: number | null;
  storeId: number | null;
  country: CountryCode;
  alertPrice: number | null;
  anyStore: boolean;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** size_variant_prices.status of a size sold out in that country (catalog/feed-values.ts). */
const OUT_OF_STOCK = AVAILABILITY_STATUS.out_of_stock;

/**
 * A confirmed address gets at most one e-mail for its new alerts in this long (as the
 * set-alerts limit counts them, an hour): the alerts set meanwhile wait for the same link.
 */
const NEW_ALERTS_MAIL_EVERY = '1 hour';

export type AlertServiceDeps = {
  db: Database;
  outbox: MailOutbox;
  links: AlertLinks;
  /** Public origin of the site, for the confirm link. */
  siteUrl: string;
};

export class AlertService {
  private readonly db: Database;
  private readonly outbox: MailOutbox;
  private readonly links: AlertLinks;
  private readonly siteUrl: string;

  constructor(deps: AlertServiceDeps) {
    this.db = deps.db;
    this.outbox = deps.outbox;
    this.links = deps.links;
    this.siteUrl = deps.siteUrl.replace(/\/+$/, '');
  }

  // ── setting alerts ──────────────────────────────────────────────────────────────────

  /**
   * Every rule of spec section 5 and the scope, in the order a person fixes them: the item
   * (404, also for an admin-only store's unless `admin`: product-visibility.ts), the scope (the
   * item's own brand or store), the price against the item's sale price in the alert's country.
   * An item named by its product's id is its cheapest size there that is not sold out there
   * when it has one, as its card shows it (safe-input.ts productRef; product-reader.ts offeredSizes).
   */
  private async decide(input: SetUserAlertInput, admin: boolean): Promise<NewAlert> {
    if (input.brandId !== null && input.storeId !== null) throw fieldError('brandId', ALERT_MESSAGES.scopeInvalid);
    const byGuid = 'guid' in input.id;
    const [item] = await this.db.query<Item>(
      `SELECT sv.id AS size_variant_id, sv.guid::text AS guid, v.product_id, p.title, v.image_url, p.brand_id, sv.store_id, pr.sale_price, pr.status
         FROM size_variants sv
         JOIN variants v ON v.id = sv.variant_id
         JOIN products p ON p.id = v.product_id
         JOIN stores s ON s.id = sv.store_id AND (NOT s.admin_only OR $3)
         -- Not sold in that country: neither priced there nor withdrawn from it (issue 27).
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
        WHERE ${byGuid ? 'sv.guid = $1::uuid' : 'v.product_id = $1'}
        ORDER BY pr.status = 0, pr.sale_price, sv.id LIMIT 1`,
      ['guid' in input.id ? input.id.guid : input.id.productId, input.country, admin],
    );
    if (!item) throw notFound(ALERT_MESSAGES.itemNotFound);
    if (input.brandId !== null && input.brandId !== item.brand_id) throw fieldError('brandId', ALERT_MESSAGES.scopeInvalid);
    if (input.storeId !== null && input.storeId !== item.store_id) throw fieldError('storeId', ALERT_MESSAGES.scopeInvalid);
    const kind: AlertKind = input.kind ?? (input.alertPrice === null ? 'sale' : 'price');
    let alertPrice: number | null = null;
    if (kind === 'stock') {
      // This size, no price: what comes back is the size, whatever it costs.
      if (input.brandId !== null) throw fieldError('brandId', ALERT_MESSAGES.stockItemOnly);
      if (input.storeId !== null) throw fieldError('storeId', ALERT_MESSAGES.stockItemOnly);
      if (input.alertPrice !== null) throw fieldError('alertPrice', ALERT_MESSAGES.stockItemOnly);
      if (item.status !== OUT_OF_STOCK) throw fieldError('id', ALERT_MESSAGES.stockInStock);
    } else if (kind === 'price') {
      const checked = alertPriceProblem(input.alertPrice ?? '', item.sale_price);
      if ('problem' in checked) throw fieldError('alertPrice', checked.problem);
      // Stored to the cent, as prices are.
      alertPrice = Math.round(checked.price * 100) / 100;
      if (alertPrice <= 0) throw fieldError('alertPrice', ALERT_MESSAGES.priceInvalid);
    } else if (input.alertPrice !== null) {
      // A sale alert with a price: the dialog sent two kinds at once.
      throw fieldError('alertPrice', ALERT_MESSAGES.priceInvalid);
    }
    // Every store's offers of one size share its price alone (issue 28; the table's check says the same).
    if (input.anyStore && (kind !== 'price' || input.brandId !== null || input.storeId !== null)) {
      throw fieldError('anyStore', ALERT_MESSAGES.anyStoreItemPriceOnly);
    }
    return {
      kind,
      scope: input.brandId !== null ? 'brand' : input.storeId !== null ? 'store' : 'item',
      item,
      guid: item.guid,
      brandId: input.brandId,
      storeId: input.storeId,
      country: input.country,
      alertPrice,
      anyStore: input.anyStore,
    };
  }

  /**
   * The owner's alert equal to `a` but for any_store (the unique key leaves it out), if any;
   * the owner's row is locked by the caller.
   */
  private async existing(tx: Queryable, owner: AlertOwner, a: NewAlert): Promise<{ id: number; pending: boolean; any_store: boolean } | undefined> {
    const column = owner.kind === 'user' ? 'user_id' : 'guest_id';
    const [row] = await tx.query<{ id: number; pending: boolean; any_store: boolean }>(
      `SELECT id, pending, any_store FROM alerts
        WHERE ${column} = $1 AND kind = $2 AND scope = $3 AND guid = $4::uuid AND country_code = $5
          AND alert_price IS NOT DISTINCT FROM $6::numeric`,
      [owner.id, a.kind, a.scope, a.guid, a.country, a.alertPrice],
    );
    return row;
  }

  /**
   * Inserts `a` for the owner, within the per-owner bound; the owner's row is locked by the
   * caller. A guest's alert starts pending, a shopper's active. It keeps the language of the
   * site it was set on, which its e-mails speak (issue 29).
   */
  private async insert(tx: Queryable, owner: AlertOwner, a: NewAlert, site: MailSite): Promise<number> {
    const column = owner.kind === 'user' ? 'user_id' : 'guest_id';
    const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM alerts WHERE ${column} = $1`, [owner.id]);
    if (count!.n >= ALERTS_MAX_PER_OWNER) throw badRequest(ALERT_MESSAGES.tooMany);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO alerts (${column}, kind, scope, size_variant_id, guid, product_id, product_name, image, brand_id, store_id, country_code, alert_price, pending, any_store, language)
       VALUES ($1, $2, $3, $4, $5::uuid, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        owner.id,
        a.kind,
        a.scope,
        a.item.size_variant_id,
        a.guid,
        a.item.product_id,
        a.item.title,
        resizeProductImage(a.item.image_url, '180'),
        a.brandId,
        a.storeId,
        a.country,
        a.alertPrice,
        owner.kind === 'guest',
        a.anyStore,
        site.language.segment,
      ],
    );
    return row!.id;
  }

  /** POST /set-user-alerts: active at once. `locale`: the caller's (x-locale), kept for its e-mails. */
  async setForUser({ userId, admin }: Asker, input: SetUserAlertInput, locale: string): Promise<AlertDecided> {
    const a = await this.decide(input, admin);
    const site = siteOn(a.country, locale);
    const owner: AlertOwner = { kind: 'user', id: userId };
    return this.db.transaction(async (tx) => {
      const rows = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      if (!rows.length) throw unauthorized();
      const already = await this.existing(tx, owner, a);
      if (already?.any_store === a.anyStore) return { alertId: already.id, added: false, status: 'active', message: ALERT_NOTICES.already };
      if (already !== undefined) {
        // The same alert with "at any store" ticked or not: the shopper changes their own alert.
        await tx.query('UPDATE alerts SET any_store = $2 WHERE id = $1', [already.id, a.anyStore]);
        return { alertId: already.id, added: false, status: 'active', message: ALERT_NOTICES.set };
      }
      return { alertId: await this.insert(tx, owner, a, site), added: true, status: 'active', message: ALERT_NOTICES.set };
    });
  }

  /**
   * POST /set-alerts: a guest's alert, pending until its address confirms it, whether or not
   * the address confirmed alerts before (issue 25: anyone can type anyone's address). A
   * confirm e-mail goes out in the same transaction when no link of the address is waiting:
   * an unconfirmed address gets one, ever; a confirmed one, one per NEW_ALERTS_MAIL_EVERY at
   * most, and its link starts every alert pending then, so the alerts set close together
   * share one e-mail. The owner, signed in, sets theirs with set-user-alerts: active at once.
   * The e-mail speaks the caller's language (`locale`, x-locale) and links to its page.
   */
  async setForGuest(input: SetGuestAlertInput, locale: string): Promise<AlertDecided> {
    const email = input.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw fieldError('email', ALERT_MESSAGES.email);
    const a = await this.decide(input, false);
    const site = siteOn(a.country, locale);
    const token = randomSecret();
    const { answer, sent } = await this.db.transaction(async (tx): Promise<{ answer: AlertDecided; sent: boolean }> => {
      // The upsert locks the address's row until commit: its alerts are written one at a time.
      const [guest] = await tx.query<{ id: number; confirmed: boolean; link_waiting: boolean }>(
        `INSERT INTO alert_guests AS g (email) VALUES ($1)
         ON CONFLICT (email) DO UPDATE SET email = g.email
         RETURNING id, confirmed_at IS NOT NULL AS confirmed,
                   confirm_token_hash IS NOT NULL AND (confirmed_at IS NULL OR confirm_sent_at > now() - $2::interval) AS link_waiting`,
        [email, NEW_ALERTS_MAIL_EVERY],
      );
      const owner: AlertOwner = { kind: 'guest', id: guest!.id };
      const already = await this.existing(tx, owner, a);
      // A guest's request never changes an alert already there (issue 25: anyone can type the address).
      if (already !== undefined) {
        return { answer: { alertId: already.id, added: false, status: already.pending ? 'pending' : 'active', message: ALERT_NOTICES.already }, sent: false };
      }
      const alertId = await this.insert(tx, owner, a, site);
      if (guest!.link_waiting) return { answer: { alertId, added: true, status: 'pending', message: ALERT_NOTICES.confirmPending }, sent: false };
      // A fresh link replaces one that waited longer: it starts all of the address's pending alerts.
      await tx.query('UPDATE alert_guests SET confirm_token_hash = $2, confirm_sent_at = now() WHERE id = $1', [guest!.id, hashSecret(token)]);
      const link = mailPageLink(this.siteUrl, site, confirmAlertsPath(token));
      const mail = guest!.confirmed ? newAlertsConfirmMail(mailTranslator(site), { link }) : alertConfirmMail(mailTranslator(site), { link });
      await this.outbox.enqueue(tx, { kind: 'alert-confirm', to: email, ...mail });
      return { answer: { alertId, added: true, status: 'pending', message: ALERT_NOTICES.confirmSent }, sent: true };
    });
    if (sent) this.outbox.kick();
    return answer;
  }

  /** PUT /confirm-alerts: the address's pending alerts are active from now on; the link works once. */
  async confirm(token: string): Promise<boolean> {
    if (!looksLikeSecret(token)) return false;
    const rows = await this.db.query(
      `WITH guest AS (
         UPDATE alert_guests SET confirmed_at = coalesce(confirmed_at, now()), confirm_token_hash = NULL
          WHERE confirm_token_hash = $1 RETURNING id
       ), started AS (
         UPDATE alerts SET pending = false WHERE pending AND guest_id IN (SELECT id FROM guest)
       )
       SELECT id FROM guest`,
      [hashSecret(token)],
    );
    return rows.length === 1;
  }

  /**
   * POST /alert-unsubscribe: stops (deletes) what the token names, its one alert or (alert 0,
   * the e-mail's footer and List-Unsubscribe link) every alert of its owner. A token is
   * single-purpose (issue 25): an item's link never stops more than its alert, so `all` with
   * it is a 400. Undefined for a token that is not ours. A valid token whose alert is gone
   * already answers as done: a mail client may send the one-click POST more than once.
   */
  async unsubscribe(token: string, all: boolean): Promise<Message | undefined> {
    const claim = await this.links.verify(token);
    if (!claim) return undefined;
    const column = claim.owner.kind === 'user' ? 'user_id' : 'guest_id';
    if (all && claim.alertId !== 0) throw fieldError('all', ALERT_MESSAGES.linkStopsOne);
    if (claim.alertId === 0) {
      await this.db.query(`DELETE FROM alerts WHERE ${column} = $1`, [claim.owner.id]);
      return ALERT_NOTICES.unsubscribedAll;
    }
    await this.db.query(`DELETE FROM alerts WHERE id = $1 AND ${column} = $2`, [claim.alertId, claim.owner.id]);
    return ALERT_NOTICES.unsubscribed;
  }

  // ── My Alerts ───────────────────────────────────────────────────────────────────────

  /**
   * GET /alerts/{country}: the shopper's alerts on that country's site, newest first, each
   * with today's sale price of its size variant there and the listing's card priced there
   * (null when the product is not sold there any more: the alert stays, shown from what was
   * kept when it was set). An admin-only store's items are an admin's alone (product-visibility.ts).
   */
  async list({ userId, admin }: Asker, country: CountryCode, { page, perPage }: Page): Promise<AlertsPage> {
    const shown = shownTo('a.product_id', '$3');
    const [count] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alerts a WHERE a.user_id = $1 AND a.country_code = $2 AND ${shown}`,
      [userId, country, admin],
    );
    const rows = await this.db.query<AlertRow>(
      `SELECT a.id, a.kind, a.scope, a.alert_price, a.country_code, a.created_at, a.last_fired_at, a.guid::text AS guid,
              a.product_id, a.product_name, a.image,
              a.brand_id, b.name AS brand_name, b.slug AS brand_slug,
              a.store_id, s.name AS store_name, s.slug AS store_slug,
              a.any_store, pr.sale_price, sv.size
         FROM alerts a
         LEFT JOIN brands b ON b.id = a.brand_id
         LEFT JOIN stores s ON s.id = a.store_id
         LEFT JOIN size_variants sv ON sv.id = a.size_variant_id
         LEFT JOIN size_variant_prices pr ON pr.size_variant_id = a.size_variant_id AND pr.country_code = a.country_code AND pr.withdrawn_at IS NULL
        WHERE a.user_id = $1 AND a.country_code = $2 AND ${shown}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $4 OFFSET $5`,
      [userId, country, admin, perPage, (page - 1) * perPage],
    );
    const cards = new Map((await readProductCards(this.db, [...new Set(rows.map((r) => r.product_id))], country)).map((c) => [c.id, c]));
    const alerts = rows.map(
      (r): Alert => ({
        alertId: r.id,
        kind: r.kind,
        scope: r.scope,
        status: 'active',
        alertPrice: r.alert_price,
        country: r.country_code,
        currencySymbol: COUNTRIES[r.country_code].info.symbol,
        createdAt: iso(r.created_at),
        lastFiredAt: r.last_fired_at === null ? null : iso(r.last_fired_at),
        guid: r.guid,
        productName: r.product_name,
        image: r.image,
        brand: r.scope === 'brand' && r.brand_id !== null ? { id: r.brand_id, name: r.brand_name ?? '', slug: r.brand_slug ?? '' } : null,
        store: r.scope === 'store' && r.store_id !== null ? { id: r.store_id, name: r.store_name ?? '', slug: r.store_slug ?? '' } : null,
        anyStore: r.any_store,
        salePrice: r.sale_price,
        size: r.size || null,
        product: cards.get(r.product_id) ?? null,
      }),
    );
    return { alerts, totalCount: count!.n, page, perPage };
  }

  /** DELETE /alerts/{alertId}: another shopper's alert is an unknown one (404). */
  async remove(userId: number, alertId: number): Promise<void> {
    const rows = await this.db.query('DELETE FROM alerts WHERE id = $1 AND user_id = $2 RETURNING id', [alertId, userId]);
    if (!rows.length) throw notFound(ALERT_MESSAGES.alertNotFound);
  }


}
