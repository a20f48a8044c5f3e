import type { ProductDetail } from '../../../shared/api/product-schemas';
import { ALERT_API } from '../../../shared/api/alert-paths';
import { ALERT_MESSAGES, alertPriceProblem, isValidEmail, type AlertKind, type AlertScope } from '../../../shared/validation/alert-rules';

// The Sale Alert / Price Alert form's decisions (spec sections 4 "Alert dialog", 5 "Alert
// email", "Alert price"), apart from the markup: the dialog (with JavaScript) and the add-alert
// page (without) read the same rules, and the api checks them again.

export { ALERT_API };

/** The product a card asks about (the card's own words; the ids come with the product's detail). */
export type AlertTarget = {
  kind: AlertKind;
  /** The size variant the card shows. */
  guid: string;
  productName: string;
  brand: string | null;
  store: string;
};

/** What the form needs of the product: its size variant's sale price and its brand's and store's ids. */
export type AlertProduct = {
  salePrice: number;
  brand: { id: number; name: string } | null;
  store: { id: number; name: string };
};

/** The product by its size variant (a shared call: the same answer for everyone). */
export const productByGuidPath = (guid: string) => `/api/products/detail/guid/${encodeURIComponent(guid)}`;

/** The size variant `guid` of a product's detail, as the alert form reads it; undefined when the answer does not hold it. */
export function alertProductOf(detail: ProductDetail, guid: string): AlertProduct | undefined {
  const { product } = detail;
  const size = product.variants.flatMap((variant) => variant.size_variants).find((s) => s.guid === guid);
  if (!size) return undefined;
  return {
    salePrice: size.saleprice,
    brand: product.brand_id !== null && product.brand ? { id: product.brand_id, name: product.brand } : null,
    store: { id: product.store_id, name: product.storename },
  };
}

export const ALERT_TITLES: Readonly<Record<AlertKind, string>> = { sale: 'Sale Alert', price: 'Price Alert' };

/** The scope choice as the form says it (spec section 4: item, brand, store). */
export function scopeLabel(scope: AlertScope, brand: string | null, store: string): string {
  if (scope === 'brand') return `Any item of ${brand ?? 'this brand'}`;
  if (scope === 'store') return `Any item of ${store}`;
  return 'This item';
}

/** The scopes a product offers: its brand only when it has one. */
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
  /** Spec section 4 as decided (ARCHITECTURE.md decision log): the price waits for a scope, any of the three. */
  priceEnabled: boolean;
  priceProblem: string | undefined;
  emailProblem: string | undefined;
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

function problemOf(checked: { price: number } | { problem: string }): string | undefined {
  return 'problem' in checked ? checked.problem : undefined;
}

export function isAlertScope(value: string): value is AlertScope {
  return value === 'item' || value === 'brand' || value === 'store';
}

export function isAlertKind(value: string | null): value is AlertKind {
  return value === 'sale' || value === 'price';
}

/** The body of spec section 3 "Sale alert" (with the e-mail for a guest), for the api's set-alerts or set-user-alerts. */
export function alertRequest(input: { kind: AlertKind; scope: AlertScope; price: string; email: string | undefined; guid: string; product: AlertProduct; country: string }): {
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
  };
  return email === undefined ? { path: ALERT_API.setUser, body } : { path: ALERT_API.setGuest, body: { ...body, email } };
}
