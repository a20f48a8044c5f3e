import { z } from 'zod';
import { readIdentifiers, type FeedIdentifiers, type FeedWarning } from './feed-identifiers';
import type { FeedRecord } from './feed-record';
import {
  careFromDetails,
  parseAvailability,
  parseMoney,
  parseProductDetail,
  parseShipping,
  type Availability,
  type Money,
  type ProductDetail,
  type ShippingRate,
} from './feed-values';

// One feed item, validated (Google's product data specification, the attributes we use).
// Limits are Google's own. A record that fails is rejected with a reason a merchant can
// act on; the rest of the feed still loads.

const text = (name: string, max: number) =>
  z.string({ error: `${name} is missing` }).min(1, `${name} is missing`).max(max, `${name} is longer than ${max} characters`);
const optionalText = (name: string, max: number) => text(name, max).optional();

const httpUrl = (name: string) =>
  z.string({ error: `${name} is missing` }).refine(
    (value) => /^https?:\/\/[^\s/]+[^\s]*$/i.test(value) && URL.canParse(value),
    { error: (issue) => `${name} "${String(issue.input)}" is not an absolute http(s) URL` },
  );

// Product pictures are either anywhere on the web or on our own origin (the demo draws
// them: /images/…); protocol-relative "//host" would be someone else's origin unannounced.
const imageUrl = (name: string) =>
  z.string({ error: `${name} is missing` }).refine(
    (value) =>
      /^\/(?!\/)\S*$/.test(value) || (/^https?:\/\/[^\s/]+[^\s]*$/i.test(value) && URL.canParse(value)),
    { error: (issue) => `${name} "${String(issue.input)}" is neither an absolute http(s) URL nor a path on our origin` },
  );

const money = (name: string) =>
  z.string({ error: `${name} is missing` }).transform((value, ctx): Money => {
    const parsed = parseMoney(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: `${name} "${value}" is not an amount with a currency, like "49.99 GBP"` });
      return z.NEVER;
    }
    return parsed;
  });

const availability = z.string({ error: 'availability is missing' }).transform((value, ctx): Availability => {
  const parsed = parseAvailability(value);
  if (!parsed) {
    ctx.addIssue({
      code: 'custom',
      message: `availability "${value}" is not one of in_stock, out_of_stock, preorder, backorder`,
    });
    return z.NEVER;
  }
  return parsed;
});

const shipping = z.array(z.string()).transform((values, ctx): ShippingRate[] => {
  const rates: ShippingRate[] = [];
  for (const value of values) {
    const rate = parseShipping(value);
    if (!rate) {
      ctx.addIssue({ code: 'custom', message: `shipping "${value}" is not "country:region:service:price"` });
      return z.NEVER;
    }
    rates.push(rate);
  }
  return rates;
});

const productDetails = z.array(z.string()).transform((values): ProductDetail[] =>
  values.map(parseProductDetail).filter((d): d is ProductDetail => d !== undefined),
);

const lowerEnum = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(values, { error: (issue) => `${name} "${String(issue.input)}" is not one of ${values.join(', ')}` }))
    .optional();

const FeedItemSchema = z
  .object({
    id: text('id', 50),
    item_group_id: optionalText('item_group_id', 50),
    title: text('title', 150),
    description: z.string().max(5000, 'description is longer than 5000 characters').default(''),
    link: httpUrl('link'),
    image_link: imageUrl('image_link'),
    additional_image_link: z.array(imageUrl('additional_image_link')).max(10, 'more than 10 additional_image_link values'),
    price: money('price'),
    sale_price: money('sale_price').optional(),
    brand: optionalText('brand', 70),
    color: optionalText('color', 100),
    gender: lowerEnum('gender', ['male', 'female', 'unisex']),
    age_group: lowerEnum('age_group', ['newborn', 'infant', 'toddler', 'kids', 'adult']),
    size: optionalText('size', 100),
    availability,
    product_type: optionalText('product_type', 750),
    google_product_category: optionalText('google_product_category', 750),
    shipping,
    promotion_id: z.array(text('promotion_id', 50)),
    product_detail: productDetails,
  })
  .superRefine((item, ctx) => {
    if (item.price.minor <= 0) ctx.addIssue({ code: 'custom', message: 'price must be above zero' });
    if (item.sale_price) {
      if (item.sale_price.currency !== item.price.currency) {
        ctx.addIssue({
          code: 'custom',
          message: `sale_price is in ${item.sale_price.currency} but price is in ${item.price.currency}`,
        });
      } else if (item.sale_price.minor > item.price.minor) {
        ctx.addIssue({ code: 'custom', message: 'sale_price is above price' });
      } else if (item.sale_price.minor <= 0) {
        ctx.addIssue({ code: 'custom', message: 'sale_price must be above zero' });
      }
    }
  });

export type FeedItem = {
  line: number;
  id: string;
  itemGroupId: string | undefined;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  price: Money;
  salePrice: Money | undefined;
  brand: string | undefined;
  color: string | undefined;
  gender: 'male' | 'female' | 'unisex' | undefined;
  ageGroup: 'newborn' | 'infant' | 'toddler' | 'kids' | 'adult' | undefined;
  size: string | undefined;
  availability: Availability;
  productType: string | undefined;
  googleProductCategory: string | undefined;
  shipping: ShippingRate[];
  promotionIds: string[];
  care: string | undefined;
} & FeedIdentifiers;

const SINGLE = [
  'id', 'item_group_id', 'title', 'description', 'link', 'image_link', 'price', 'sale_price', 'brand', 'color',
  'gender', 'age_group', 'size', 'availability', 'product_type', 'google_product_category',
] as const;
const LISTS = ['additional_image_link', 'shipping', 'promotion_id', 'product_detail'] as const;

export type ItemValidation = { ok: true; item: FeedItem; warnings: FeedWarning[] } | { ok: false; line: number; reason: string };

/** Validates one record; the reason names each failing attribute (at most three). */
export function validateFeedRecord(record: FeedRecord): ItemValidation {
  const input: Record<string, string | string[] | undefined> = {};
  // A single-valued attribute given twice (XML) counts once: the first wins.
  for (const name of SINGLE) input[name] = record.values[name]?.[0];
  for (const name of LISTS) input[name] = record.values[name] ?? [];
  const result = FeedItemSchema.safeParse(input);
  if (!result.success) {
    const reasons = [...new Set(result.error.issues.map((i) => i.message))];
    const id = record.values.id?.[0];
    const more = reasons.length > 3 ? ` (and ${reasons.length - 3} more)` : '';
    return {
      ok: false,
      line: record.line,
      reason: `${id ? `item ${id}: ` : ''}${reasons.slice(0, 3).join('; ')}${more}`,
    };
  }
  const v = result.data;
  const { identifiers, warnings } = readIdentifiers(record, v.id);
  return {
    ok: true,
    warnings,
    item: {
      line: record.line,
      id: v.id,
      itemGroupId: v.item_group_id,
      title: v.title,
      description: v.description,
      link: v.link,
      imageLink: v.image_link,
      additionalImageLinks: v.additional_image_link,
      price: v.price,
      salePrice: v.sale_price,
      brand: v.brand,
      color: v.color,
      gender: v.gender,
      ageGroup: v.age_group,
      size: v.size,
      availability: v.availability,
      productType: v.product_type,
      googleProductCategory: v.google_product_category,
      shipping: v.shipping,
      promotionIds: v.promotion_id,
      care: careFromDetails(v.product_detail),
      ...identifiers,
    },
  };
}
