import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatPrice } from '../../../shared/price';
import { useCountry } from '../../app/site-hooks';
import { ShellLink } from '../ui/ShellLink';
import { FALLBACK_IMAGE, buyControl, hasFreeDelivery, productPath, type CardProduct } from './product-card-rules';

// Spec section 2 "Product card". Inputs p, pageType (wishlist, alerts or absent), activeList;
// the listUpdate output is `onListUpdate`. Wishlist and alert actions open their dialogs in
// later issues; until then they ask the shopper to sign in.

export type PageType = 'wishlist' | 'alerts' | undefined;

type Props = {
  p: CardProduct;
  pageType?: PageType;
  activeList?: number;
  /** Lazy below the first row (ARCHITECTURE.md "Performance notes": React preloads every eager <img>). */
  eager?: boolean;
  /** The page's largest picture (the first card of a listing): fetched before the others. */
  priority?: boolean;
  onListUpdate?: (event: { action: 'delete' | 'move'; productId: number; listId: number | undefined }) => void;
};

function useImageFallback(src: string) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => setFailed(false), [src]);
  // An image that failed before hydration fired its error event with nobody listening.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [src]);
  return { ref, src: failed ? FALLBACK_IMAGE : src, onError: () => setFailed(true) };
}

export function ProductCard({ p, pageType, activeList, eager = false, priority = false, onListUpdate }: Props) {
  const country = useCountry();
  const location = useLocation();
  const [variantIndex, setVariantIndex] = useState(p.variant_index);
  const variant = p.variants[variantIndex] ?? p.variants[0];
  const size = variant?.size_variants[0];
  const image = useImageFallback(variant?.images.productimage180_jpg ?? '');
  if (!variant || !size) return null;

  const price = (n: number) => formatPrice(n, { locale: country.locale, info: country.currencyInfo });
  const reduced = size.msrp > size.saleprice;
  const saleTag = size.offers > 0;
  const buy = buyControl(p, size);
  const freeDelivery = hasFreeDelivery(p, size.saleprice, country.code);
  const showVariants = pageType === undefined && p.variants.length > 1;
  const returnUrl = `${location.pathname}${location.search}`;
  const signIn = `/authentication?userType=Login&returnurl=${encodeURIComponent(returnUrl)}`;
  const title = variant.title;
  const classes = ['product-card', saleTag ? 'has-sale-tag' : '', size.status !== 1 ? 'is-unavailable' : ''].filter(Boolean).join(' ');

  return (
    <article className={classes} aria-label={`${p.brand ? `${p.brand} ` : ''}${title}`}>
      {saleTag && pageType !== 'wishlist' && <span className="product-card-tag">{size.offers}% OFF</span>}
      <ShellLink to={productPath(p, size)} className="product-card-image" tabIndex={-1} aria-hidden="true">
        <img
          ref={image.ref}
          src={image.src}
          onError={image.onError}
          alt=""
          width={180}
          height={180}
          loading={eager || priority ? 'eager' : 'lazy'}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          decoding="async"
        />
      </ShellLink>
      <div className="product-card-actions">
        {pageType === 'wishlist' ? (
          <>
            <button type="button" className="icon-button" aria-label="Delete from wishlist" onClick={() => onListUpdate?.({ action: 'delete', productId: p.id, listId: activeList })}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13" fill="none" stroke="currentColor" strokeWidth="1.8" /></svg>
            </button>
            <button type="button" className="icon-button" aria-label="Move to another wishlist" onClick={() => onListUpdate?.({ action: 'move', productId: p.id, listId: activeList })}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M3 6h7l2 2h9v11H3z" fill="none" stroke="currentColor" strokeWidth="1.8" /></svg>
            </button>
          </>
        ) : pageType === undefined ? (
          <>
            <ShellLink to={signIn} className="icon-button" aria-label={`Add ${title} to a wishlist (sign in first)`} title="Sign in to save to a wishlist">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="1.8" /></svg>
            </ShellLink>
            <ShellLink to={signIn} className="product-card-alert" title="Sign in to get a sale alert">
              Get Sale Alert
            </ShellLink>
            <ShellLink to={signIn} className="icon-button" aria-label={`Price alert for ${title} (sign in first)`} title="Sign in to set a price alert">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20h4" fill="none" stroke="currentColor" strokeWidth="1.8" /></svg>
            </ShellLink>
          </>
        ) : null}
      </div>
      {showVariants && (
        <ul className="product-card-variants" aria-label="Colours">
          {p.variants.map((v, index) => (
            <li key={`${v.size_variants[0]?.guid ?? index}`}>
              <button
                type="button"
                aria-label={`${v.colour ?? 'Colour'} ${index + 1}`}
                aria-pressed={index === variantIndex}
                onMouseEnter={() => setVariantIndex(index)}
                onFocus={() => setVariantIndex(index)}
                onClick={() => setVariantIndex(index)}
              >
                <img src={v.images.productimage80_png} alt="" width={40} height={40} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="product-card-body">
        {p.brand && <p className="product-card-brand">{p.brand}</p>}
        <h3 className="product-card-title">
          <ShellLink to={productPath(p, size)}>{title}</ShellLink>
        </h3>
        <p className="product-card-price">
          <span className="product-card-sale">{price(size.saleprice)}</span>
          {reduced && (
            <s className="product-card-msrp">
              <span className="visually-hidden">was </span>
              {price(size.msrp)}
            </s>
          )}
        </p>
        {freeDelivery && <p className="product-card-free">Free Delivery</p>}
        {buy.kind === 'browse' ? (
          <ShellLink to={buy.to} className="product-card-buy">
            {buy.label}
          </ShellLink>
        ) : (
          <a href={`${country.prefix}${buy.to}`} target="_blank" rel="noopener nofollow" className="product-card-buy">
            {buy.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
