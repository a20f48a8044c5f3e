import type { Payload } from '../../shared/payload';

/** The inline payload script of a rendered page, evaluated as the browser would. */
export function readPayload(html: string): { payload: Payload; script: string; nonce: string | undefined } {
  // The payload holds no raw line break: the first `;` + line break ends it (the script loader follows).
  const match = /<script([^>]*)>self\.__VITRINE__=(.*?);\n[^<]*<\/script>/.exec(html);
  if (!match) throw new Error('no payload script in page');
  const script = match[2]!;
  const nonce = /nonce="([^"]*)"/.exec(match[1]!)?.[1];
  // The payload is a JavaScript object literal; JSON.parse reads it because it is JSON
  // with characters escaped as \u sequences.
  return { payload: JSON.parse(script) as Payload, script, nonce };
}

/** The page's markup without the payload script: what a person sees. */
export function visibleMarkup(html: string): string {
  return html.replace(/<script[^>]*>self\.__VITRINE__=[\s\S]*?<\/script>/, '');
}

/** A page's HTML with per-response nonces blanked, for comparing two renders. */
export function withoutNonces(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""');
}

/** The parts of a product page's JSON-LD (schema.org ProductGroup, issue 28) the tests read. */
export type ProductLdOffer = { '@type': 'Offer'; url: string; priceCurrency: string; availability: string; seller: unknown; price: string };
export type ProductLdOffers = ProductLdOffer | { '@type': 'AggregateOffer'; priceCurrency: string; lowPrice: string; highPrice: string; offerCount: number; offers: ProductLdOffer[] };
/** One size of the group, with its identifiers and its offers in every store. */
export type ProductLdVariant = { '@type': 'Product'; name: string; sku: string; size?: string; gtin?: string; mpn?: string; url: string; offers: ProductLdOffers };
export type ProductLd = {
  '@context': string;
  '@type': 'ProductGroup';
  name: string;
  productGroupID: string;
  variesBy: string[];
  url: string;
  brand: unknown;
  image: string[];
  hasVariant: ProductLdVariant[];
  aggregateRating?: unknown;
};

/** A variant's offers as a list, whether one Offer or an AggregateOffer. */
export function offersOf(variant: ProductLdVariant): ProductLdOffer[] {
  return variant.offers['@type'] === 'AggregateOffer' ? variant.offers.offers : [variant.offers];
}
