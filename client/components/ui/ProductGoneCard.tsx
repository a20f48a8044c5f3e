import { WISHLIST_NOTICES } from '../../../shared/validation/wishlist-notices';

/**
 * A saved product the catalogue no longer has (a wishlist's or a look's piece): its stored
 * name and picture in a card's place, with the notice, and nothing to click.
 */
export function ProductGoneCard({ name, image }: { name: string; image: string }) {
  return (
    <article className="product-card wishlist-gone" aria-label={name}>
      <img src={image} alt="" width={180} height={180} loading="lazy" />
      <h3 className="product-card-title">{name}</h3>
      <p>{WISHLIST_NOTICES.unavailable}</p>
    </article>
  );
}
