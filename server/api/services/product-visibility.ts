import type { ProductRef } from '../../../shared/validation/safe-input';
import type { Queryable } from '../db/database';

// Spec section 6: an admin-only store's products are shown to admins and to nobody else. The
// catalogue's readers leave them out (both search engines, product detail, similar, the
// click-through, directories, sitemaps); the shoppers' own collections (wishlists, looks,
// alerts) keep product ids of their own, so they ask here (issue 25: hidden products were
// added to lists and then shown to anyone once the list was public). A write that names a
// hidden product is refused exactly as one naming an unknown product, and a read leaves
// hidden products out, whenever they were collected.

/** Who asks for a collection: the shopper, and whether they may see admin-only stores' products. */
export type Asker = { userId: number; admin: boolean };

/** SQL: whether the product with id `productId` (a column or expression) belongs to an admin-only store. */
function hiddenProduct(productId: string): string {
  return `EXISTS (SELECT 1 FROM products hp JOIN stores hs ON hs.id = hp.store_id WHERE hp.id = ${productId} AND hs.admin_only)`;
}

/**
 * SQL: whether the product with id `productId` may be shown to the asker, `admin` being the
 * placeholder of a boolean parameter ($3). A product gone from the catalogue is shown (the
 * collections answer it from what they kept).
 */
export function shownTo(productId: string, admin: string): string {
  return `(${admin} OR NOT ${hiddenProduct(productId)})`;
}

/** The id of the catalogue product `ref` names; undefined when there is none, or it is hidden from the asker. */
export async function findProduct(q: Queryable, ref: ProductRef, admin: boolean): Promise<number | undefined> {
  const [row] =
    'guid' in ref
      ? await q.query<{ id: number }>(
          `SELECT v.product_id AS id FROM size_variants sv
             JOIN variants v ON v.id = sv.variant_id
             JOIN stores s ON s.id = sv.store_id
            WHERE sv.guid = $1::uuid AND (NOT s.admin_only OR $2)`,
          [ref.guid, admin],
        )
      : await q.query<{ id: number }>(
          'SELECT p.id FROM products p JOIN stores s ON s.id = p.store_id WHERE p.id = $1 AND (NOT s.admin_only OR $2)',
          [ref.productId, admin],
        );
  return row?.id;
}

/**
 * The product id `ref` names in a collection, which may hold products the catalogue no longer
 * has: a numeric id as given (the collection's query adds `shownTo`), a guid through its size
 * variant. Undefined when the guid names nothing the asker may see.
 */
export async function collectedProductId(q: Queryable, ref: ProductRef, admin: boolean): Promise<number | undefined> {
  return 'productId' in ref ? ref.productId : findProduct(q, ref, admin);
}
