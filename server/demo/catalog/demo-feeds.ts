import { COUNTRIES, type CountryCode } from '../../../shared/countries';
import { GOOGLE_NS } from '../../api/catalog/xml-feed';
import { productImage, productLink, type DemoProduct } from './demo-catalog';
import { convertRound, feedPrice, listPrice, salePrice } from './demo-pricing';
import type { DemoStore } from './demo-world';

// Writes a store's products as a Google Merchant Center feed for one target country, in
// the store's format (TSV or RSS 2.0 XML), priced in that country's currency.

/** One item as the feed states it: attribute name → values. */
type FeedRow = [attribute: string, values: string | readonly string[] | undefined][];

export const TSV_COLUMNS = [
  'id', 'item_group_id', 'title', 'description', 'link', 'image_link', 'additional_image_link', 'price', 'sale_price',
  'brand', 'gtin', 'mpn', 'identifier_exists', 'color', 'gender', 'age_group', 'size', 'availability', 'product_type', 'google_product_category',
  'shipping', 'promotion_id', 'product_detail',
] as const;

function* feedRows(store: DemoStore, country: CountryCode, products: readonly DemoProduct[]): Generator<FeedRow> {
  const abroad = country !== store.country;
  const currency = COUNTRIES[country].info.currencyCode;
  const freeOver = Math.round(convertRound(country, store.freeOverGbp) * 100);
  const charge = convertRound(country, store.shippingGbp);
  for (const product of products) {
    const price = listPrice(country, product.baseGbp, abroad);
    const sale = salePrice(country, price, product.discount);
    const free = store.alwaysFree || (sale ?? price) >= freeOver;
    const shipping = store.omitsShipping ? undefined : `${country}::Standard:${free ? '0.00' : charge.toFixed(2)} ${currency}`;
    for (const variant of product.variants) {
      for (const size of variant.sizes) {
        yield [
          ['id', size.itemId],
          ['item_group_id', product.groupKey],
          ['title', product.title],
          ['description', product.description],
          ['link', productLink(product, size.itemId)],
          ['image_link', productImage(product, variant)],
          ['additional_image_link', [productImage(product, variant, 1)]],
          ['price', feedPrice(country, price)],
          ['sale_price', sale === undefined ? undefined : feedPrice(country, sale)],
          ['brand', product.brand.name],
          // Issue 28: Google's identifiers, by which the matcher finds the same item in other stores.
          ['gtin', size.gtin],
          ['mpn', variant.mpn],
          ['identifier_exists', product.identifierExists ? 'yes' : 'no'],
          ['color', variant.colourName],
          ['gender', product.gender],
          ['age_group', product.ageGroup],
          ['size', size.size],
          ['availability', size.availability],
          ['product_type', product.productType],
          ['google_product_category', product.googleProductCategory],
          ['shipping', shipping],
          ['promotion_id', product.promotionId],
          ['product_detail', product.care ? `General:Care:${product.care}` : undefined],
        ];
      }
    }
  }
}

/** A TSV field: quoted only when it holds a tab, a line break or starts with a quote. */
function tsvField(value: string): string {
  return /[\t\n\r]|^"/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function writeTsvFeed(store: DemoStore, country: CountryCode, products: readonly DemoProduct[]): string {
  const lines = [TSV_COLUMNS.join('\t')];
  for (const row of feedRows(store, country, products)) {
    lines.push(
      row
        .map(([, v]) => (v === undefined ? '' : tsvField(typeof v === 'string' ? v : v.join(','))))
        .join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}

function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function writeXmlFeed(store: DemoStore, country: CountryCode, products: readonly DemoProduct[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    '<channel>',
    `<title>${xmlText(store.name)} (${country})</title>`,
    `<link>https://www.${store.slug}.example/</link>`,
    `<description>Product feed of ${xmlText(store.name)} for ${xmlText(COUNTRIES[country].name)}</description>`,
  ];
  for (const row of feedRows(store, country, products)) {
    out.push('<item>');
    for (const [name, value] of row) {
      if (value === undefined) continue;
      if (name === 'shipping' && typeof value === 'string') {
        const [cc, region, service, price] = value.split(':');
        out.push(
          `<g:shipping><g:country>${cc}</g:country>${region ? `<g:region>${xmlText(region)}</g:region>` : ''}` +
            `<g:service>${xmlText(service ?? '')}</g:service><g:price>${xmlText(price ?? '')}</g:price></g:shipping>`,
        );
      } else if (name === 'product_detail' && typeof value === 'string') {
        const [section, attribute, ...rest] = value.split(':');
        out.push(
          `<g:product_detail><g:section_name>${xmlText(section ?? '')}</g:section_name>` +
            `<g:attribute_name>${xmlText(attribute ?? '')}</g:attribute_name>` +
            `<g:attribute_value>${xmlText(rest.join(':'))}</g:attribute_value></g:product_detail>`,
        );
      } else {
        for (const v of typeof value === 'string' ? [value] : value) out.push(`<g:${name}>${xmlText(v)}</g:${name}>`);
      }
    }
    out.push('</item>');
  }
  out.push('</channel>', '</rss>', '');
  return out.join('\n');
}

export function writeFeed(store: DemoStore, country: CountryCode, products: readonly DemoProduct[]): string {
  return store.format === 'xml' ? writeXmlFeed(store, country, products) : writeTsvFeed(store, country, products);
}
