import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatPrice } from '../../../shared/price';
import { useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import { ShellLink } from '../ui/ShellLink';
import { useWishlistHearts } from '../wishlist/wishlist-hearts';
import { FALLBACK_IMAGE, buyControl, compareLine, createLookPath, hasFreeDelivery, productPath, showsListPrice, type CardProduct } from './product-card-rules';

// Spec section 2 "Product card". Inputs p, pageType (wishlist, alerts or absent), activeList;
// the listUpdate output is `onListUpdate`. The heart opens the Wishlist dialog (a guest signs in
// first) and is filled when the product is in one of the shopper's lists; without JavaScript it
// is a link to the sign-in page, or for a shopper to the add-to-wishlist page. On a wishlist
// page the delete and move icons submit the form the page wraps the card in (it asks the
// confirm prompt, and with JavaScript opens the move dialog), so they work without JavaScript
// too. An admin's card has a fourth action, the editor's pick (the dialog's editorpick mode).
// 'Get Sale Alert' and the price-alert bell open the Sale Alert / Price Alert dialog for guests
// and shoppers alike (a guest types an e-mail there); without JavaScript they are links to the
// add-alert page. On the alerts page (My Alerts) a card has no actions of its own: the page
// puts the alert's words and its Delete beside it.

export type PageType = 'wishlist' | 'alerts' | undefined;

/** 'Get Sale Alert' and the price-alert bell (spec section 2): kind, look, its name for a product. */
const ALERT_ACTIONS = [
  ['sale', 'product-card-action product-card-alert', 'listing.card.saleAlertFor'],
  ['price', 'product-card-action icon-button icon-alert', 'listing.card.priceAlertFor'],
] as const;

type Props = {
  p: CardProduct;
  pageType?: PageType;
  activeList?: number;
  /** Lazy below the first row (docs/performance.md "What was learned": React preloads every eager <img>). */
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
  const t = useT();
  const location = useLocation();
  const hearts = useWishlistHearts();
  const signedIn = hearts.signedIn;
  const filled = hearts.filled(p.id);
  const [variantIndex, setVariantIndex] = useState(p.variant_index);
  // Drawn once the card is hovered or focused (in the browser): forty more links would take a
  // listing page past its 1,200 elements (docs/performance.md "What was learned").
  const [lookShown, showLook] = useState(false);
  const variant = p.variants[variantIndex] ?? p.variants[0];
  const size = variant?.size_variants[0];
  const image = useImageFallback(variant?.images.productimage180_jpg ?? '');
  if (!variant || !size) return null;

  const price = (n: number) => formatPrice(n, { locale: country.locale, info: country.currencyInfo });
  const reduced = showsListPrice(size);
  const saleTag = size.offers > 0;
  const buy = buyControl(p, size, t);
  const freeDelivery = hasFreeDelivery(p, size.saleprice, country.code);
  const showVariants = pageType === undefined && p.variants.length > 1;
  const back = `returnurl=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  const signIn = `/authentication?userType=Login&${back}`;
  const title = variant.title;
  const classes = ['product-card', saleTag ? 'has-sale-tag' : '', size.status !== 1 ? 'is-unavailable' : ''].filter(Boolean).join(' ');

  return (
    <article
      className={classes}
      aria-label={`${p.brand ? `${p.brand} ` : ''}${title}`}
      onMouseEnter={() => showLook(true)}
      onFocus={() => showLook(true)}
    >
      {saleTag && pageType !== 'wishlist' && <span className="product-card-tag">{t('listing.card.percentOff', { percent: size.offers })}</span>}
      {/* The picture is not a link of its own: the title's link reaches over it (CSS), one
          element fewer per card and the same click for a mouse, nothing for a screen reader. */}
      <img
        className="product-card-image"
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
      {/* The card's actions sit over its picture, each placed by CSS (no wrapper of their own). */}
      {pageType === 'wishlist' ? (
        <>
          <button type="submit" name="intent" value="delete-product" className="product-card-action icon-button icon-delete" aria-label={t('listing.card.deleteFromWishlist')} onClick={() => onListUpdate?.({ action: 'delete', productId: p.id, listId: activeList })} />
          <button type="submit" name="intent" value="choose-move" className="product-card-action icon-button icon-move" aria-label={t('listing.card.moveToWishlist')} onClick={() => onListUpdate?.({ action: 'move', productId: p.id, listId: activeList })} />
        </>
      ) : pageType === undefined ? (
        <>
          {/* A guest's heart is the sign-in page's link; a shopper's, the add page's (either is
              what it does without JavaScript; with it, the dialog opens instead). */}
          <ShellLink
            to={signedIn ? `/wishlist/add/${p.id}?${back}` : signIn}
            className={`product-card-action icon-button icon-wishlist${filled ? ' is-favourite' : ''}`}
            aria-label={t('listing.card.addToWishlist', { title, state: signedIn ? (filled ? 'saved' : 'shopper') : 'guest' })}
            title={signedIn ? undefined : t('listing.card.signInToSave')}
            onClick={(event) => hearts.open(event, { mode: 'wishlist', productId: p.id, productName: title })}
          />
          {ALERT_ACTIONS.map(([kind, className, name]) => (
            <ShellLink
              key={kind}
              // Without JavaScript, the add-alert page (a guid is URL-safe).
              to={`/alerts/add/${size.guid}?kind=${kind}&${back}`}
              className={className}
              aria-label={t(name, { title })}
              onClick={(event) => hearts.open(event, { mode: 'alert', target: { kind, guid: size.guid } })}
            >
              {kind === 'sale' && t('listing.card.saleAlert')}
            </ShellLink>
          ))}
          {/* Dress Me with this piece on the board, for anyone, signed in or not (the product page has it without JavaScript). */}
          {lookShown && <ShellLink to={createLookPath(size)} className="product-card-action icon-button icon-look" aria-label={t('listing.card.createLook', { title })} />}
          {/* Admins only; it opens the dialog, so it needs JavaScript (an admin's tool, not a shopper's). */}
          {hearts.admin && (
            <button type="button" className="product-card-action icon-button icon-pick" aria-label={t('listing.card.editorsPick', { title })} onClick={(event) => hearts.open(event, { mode: 'editorpick', productId: p.id, productName: title })} />
          )}
        </>
      ) : null}
      {showVariants && (
        <div className="product-card-variants" role="group" aria-label={t('listing.card.colours')}>
          {p.variants.map((v, index) => (
            <button
              key={`${v.size_variants[0]?.guid ?? index}`}
              type="button"
              aria-label={v.colour ? t('listing.card.variant', { colour: v.colour, number: index + 1 }) : t('listing.card.variantUnnamed', { number: index + 1 })}
              aria-pressed={index === variantIndex}
              onMouseEnter={() => setVariantIndex(index)}
              onFocus={() => setVariantIndex(index)}
              onClick={() => setVariantIndex(index)}
            >
              <img src={v.images.productimage80_png} alt="" width={40} height={40} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
      {p.brand && <p className="product-card-brand">{p.brand}</p>}
      <h3 className="product-card-title">
        <ShellLink to={productPath(p, size)}>{title}</ShellLink>
      </h3>
      {/* The sale price is the paragraph's own text; "was" is said by CSS (.product-card-msrp::before), in the page's language from data-was. */}
      <p className="product-card-price">
        {price(size.saleprice)}
        {reduced && (
          <s className="product-card-msrp" data-was={t('listing.card.was')}>
            {price(size.msrp)}
          </s>
        )}
      </p>
      {/* Issue 28: one card stands for every store's copy; this one is the copy a shopper pays least for in all. */}
      {p.compare && <p className="product-card-compare">{compareLine(t, p.compare, price)}</p>}
      {freeDelivery && <p className="product-card-free">{t('listing.card.freeDelivery')}</p>}
      {buy.kind === 'browse' ? (
        <ShellLink to={buy.to} className="product-card-buy">
          {buy.label}
        </ShellLink>
      ) : (
        // The new tab is said in the name, not in hidden text: one element fewer per card.
        <a href={`${country.prefix}${buy.to}`} target="_blank" rel="noopener nofollow" className="product-card-buy" aria-label={`${buy.label} ${t('common.newTab')}`}>
          {buy.label}
        </a>
      )}
    </article>
  );
}
