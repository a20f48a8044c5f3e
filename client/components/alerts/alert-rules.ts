import { data } from 'react-router';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import type { ProductDetail } from '../../../shared/api/product-schemas';
import { CacheNone } from '../../../shared/http/cache-policy';
import { ALERT_API } from '../../../shared/api/alert-paths';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { Translate } from '../../../shared/i18n/translator';
import { ALERT_MESSAGES, alertPriceProblem, isValidEmail, type AlertKind, type AlertScope } from '../../../shared/validation/alert-rules';
import type { Message } from '../../../shared/validation/message';
import { PRODUCT_API } from '../../../shared/api/product-paths';

// The Sale Alert / Price Alert form's decisions (spec sections 4 "Alert dialog", 5 "Alert
// email", "Alert price"), apart from the markup: the dialog (with JavaScript) and the add-alert
// page (without) read the same rules, and the api checks them again. Words come in the page's
// language (issue 29): the functions that say something take its translator.

export { ALERT_API };

/** What a card asks for: the kind, and the size variant it shows (the brand, store and prices come with the product's detail). */
export type AlertTarget = { kind: AlertKind; guid: string };

/** What the form needs of the product: its name, its size variant's sale price, size and availability, and its brand's and store's ids. */
export type AlertProduct = {
  name: string;
  salePrice: number;
  /** The size variant's size ('' for none) and its availability on this country's site (0: sold out). */
  size?: string | undefined;
  status?: number | undefined;
  brand: { id: number; name: string } | null;
  store: { id: number; name: string };
};

/** The product by its size variant (a shared call: the same answer for everyone). */
export const productByGuidPath = (guid: string) => PRODUCT_API.detailByGuid(guid);

/** The size variant `guid` of a product's detail, as the alert form reads it; undefined when the answer does not hold it. */
export function alertProductOf(detail: ProductDetail, guid: string): AlertProduct | undefined {
  const { product } = detail;
  const variant = product.variants.find((v) => v.size_variants.some((s) => s.guid === guid));
  const size = variant?.size_variants.find((s) => s.guid === guid);
  if (!variant || !size) return undefined;
  return {
    name: variant.title,
    salePrice: size.saleprice,
    size: size.size,
    status: size.status,
    brand: product.brand_id !== null && product.brand ? { id: product.brand_id, name: product.brand } : null,
    store: { id: product.store_id, name: product.storename },
  };
}

/** My Alerts and My Sales: their titles and what they say when empty. */
export const ALERT_SECTIONS: Readonly<Record<'alerts' | 'sales', { title: MessageId; empty: MessageId }>> = {
  alerts: { title: 'alerts.alerts.title', empty: 'alerts.alerts.empty' },
  sales: { title: 'alerts.sales.title', empty: 'alerts.sales.empty' },
};

/** A posted form; a body that is no form (a client's mistake, not ours) is a 400. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400, headers: { 'Cache-Control': CacheNone.header } });
  }
}

/** A text field of a posted form ('' when missing or a file). */
export function formField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export const ALERT_TITLES: Readonly<Record<AlertKind, MessageId>> = { sale: 'alerts.kind.sale', price: 'alerts.kind.price', stock: 'alerts.kind.stock' };

/** The back-in-stock form's one line: what it will do (it watches this size only, once). */
export function backInStockPromise(t: Translate, size: string | undefined): string {
  return size ? t('alerts.stock.promiseSize', { size }) : t('alerts.stock.promiseItem');
}

/** The scope choice as the form says it (spec section 4: item, brand, store); a store not known is "its store". */
export function scopeLabel(t: Translate, scope: AlertScope, brand: string | null, store: string | null): string {
  if (scope === 'brand') return brand ? t('alerts.scope.brand', { brand }) : t('alerts.scope.thisBrand');
  if (scope === 'store') return store ? t('alerts.scope.store', { store }) : t('alerts.scope.itsStore');
  return t('alerts.scope.item');
}

/**
 * The price alert's "at any store" box (issue 28): offered on this item's scope when more than
 * one store sells the size (the price history's lines say how many); its words, or undefined.
 */
export function anyStoreChoice(t: Translate, kind: AlertKind, scope: AlertScope | '', history: Pick<PriceHistory, 'stores'> | null): string | undefined {
  const stores = history?.stores.length ?? 0;
  return kind === 'price' && scope === 'item' && stores > 1 ? t('alerts.anyStore.choice', { count: stores }) : undefined;
}

/** The scopes a product offers: its brand only when it has one (a back-in-stock alert has none to choose: this item). */
export function scopesFor(brand: string | null): readonly AlertScope[] {
  return brand ? ['item', 'brand', 'store'] : ['item', 'store'];
}

export type AlertFormInput = {
  kind: AlertKind;
  scope: AlertScope | '';
  price: string;
  /** A guest's address; undefined for a signed-in shopper (the api knows who they are). */
  email: string | undefined;
  /** Undefined while the product's sale price is not known yet. */
  salePrice: number | undefined;
};

export type AlertFormState = {
  /** Spec section 4 as decided (docs/decisions/0061-alert-dialog-price-waits-for-any-scope.md): the price waits for a scope, any of the three. */
  priceEnabled: boolean;
  priceProblem: Message | undefined;
  emailProblem: Message | undefined;
  canSubmit: boolean;
};

/** The messages and whether Alert Me may be pressed (spec section 5: disabled while invalid, and while no scope is chosen). */
export function alertFormState({ kind, scope, price, email, salePrice }: AlertFormInput): AlertFormState {
  const priceEnabled = kind === 'price' && scope !== '';
  const priceProblem = kind === 'price' && salePrice !== undefined ? problemOf(alertPriceProblem(price, salePrice)) : undefined;
  const emailProblem = email === undefined ? undefined : isValidEmail(email) ? undefined : ALERT_MESSAGES.email;
  const canSubmit = scope !== '' && salePrice !== undefined && priceProblem === undefined && emailProblem === undefined;
  return { priceEnabled, priceProblem, emailProblem, canSubmit };
}

/**
 * The alert price the dialog suggests from the item's history: its 90-day low (or, with less
 * history, its 30-day low) when it is below today's price and the form would take it (spec
 * section 5 compares whole numbers, so 104.99 passes against 104.99: a suggestion must be lower
 * than today's price itself). Undefined when there is nothing to suggest.
 */
export function suggestedAlertPrice(history: Pick<PriceHistory, 'lowest30' | 'lowest90'>, salePrice: number): { price: number; label: MessageId } | undefined {
  const options: ({ price: number; label: MessageId } | null | undefined)[] = [
    history.lowest90 && { price: history.lowest90.price, label: 'alerts.suggestion.lowest90' },
    history.lowest30 && { price: history.lowest30.price, label: 'alerts.suggestion.lowest30' },
  ];
  return options.find((o): o is { price: number; label: MessageId } => !!o && o.price < salePrice && 'price' in alertPriceProblem(String(o.price), salePrice));
}

function problemOf(checked: { price: number } | { problem: Message }): Message | undefined {
  return 'problem' in checked ? checked.problem : undefined;
}

export function isAlertScope(value: string): value is AlertScope {
  return value === 'item' || value === 'brand' || value === 'store';
}

export function isAlertKind(value: string | null): value is AlertKind {
  return value === 'sale' || value === 'price' || value === 'stock';
}

/** The body of spec section 3 "Sale alert" (with the e-mail for a guest), for the api's set-alerts or set-user-alerts. */
export function alertRequest(input: {
  kind: AlertKind;
  scope: AlertScope;
  price: string;
  email: string | undefined;
  guid: string;
  product: AlertProduct;
  country: string;
  /** The "at any store" box, ticked where anyStoreChoice offered it. */
  anyStore?: boolean | undefined;
}): {
  path: string;
  body: Record<string, unknown>;
} {
  const { kind, scope, price, email, guid, product, country } = input;
  const body = {
    id: guid,
    alertPrice: kind === 'price' ? Number(price) : null,
    brandId: scope === 'brand' ? (product.brand?.id ?? null) : null,
    storeId: scope === 'store' ? product.store.id : null,
    country: country.toLowerCase(),
    // Sale and price are told apart by the price; back in stock must be said.
    ...(kind === 'stock' ? { kind } : {}),
    ...(input.anyStore ? { anyStore: true } : {}),
  };
  return email === undefined ? { path: ALERT_API.setUser, body } : { path: ALERT_API.setGuest, body: { ...body, email } };
}
