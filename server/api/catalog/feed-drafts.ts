import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import type { Department } from '../../../shared/constants';
import { placeItem } from './category-match';
import type { FeedWarning } from './feed-identifiers';
import { validateFeedRecord, type FeedItem } from './feed-item';
import type { FeedReadResult } from './feed-record';
import { AVAILABILITY_STATUS, discountPercent, hasFreeDelivery, shippingPriceTo } from './feed-values';
import { sizeVariantGuid, sizeVariantSlug } from './identifiers';

// The validate stage of a feed import (importer.ts): every record a feed reader returned is
// checked and placed in the catalogue's shape, products (item_group_id), variants (colour)
// and size variants (one per item), before anything is written. A rejected item never stops
// the others.

export type RejectedRow = { line: number; reason: string };

export type SizeDraft = {
  item: FeedItem;
  guid: string;
  slug: string;
  status: number;
  msrp: number;
  sale: number;
  offers: number;
  /** How far the price fell this week (honest-offers.ts); 0 for a first sighting. */
  dropped: number;
  freeDelivery: boolean;
  /** The feed's shipping price to its country, in minor units; null when it gives none (issue 28). */
  shippingPrice: number | null;
};
export type VariantDraft = { colourName: string; first: FeedItem; position: number; sizes: SizeDraft[] };
export type ProductDraft = {
  groupKey: string;
  first: FeedItem;
  department: Department;
  categorySlug: string;
  variants: Map<string, VariantDraft>;
};

export type FeedDrafts = {
  /** By group key, in the feed's order. */
  products: Map<string, ProductDraft>;
  /** The reader's malformed rows and the items refused here, by line. */
  rejected: RejectedRow[];
  /** Identifiers left out of items that loaded (feed-identifiers.ts), by line. */
  warnings: FeedWarning[];
};

/** The feed's items for one store and country's site, validated and placed. */
export function draftFeed(read: FeedReadResult, storeSlug: string, country: CountryCode): FeedDrafts {
  const currency = COUNTRIES[country].info.currencyCode;
  const rejected: RejectedRow[] = [...read.malformed];
  const warnings: FeedWarning[] = [];
  const products = new Map<string, ProductDraft>();
  const firstLineOfId = new Map<string, number>();
  for (const record of read.records) {
    const validation = validateFeedRecord(record);
    if (!validation.ok) {
      rejected.push({ line: validation.line, reason: validation.reason });
      continue;
    }
    const item = validation.item;
    const reject = (reason: string) => rejected.push({ line: item.line, reason: `item ${item.id}: ${reason}` });
    const seenOn = firstLineOfId.get(item.id);
    if (seenOn !== undefined) {
      reject(`id repeats the item on line ${seenOn}`);
      continue;
    }
    firstLineOfId.set(item.id, item.line);
    if (item.price.currency !== currency) {
      reject(`price is in ${item.price.currency} but this feed is for ${COUNTRIES[country].name}, priced in ${currency}`);
      continue;
    }
    const groupKey = item.itemGroupId ?? item.id;
    let product = products.get(groupKey);
    if (!product) {
      const placement = placeItem(item);
      if ('error' in placement) {
        reject(placement.error);
        continue;
      }
      product = {
        groupKey,
        first: item,
        department: placement.department,
        categorySlug: placement.category.slug,
        variants: new Map(),
      };
      products.set(groupKey, product);
    }
    variantOf(product, item).sizes.push(sizeDraft(item, storeSlug, country, currency));
    warnings.push(...validation.warnings);
  }
  rejected.sort((a, b) => a.line - b.line);
  return { products, rejected, warnings };
}

function variantOf(product: ProductDraft, item: FeedItem): VariantDraft {
  const colourName = item.color ?? '';
  let variant = product.variants.get(colourName);
  if (!variant) {
    variant = { colourName, first: item, position: product.variants.size, sizes: [] };
    product.variants.set(colourName, variant);
  }
  return variant;
}

function sizeDraft(item: FeedItem, storeSlug: string, country: CountryCode, currency: string): SizeDraft {
  const guid = sizeVariantGuid(storeSlug, item.id);
  const msrp = item.price.minor;
  const sale = item.salePrice?.minor ?? msrp;
  return {
    item,
    guid,
    slug: sizeVariantSlug(item.title, item.color, item.size, guid),
    status: AVAILABILITY_STATUS[item.availability],
    msrp,
    sale,
    offers: discountPercent(msrp, sale),
    dropped: 0,
    freeDelivery: hasFreeDelivery(item.shipping, country),
    shippingPrice: shippingPriceTo(item.shipping, country, currency),
  };
}
