/**
 * A saved product the catalogue no longer has (a wishlist's or a look's piece): its stored
 * name and picture in a card's place, with the notice (goneWords: "No longer sold by {store}"
 * or "No longer available"), and nothing to click. The notice comes from the page, which has
 * the wishlist's words already.
 */
export function ProductGoneCard({ name, image, notice }: { name: string; image: string; notice: string }) {
  return (
    <article className="product-card wishlist-gone" aria-label={name}>
      <img src={image} alt="" width={180} height={180} loading="lazy" />
      <h3 className="product-card-title">{name}</h3>
      <p>{notice}</p>
    </article>
  );
}
