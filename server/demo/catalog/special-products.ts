import { sizeVariantGuid } from '../../api/catalog/identifiers';
import { SPECIAL_STORE } from './demo-world';

// Two demo products exist for the web tests of payload escaping: a title containing
// </script><script>alert(1)</script> or U+2028 must reach the page as text, never end the
// inline payload script early or break the JavaScript that reads it. Both are women's
// midi dresses (category slug `midi-dresses`, under clothing › dresses) sold by the
// demo's first store, Maison Harlow (`maison-harlow`), in its GB feed
// (feeds/maison-harlow.gb.tsv), in every catalogue size the generator makes.

export type SpecialProduct = {
  store: string;
  country: 'GB';
  /** The product's group key (item_group_id). */
  groupKey: string;
  /** The feed id of its first size variant. */
  itemId: string;
  /** That size variant's guid, as the importer derives it. */
  guid: string;
  categorySlug: string;
  title: string;
};

function special(groupKey: string, firstSize: string, title: string): SpecialProduct {
  const itemId = `${groupKey}-01-${firstSize}`;
  return {
    store: SPECIAL_STORE.slug,
    country: 'GB',
    groupKey,
    itemId,
    guid: sizeVariantGuid(SPECIAL_STORE.slug, itemId),
    categorySlug: 'midi-dresses',
    title,
  };
}

/** A title that closes a script element and opens another. */
export const SCRIPT_TITLE_PRODUCT = special('MH-SPECIAL-1', '8', 'Ruched Satin Midi Dress </script><script>alert(1)</script>');

/** A title holding U+2028 (LINE SEPARATOR), which ends a line in older JavaScript. */
export const LINE_SEPARATOR_PRODUCT = special('MH-SPECIAL-2', '10', 'Broderie Cotton Midi Dress\u2028Limited Edition');

