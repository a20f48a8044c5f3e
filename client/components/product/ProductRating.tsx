import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { STAR_RATING_MAX } from '../../../shared/api/rating-paths';
import type { RatingSummary } from '../../../shared/api/rating-schemas';
import { SERVER_ERROR_MESSAGE } from '../../../shared/messages';
import { useSession } from '../../app/session';
import { rateProduct } from '../../data/product/rate-product';
import { ShellLink } from '../ui/ShellLink';

// A product's ratings on its page: the average and the count for everyone; for a signed-in
// shopper a 1 to 5 star radio group (real radios in a fieldset: Tab reaches the group, the
// arrow keys move the choice, and each choice is sent); a guest is offered sign-in. Without
// JavaScript the same form posts to the product route's action.

type Props = {
  productId: number;
  rating: RatingSummary;
  /** The shopper's stars (null: not rated yet); absent for a guest. */
  myRating?: number | null | undefined;
  /** Where sign-in comes back to: this page's path. */
  returnPath: string;
  /** The no-JavaScript action's refusal, if any. */
  error?: string | undefined;
};

const STARS = Array.from({ length: STAR_RATING_MAX }, (_, i) => i + 1);
const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

export function ratingSummaryText(rating: RatingSummary): string {
  if (!rating) return 'No ratings yet';
  return `${rating.ratingValue} out of ${STAR_RATING_MAX} stars from ${rating.ratingCount} ${rating.ratingCount === 1 ? 'rating' : 'ratings'}`;
}

export function ProductRating({ productId, rating: initial, myRating, returnPath, error }: Props) {
  const session = useSession();
  const [stars, setStars] = useState(myRating ?? null);
  const [rating, setRating] = useState(initial);
  const [status, setStatus] = useState(error ?? '');
  // Choices are sent one after another, and a choice overtaken by a newer one before its
  // turn is not sent at all: arrowing from 1 to 5 ends with 5 stored, never an earlier one.
  const queue = useRef(Promise.resolve());
  const latest = useRef<number | null>(null);

  const choose = (n: number) => {
    setStars(n);
    latest.current = n;
    queue.current = queue.current.then(async () => {
      if (latest.current !== n) return;
      try {
        const answer = await rateProduct(productId, n);
        if (latest.current !== n) return;
        setRating(answer.rating);
        setStatus(`Your rating of ${starsLabel(n)} is saved.`);
      } catch (failure) {
        setStatus(failure instanceof ApiError ? failure.message : SERVER_ERROR_MESSAGE);
      }
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (stars !== null) choose(stars);
  };
  const signIn = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    session.openSignIn('Login');
  };

  return (
    <section className="product-rating" aria-labelledby="product-rating-title">
      <h2 id="product-rating-title">Ratings</h2>
      <p className="product-rating-summary" data-testid="rating-summary">
        {ratingSummaryText(rating)}
      </p>
      {myRating === undefined ? (
        <p>
          <ShellLink to={`/authentication?userType=Login&returnurl=${encodeURIComponent(returnPath)}`} onClick={signIn}>
            Sign in to rate this product
          </ShellLink>
        </p>
      ) : (
        <form method="post" className="product-rating-form" onSubmit={submit}>
          <input type="hidden" name="id" value={productId} />
          <fieldset>
            <legend>Your rating</legend>
            {STARS.map((n) => (
              <label key={n} className="product-rating-star">
                <input type="radio" name="star_rating" value={n} checked={stars === n} onChange={() => choose(n)} />
                <span>{starsLabel(n)}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button">
            Save rating
          </button>
          <p className="product-rating-status" role="status">
            {status}
          </p>
        </form>
      )}
    </section>
  );
}
