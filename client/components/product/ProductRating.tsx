import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { STAR_RATING_MAX } from '../../../shared/api/rating-paths';
import type { RatingSummary } from '../../../shared/api/rating-schemas';
import type { Translate } from '../../../shared/i18n/translator';
import { catalogReady, useLocale, useT } from '../../app/i18n';
import { useSession } from '../../app/session';
import { rateProduct } from '../../data/product/rate-product';
import { ShellLink } from '../ui/ShellLink';
import { formatNumber } from '../../../shared/i18n/format-number';

// A product's ratings on its page: the average and the count for everyone; for a signed-in
// shopper a 1 to 5 star radio group (real radios in a fieldset: Tab reaches the group, the
// arrow keys move the choice, and each choice is sent); a guest is offered sign-in. Without
// JavaScript the same form posts to the product route's action. In the page's language, the
// average written as its locale writes numbers (issue 29).

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

export function ratingSummaryText(t: Translate, locale: string, rating: RatingSummary): string {
  if (!rating) return t('product.rating.none');
  return t('product.rating.summary', { value: formatNumber(locale, rating.ratingValue), max: STAR_RATING_MAX, count: rating.ratingCount });
}

export function ProductRating({ productId, rating: initial, myRating, returnPath, error }: Props) {
  const session = useSession();
  const t = useT();
  const locale = useLocale();
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
        // "Your rating … is saved" may not be among the first page's messages (issue 29).
        const [answer] = await Promise.all([rateProduct(productId, n), catalogReady().catch(() => undefined)]);
        if (latest.current !== n) return;
        setRating(answer.rating);
        setStatus(t('product.rating.saved', { count: n }));
      } catch (failure) {
        setStatus(failure instanceof ApiError ? failure.message : t('common.error.server'));
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
      <h2 id="product-rating-title">{t('product.rating.title')}</h2>
      <p className="product-rating-summary" data-testid="rating-summary">
        {ratingSummaryText(t, locale, rating)}
      </p>
      {myRating === undefined ? (
        <p>
          <ShellLink to={`/authentication?userType=Login&returnurl=${encodeURIComponent(returnPath)}`} onClick={signIn}>
            {t('product.rating.signIn')}
          </ShellLink>
        </p>
      ) : (
        <form method="post" className="product-rating-form" onSubmit={submit}>
          <input type="hidden" name="id" value={productId} />
          <fieldset>
            <legend>{t('product.rating.yours')}</legend>
            {STARS.map((n) => (
              <label key={n} className="product-rating-star">
                <input type="radio" name="star_rating" value={n} checked={stars === n} onChange={() => choose(n)} />
                <span>{t('product.rating.stars', { count: n })}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button">
            {t('product.rating.save')}
          </button>
          <p className="product-rating-status" role="status">
            {status}
          </p>
        </form>
      )}
    </section>
  );
}
