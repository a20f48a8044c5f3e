import type { z } from 'zod';
import type { Product, ProductCard, SizeVariant, Variant } from '../../../shared/api/product-schemas';
import type { CardSizeVariantSchema } from '../../../shared/api/product-schemas';
import type { Department } from '../../../shared/constants';
import { isCountryCode, type CountryCode } from '../../../shared/countries';
import { hasFreeDelivery, thresholdsOnSite, type FreeDeliveryThresholds } from '../../../shared/free-delivery';
import { resizeProductImage } from '../../../shared/images';
import { categoryBySlug } from '../catalog/category-tree';
import { AVAILABILITY_STATUS } from '../catalog/feed-values';
import type { Queryable } from '../db/database';
import { cheapestTotal } from '../search-engine/card-total';

// Products as the api sends them (spec section 3 "Product", "Variant", "Size variant"), read
// from the catalogue for one country: only size variants priced there and not withdrawn there
// (size_variant_prices.withdrawn_at, issue 27) are listed, and a product without one is not
// there at all. A size variant's status is its availability in that country
// (size_variant_prices.status, not size_variants.status, which the last feed of any country
// wrote). Two shapes: the card (listing pages, the fewest fields) and the full product
// (landing page).

type ProductRow = {
  id: number;
  title: string;
  description: string;
  department: Department;
  category_slug: string;
  affiliate_id: number;
  brand: string | null;
  brand_id: number | null;
  brand_slug: string | null;
  storename: string;
  store_id: number;
  store_slug: string;
  store_country: string;
  free_delivery_gb: number | null;
  free_delivery_us: number | null;
  free_delivery_international: number | null;
};

type SizeRow = {
  product_id: number;
  variant_id: number;
  variant_title: string;
  variant_description: string;
  colour: string | null;
  colour_name: string;
  image_url: string;
  additional_image_urls: string[];
  guid: string;
  url: string;
  slug: string;
  size: string;
  status: number;
  msrp: number;
  sale_price: number;
  offers: number;
  coupon_code: string | null;
  coupon_description: string | null;
};

type CardSizeVariant = z.infer<typeof CardSizeVariantSchema>;

async function readProducts(db: Queryable, ids: readonly number[]): Promise<Map<number, ProductRow>> {
  const rows = await db.query<ProductRow>(
    `SELECT p.id, p.title, p.description, p.department, c.slug AS category_slug,
            s.affiliate_id, b.name AS brand, b.id AS brand_id, b.slug AS brand_slug,
            s.name AS storename, s.id AS store_id, s.slug AS store_slug, s.country_code AS store_country,
            s.free_delivery_gb, s.free_delivery_us, s.free_delivery_international
       FROM products p
       JOIN stores s ON s.id = p.store_id
       JOIN categories c ON c.id = p.category_id
       LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

async function readSizes(db: Queryable, ids: readonly number[], country: CountryCode): Promise<SizeRow[]> {
  return db.query<SizeRow>(
    `SELECT v.product_id, v.id AS variant_id, v.title AS variant_title, v.description AS variant_description,
            v.colour, v.colour_name, v.image_url, v.additional_image_urls,
            sv.guid::text AS guid, sv.url, sv.slug, sv.size, pr.status,
            pr.msrp, pr.sale_price, pr.offers,
            cp.code AS coupon_code, cp.description AS coupon_description
       FROM variants v
       JOIN size_variants sv ON sv.variant_id = v.id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
       LEFT JOIN coupons cp ON cp.id = sv.coupon_id
      WHERE v.product_id = ANY($1::int[])
      ORDER BY v.product_id, v.position, v.id, sv.id`,
    [ids, country],
  );
}

const NO_THRESHOLDS: FreeDeliveryThresholds = { GB: null, US: null, INTERNATIONAL: null };

/** The store's thresholds as they hold on this site (shared/free-delivery.ts decides); the offers and the history read them too. */
export function siteThresholds(
  p: Pick<ProductRow, 'store_country' | 'free_delivery_gb' | 'free_delivery_us' | 'free_delivery_international'>,
  country: CountryCode,
): FreeDeliveryThresholds {
  const stated = { GB: p.free_delivery_gb, US: p.free_delivery_us, INTERNATIONAL: p.free_delivery_international };
  return isCountryCode(p.store_country) ? thresholdsOnSite(stated, p.store_country, country) : NO_THRESHOLDS;
}

/**
 * The sizes a card's price and discount are read from: those a shopper can buy in the country
 * when there are any, else all (a sold-out card, spec section 2: 'Browse {store}'). The search
 * documents price a product by the same rule (documents.ts, OFFERED), so a card
 * shows the price the listing sorted and filtered it by.
 */
export function offeredSizes<T extends { status: number }>(sizes: readonly T[]): readonly T[] {
  // In stock, preorder or backorder: a shopper can buy it.
  const open = sizes.filter((s) => s.status !== AVAILABILITY_STATUS.out_of_stock);
  return open.length ? open : sizes;
}

/** The cheapest of the sizes offered (offeredSizes), the first of equals. */
function cheapestOffered(sizes: readonly SizeRow[]): SizeRow {
  return offeredSizes(sizes).reduce((a, b) => (b.sale_price < a.sale_price ? b : a));
}

function core(p: ProductRow, sizes: readonly SizeRow[], thresholds: FreeDeliveryThresholds) {
  const own = categoryBySlug(p.category_slug);
  let top = own;
  while (top?.parentSlug) top = categoryBySlug(top.parentSlug);
  // The product's price is its lowest here among the sizes on offer, with that size variant's list price.
  const offered = offeredSizes(sizes);
  const cheapest = cheapestOffered(sizes);
  let maxOffers = 0;
  for (const s of offered) if (s.offers > maxOffers) maxOffers = s.offers;
  return {
    id: p.id,
    affiliate_id: p.affiliate_id,
    brand: p.brand,
    brand_id: p.brand_id,
    brand_slug: p.brand_slug,
    storename: p.storename,
    store_id: p.store_id,
    store_slug: p.store_slug,
    category_slug: top?.slug ?? p.category_slug,
    subcategory_slug: p.category_slug,
    department: p.department,
    saleprice: cheapest.sale_price,
    msrp: cheapest.msrp,
    sales: maxOffers > 0 ? [{ sale_title: `${maxOffers}% Off` }] : [],
    variant_index: 0,
    ...thresholds,
  };
}

function groupByVariant(sizes: readonly SizeRow[]): SizeRow[][] {
  const groups: SizeRow[][] = [];
  for (const s of sizes) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.variant_id === s.variant_id) last.push(s);
    else groups.push([s]);
  }
  return groups;
}

function cardSize(s: SizeRow, thresholds: FreeDeliveryThresholds, country: CountryCode): CardSizeVariant {
  return {
    guid: s.guid,
    slug: s.slug,
    msrp: s.msrp,
    saleprice: s.sale_price,
    status: s.status,
    offers: s.offers,
    free_delivery: hasFreeDelivery(thresholds, s.sale_price, country),
  };
}

function bySaleProductId(sizes: readonly SizeRow[]): Map<number, SizeRow[]> {
  const map = new Map<number, SizeRow[]>();
  for (const s of sizes) {
    const list = map.get(s.product_id);
    if (list) list.push(s);
    else map.set(s.product_id, [s]);
  }
  return map;
}

type OfferRow = {
  card_id: number;
  product_id: number;
  store_id: number;
  sale_price: number;
  shipping_price: number | null;
  status: number;
  store_country: string;
  free_delivery_gb: number | null;
  free_delivery_us: number | null;
  free_delivery_international: number | null;
  store_delivery: number | null;
};

/**
 * Issue 28: what each card says of its product's offers in the country, over every store's copy
 * sharing its products.canonical_id: how many stores have a size in stock there (not
 * withdrawn), and the cheapest total among them (card-total.ts, the rule the index picked the
 * card by). Admin-only stores count for admins only (spec section 6), as in the listings.
 */
async function readCardOffers(db: Queryable, ids: readonly number[], country: CountryCode, adminView: boolean): Promise<Map<number, { offersCount: number; fromPrice: number | null }>> {
  const rows = await db.query<OfferRow>(
    `SELECT card.id AS card_id, p.id AS product_id, p.store_id, pr.sale_price, pr.shipping_price, pr.status,
            s.country_code AS store_country, s.free_delivery_gb, s.free_delivery_us, s.free_delivery_international,
            (s.delivery_prices ->> $2)::numeric AS store_delivery
       FROM products card
       JOIN products p ON p.canonical_id = card.canonical_id
       JOIN stores s ON s.id = p.store_id AND (NOT s.admin_only OR $3)
       JOIN variants v ON v.product_id = p.id
       JOIN size_variants sv ON sv.variant_id = v.id
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
      WHERE card.id = ANY($1::int[]) AND pr.status <> ${AVAILABILITY_STATUS.out_of_stock}`,
    [ids, country, adminView],
  );
  const copies = new Map<string, OfferRow[]>();
  for (const r of rows) {
    const key = `${r.card_id}:${r.product_id}`;
    const list = copies.get(key);
    if (list) list.push(r);
    else copies.set(key, [r]);
  }
  const offers = new Map<number, { stores: Set<number>; fromPrice: number | null }>();
  for (const sizes of copies.values()) {
    const first = sizes[0]!;
    const priced = sizes.map((z) => ({ salePrice: z.sale_price, shippingPrice: z.shipping_price, status: z.status }));
    const total = cheapestTotal(priced, siteThresholds(first, country), first.store_delivery, country)!.total;
    const card = offers.get(first.card_id) ?? { stores: new Set<number>(), fromPrice: null };
    card.stores.add(first.store_id);
    if (card.fromPrice === null || total < card.fromPrice) card.fromPrice = total;
    offers.set(first.card_id, card);
  }
  return new Map([...offers].map(([id, o]) => [id, { offersCount: o.stores.size, fromPrice: o.fromPrice }]));
}

/** Product cards for these ids, in the order given; ids not sold in the country are left out. */
export async function readProductCards(db: Queryable, ids: readonly number[], country: CountryCode, adminView = false): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const [products, sizes, offers] = await Promise.all([readProducts(db, ids), readSizes(db, ids, country), readCardOffers(db, ids, country, adminView)]);
  const sizesOf = bySaleProductId(sizes);
  const cards: ProductCard[] = [];
  for (const id of ids) {
    const p = products.get(id);
    const own = sizesOf.get(id);
    if (!p || !own?.length) continue;
    const thresholds = siteThresholds(p, country);
    cards.push({
      ...core(p, own, thresholds),
      variants: groupByVariant(own).map((group) => {
        const cheapest = cheapestOffered(group);
        return {
          title: group[0]!.variant_title,
          colour: group[0]!.colour,
          images: {
            productimage80_png: resizeProductImage(group[0]!.image_url, '80'),
            productimage180_jpg: resizeProductImage(group[0]!.image_url, '180'),
          },
          size_variants: [cardSize(cheapest, thresholds, country)],
        };
      }),
      offersCount: offers.get(id)?.offersCount ?? 0,
      fromPrice: offers.get(id)?.fromPrice ?? null,
    });
  }
  return cards;
}

/**
 * Of these products, those withdrawn from the country's site (priced there, but every price row
 * withdrawn: issue 27), each with its store's name: a saved one says "No longer sold by {store}".
 */
export async function readWithdrawnStores(db: Queryable, ids: readonly number[], country: CountryCode): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; storename: string }>(
    `SELECT p.id, s.name AS storename
       FROM products p JOIN stores s ON s.id = p.store_id
      WHERE p.id = ANY($1::int[])
        AND EXISTS (SELECT 1 FROM variants v
                      JOIN size_variants sv ON sv.variant_id = v.id
                      JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2
                     WHERE v.product_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM variants v
                          JOIN size_variants sv ON sv.variant_id = v.id
                          JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = $2 AND pr.withdrawn_at IS NULL
                         WHERE v.product_id = p.id)`,
    [ids, country],
  );
  return new Map(rows.map((r) => [r.id, r.storename]));
}

/** A variant's pictures from its stored image: the full size and the two the pages draw. */
export function productImages(imageUrl: string): Product['variants'][number]['images'] {
  return { productimage: imageUrl, productimage80_png: resizeProductImage(imageUrl, '80'), productimage180_jpg: resizeProductImage(imageUrl, '180') };
}

/** The full product, or undefined when it is not sold in the country (or withdrawn there). */
export async function readProduct(db: Queryable, id: number, country: CountryCode, adminView = false): Promise<Product | undefined> {
  const [products, sizes, offers] = await Promise.all([readProducts(db, [id]), readSizes(db, [id], country), readCardOffers(db, [id], country, adminView)]);
  const p = products.get(id);
  if (!p || !sizes.length) return undefined;
  const thresholds = siteThresholds(p, country);
  return {
    ...core(p, sizes, thresholds),
    offersCount: offers.get(id)?.offersCount ?? 0,
    fromPrice: offers.get(id)?.fromPrice ?? null,
    title: p.title,
    description: p.description,
    variants: groupByVariant(sizes).map(
      (group): Variant => ({
        title: group[0]!.variant_title,
        description: group[0]!.variant_description,
        colour: group[0]!.colour,
        colour_name: group[0]!.colour_name,
        images: productImages(group[0]!.image_url),
        additional_images: group[0]!.additional_image_urls ?? [],
        size_variants: group.map(
          (s): SizeVariant => ({
            guid: s.guid,
            url: s.url,
            slug: s.slug,
            size: s.size,
            msrp: s.msrp,
            saleprice: s.sale_price,
            status: s.status,
            offers: s.offers,
            free_delivery: hasFreeDelivery(thresholds, s.sale_price, country),
            coupon: s.coupon_code ? { code: s.coupon_code, description: s.coupon_description ?? '' } : null,
          }),
        ),
      }),
    ),
  };
}
