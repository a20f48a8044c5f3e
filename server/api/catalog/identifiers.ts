import { createHash } from 'node:crypto';

// Names and keys the importer derives from feed text.

/** A URL slug: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string, maxLength = 80): string {
  // Accents come off ("Solène" → "solene"); plain ASCII skips the costly normalisation.
  const ascii = /[^\p{ASCII}]/u.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text;
  const slug = ascii
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  return cut.slice(0, cut.lastIndexOf('-') > maxLength / 2 ? cut.lastIndexOf('-') : maxLength).replace(/-+$/, '');
}

// RFC 4122 name-based (version 5) UUIDs under a namespace of our own.
const GUID_NAMESPACE = Buffer.from('4f0c6f4e2b7a4d8e9c1a5e3b7d2f6a90', 'hex');

/**
 * The public guid of a size variant (spec "guid"), derived from the store and the
 * merchant's item id: the same item keeps the same guid, and so the same product links
 * and wishlist entries, even when the catalogue is loaded into a fresh database.
 */
export function sizeVariantGuid(storeSlug: string, itemId: string): string {
  const hash = createHash('sha1').update(GUID_NAMESPACE).update(`${storeSlug}\u0000${itemId}`, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A size variant's slug (the last segment of its product page URL, spec section 2):
 * title, colour and size for people and search engines, then the start of its guid so
 * two items with the same words still differ.
 */
export function sizeVariantSlug(title: string, colour: string | undefined, size: string | undefined, guid: string): string {
  const words = slugify([title, colour, size].filter(Boolean).join(' '), 90);
  return `${words || 'item'}-${guid.slice(0, 8)}`;
}
