import { useEffect, useRef } from 'react';
import { data, redirect, useActionData, useLoaderData, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { Alert, Notification } from '../../shared/api/alert-schemas';
import { ApiError } from '../../shared/api/api-client';
import { COUNTRIES, countryPrefix, parseCountryCode } from '../../shared/countries';
import { CacheNone } from '../../shared/http/cache-policy';
import { formatPrice } from '../../shared/price';
import type { Translate } from '../../shared/i18n/translator';
import { ALERTS_PER_PAGE, ALERT_NOTICES } from '../../shared/validation/alert-rules';
import { message, say, type Wording } from '../../shared/validation/message';
import { apiContext, siteContext } from '../app/contexts';
import { useT } from '../app/i18n';
import { useSession } from '../app/session';
import { sessionContext } from '../app/session-context';
import { accountPath } from '../app/viewer';
import { ALERT_API, ALERT_SECTIONS, ALERT_TITLES, formField, readForm, scopeLabel } from '../components/alerts/alert-rules';
import { ProductCard } from '../components/listing/ProductCard';
import { PageMeta } from '../components/meta/PageMeta';
import { Pager, lastPageOf } from '../components/ui/Pager';
import type { UserRouteData } from './user.route';

// My Alerts, /user/{userName}/alerts (spec sections 2 "Product card", "Global shell"): the
// notifications first (each fired alert: picture, old → new price, the product's link), then
// the shopper's alerts of this country site as cards in alerts mode, each with its alert price
// beside today's price, its kind and scope in words, pending ones marked, and Delete (a plain
// form post to this route's action: no JavaScript needed).
//
// Opening the page marks the notifications read, in the loader, so it happens without
// JavaScript too: after reading them it marks read up to the newest (a personal write through
// the page's api client, which drops the session cache), and says how many are left unread
// (`unread`). The shell read the bell's count at the same time (the root loader), so with
// JavaScript the page reads the session's viewer again when the two differ; the next page's
// header reads it afresh (the write dropped the session cache, and a count read while the
// write was under way is not kept: server-api-client.ts).

const noStore = { 'Cache-Control': CacheNone.header };

function pageParam(url: URL): number {
  const value = url.searchParams.get('page');
  return value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!context.get(sessionContext).signedIn()) throw redirect('/');
  const site = context.get(siteContext);
  const page = pageParam(new URL(request.url));
  const api = context.get(apiContext);
  try {
    const [alerts, notes] = await Promise.all([
      api.get(ALERT_API.alerts(site.country), 'AlertsPage', { page, perPage: ALERTS_PER_PAGE }),
      api.get(ALERT_API.notifications, 'Notifications', { page: 1, perPage: ALERTS_PER_PAGE }),
    ]);
    const newest = notes.notifications[0];
    // Newest first: marking up to the first marks every one the shopper has (older pages too).
    const unread = notes.unread > 0 && newest ? (await api.send('PUT', ALERT_API.notificationsRead, { upTo: newest.id }, 'NotificationCount')).count : notes.unread;
    return data({ alerts, notifications: notes.notifications, unread }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    throw error;
  }
}

type ActionData = { notice: Wording } | { error: Wording };

export async function action({ context, request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const alertId = formField(form, 'alertId');
  if (formField(form, 'intent') !== 'delete' || !/^\d{1,9}$/.test(alertId)) {
    return data<ActionData>({ error: message('alerts.list.chooseToDelete') }, { status: 400, headers: noStore });
  }
  try {
    await context.get(apiContext).send('DELETE', ALERT_API.deleteAlert(Number(alertId)), undefined, 'AlertDeleted');
    return data<ActionData>({ notice: ALERT_NOTICES.deleted }, { headers: noStore });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect('/');
    if (error instanceof ApiError && error.status < 500) return data<ActionData>({ error: error.message }, { status: error.status, headers: noStore });
    throw error;
  }
}

/** A price in the alert's own country's money (spec section 5 "Price display"). */
function priceIn(country: string, amount: number, symbol: string): string {
  const code = parseCountryCode(country);
  return code ? formatPrice(amount, COUNTRIES[code]) : `${symbol}${amount}`;
}

/**
 * "Price Alert · This item", "Price Alert · This item at any store" (issue 28), "Sale Alert · Any item of Zara", "Back in Stock Alert · Size M":
 * the kind and scope in words (spec section 4; issue 27 for back in stock, which watches one size).
 */
function alertWords(t: Translate, alert: Alert): string {
  const kind = t(ALERT_TITLES[alert.kind]);
  if (alert.kind === 'stock') return t('alerts.list.words', { kind, scope: alert.size ? t('alerts.list.stockSize', { size: alert.size }) : t('alerts.scope.item') });
  const scope = scopeLabel(t, alert.scope, alert.brand?.name ?? null, alert.store?.name ?? null);
  return t('alerts.list.words', { kind, scope: alert.anyStore ? t('alerts.scope.anyStore', { scope }) : scope });
}

/**
 * "Alert at £40 · now £45": the alert's figure beside today's price of the alerted size
 * variant. A back-in-stock alert fires once: done once it has, else still waiting.
 */
function alertPrices(t: Translate, alert: Alert): string {
  if (alert.kind === 'stock') return t(alert.lastFiredAt ? 'alerts.list.stockTold' : 'alerts.list.stockWaiting');
  const money = (n: number) => priceIn(alert.country, n, alert.currencySymbol);
  const now = alert.salePrice === null ? t('alerts.list.notSold') : t('alerts.list.now', { price: money(alert.salePrice) });
  return alert.alertPrice === null ? t('alerts.list.today', { now }) : t('alerts.list.alertAt', { price: money(alert.alertPrice), now });
}

function NotificationItem({ note }: { note: Notification }) {
  const t = useT();
  const money = (n: number) => priceIn(note.country, n, note.currencySymbol);
  const code = parseCountryCode(note.country);
  const href = note.path && code ? `${countryPrefix(code)}/${note.path}` : undefined;
  return (
    <li className={`alert-notification${note.read ? '' : ' is-new'}`}>
      <img src={note.image} alt="" width={80} height={80} loading="lazy" decoding="async" />
      <div>
        <p className="alert-notification-name">{href ? <a href={href}>{note.productName}</a> : note.productName}</p>
        <p className="alert-notification-price">
          {note.kind === 'stock' && `${t('alerts.list.backInStock')} · `}
          {note.oldPrice !== null && (
            <>
              <s>{money(note.oldPrice)}</s> →{' '}
            </>
          )}
          <strong>{money(note.newPrice)}</strong>
          {!note.read && <span className="alert-new"> {t('alerts.list.new')}</span>}
        </p>
      </div>
    </li>
  );
}

export function Component() {
  const { alerts, notifications, unread } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const { user } = useRouteLoaderData('user') as UserRouteData;
  const session = useSession();
  const t = useT();
  const here = accountPath(user.userName, 'alerts');
  const lastPage = lastPageOf(alerts);
  const title = t(ALERT_SECTIONS.alerts.title);

  // The shell's viewer was read before the loader marked the notifications: read it again, so
  // the bell stays right once the shopper moves on.
  // Once per answer of the loader: a notification fired since would otherwise ask again and again.
  const stale = session.viewer !== null && session.viewer.notificationCount !== unread;
  const seen = useRef<unknown>(null);
  useEffect(() => {
    if (seen.current === notifications) return;
    seen.current = notifications;
    if (stale) void session.refresh();
  }, [notifications, stale, session]);

  return (
    <section className="account-section user-alerts" data-section="alerts">
      <PageMeta title={title} description={title} noindex />
      <h1>{title}</h1>
      {answer && 'notice' in answer && (
        <p className="form-success" role="status">
          {say(t, answer.notice)}
        </p>
      )}
      {answer && 'error' in answer && (
        <p className="form-error" role="alert">
          {say(t, answer.error)}
        </p>
      )}
      {notifications.length > 0 && (
        <section className="alert-notifications" aria-labelledby="alert-notifications-title">
          <h2 id="alert-notifications-title">{t('alerts.list.notifications')}</h2>
          <ul>
            {notifications.map((note) => (
              <NotificationItem key={note.id} note={note} />
            ))}
          </ul>
        </section>
      )}
      <h2>{t('alerts.list.yours')}</h2>
      {alerts.alerts.length === 0 ? (
        <p className="alerts-empty">{t(ALERT_SECTIONS.alerts.empty)}</p>
      ) : (
        <ul className="product-grid alert-grid">
          {alerts.alerts.map((alert) => (
            <li key={alert.alertId} className="alert-item" data-alert-id={alert.alertId}>
              {alert.product ? (
                <ProductCard p={alert.product} pageType="alerts" />
              ) : (
                <article className="product-card alert-gone" aria-label={alert.productName}>
                  <img src={alert.image} alt="" width={180} height={180} loading="lazy" />
                  <h3 className="product-card-title">{alert.productName}</h3>
                </article>
              )}
              <p className="alert-words">{alertWords(t, alert)}</p>
              <p className="alert-prices">{alertPrices(t, alert)}</p>
              {alert.status === 'pending' && <p className="alert-pending">{t('alerts.list.pending')}</p>}
              <form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="alertId" value={alert.alertId} />
                <button type="submit" className="button button-secondary" aria-label={t('alerts.list.deleteLabel', { product: alert.productName })}>
                  {t('alerts.list.delete')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <Pager className="alert-pages" page={alerts.page} lastPage={lastPage} href={(page) => `${here}?page=${page}`} />
    </section>
  );
}

