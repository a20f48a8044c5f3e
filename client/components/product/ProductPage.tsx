import { Suspense } from 'react';
import { useLocation } from 'react-router';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import type { ProductCard as Card, ProductDetail } from '../../../shared/api/product-schemas';
import { lazyFollowButton } from '../follows/follow-lazy';
import { formatPrice } from '../../../shared/price';
import { useSiteConfig } from '../../app/contexts';
import { DeferredPart } from '../../app/deferred-part';
import { lazyPart } from '../../app/lazy-part';
import { T, useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import { Breadcrumb } from '../listing/Breadcrumb';
import { createLookPath, showsListPrice } from '../listing/product-card-rules';
import { JsonLd } from '../meta/JsonLd';
import { PageMeta } from '../meta/PageMeta';
import { ShellLink } from '../ui/ShellLink';
import { useWishlistHearts } from '../wishlist/wishlist-hearts';
import { BuyControl } from './BuyControl';
import { PriceAge } from './PriceAge';
import { ProductGallery } from './ProductGallery';
import { ProductRating } from './ProductRating';
import { SimilarProducts } from './SimilarProducts';
import { CompareOffers } from './CompareOffers';
import { discountWords, offerRows } from './offers-view';
import { availabilityLabel, canonicalPath, galleryImages, metaDescription, productStructuredData, selectedOf, sizeOffersOf, sizePath } from './product-view';

// The Follow button, its code on demand (follows/follow-lazy.ts).
const FollowButton = lazyFollowButton(() => import('../follows/FollowButton'));
// The price history, below the first screen: its server HTML stays until the shopper comes near (issue 31).
const PriceHistoryChart = lazyPart(() => import('./PriceHistoryChart').then((module) => module.PriceHistoryChart));
const PRICE_HISTORY = { className: 'price-history', 'aria-labelledby': 'price-history-h' };

// The product landing page {cat}/{lastnode}/{slug}: the
// spec names it and does not draw it, so it shows what a shopper expects before going to
// the retailer. Every choice (colour, size) is a link to that size variant's own page, so
// it all works without JavaScript and each price has an address. A size sold out on this
// country's site offers "Tell me when it is back" (issue 27): the Back in Stock Alert dialog,
// or without JavaScript the add-alert page. Its words are the page's language's (issue 29);
// the product's own (title, brand, store, description, sizes, colours) stay as the feed gave them.

/** A size variant's status when sold out on this country's site (shared/api/product-schemas.ts). */
const SOLD_OUT = 0;

type Props = {
  detail: ProductDetail;
  similar: readonly Card[];
  /** The selected size variant's price history; null when it could not be read. */
  history?: PriceHistory | null | undefined;
  /** The shopper's own stars (null: not rated); absent for a guest. */
  myRating?: number | null | undefined;
  ratingError?: string | undefined;
};

/**
 * A sold-out size's back-in-stock alert, offered instead of the sale and price alerts (issue 27):
 * the dialog with JavaScript, the add-alert page without. Its words are the product catalogue's:
 * the alerts' would fold into every page's shell chunk.
 */
function BackInStockLink({ guid, size }: { guid: string; size: string }) {
  const hearts = useWishlistHearts();
  const location = useLocation();
  const t = useT();
  const back = `returnurl=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  return (
    <ShellLink
      to={`/alerts/add/${guid}?kind=stock&${back}`}
      className="product-size-alert"
      aria-label={size ? t('product.backInStock.actionForSize', { size }) : t('product.backInStock.action')}
      onClick={(event) => hearts.open(event, { mode: 'alert', target: { kind: 'stock', guid } })}
    >
      {t('product.backInStock.action')}
    </ShellLink>
  );
}

export function ProductPage({ detail, similar, history, myRating, ratingError }: Props) {
  const site = useSiteConfig();
  const country = useCountry();
  const t = useT();
  const selection = selectedOf(detail);
  if (!selection) return null;
  const { product } = detail;
  const { variant, variantIndex, size } = selection;
  const price = (n: number) => formatPrice(n, { locale: country.locale, info: country.currencyInfo });
  const images = galleryImages(variant);
  const reduced = showsListPrice(size);
  const local = (path: string) => `${site.siteUrl}${site.basename}${path}`;
  const absolute = (src: string) => (/^https?:\/\//.test(src) ? src : `${site.siteUrl}${src}`);
  const heading = variant.title;
  const sized = variant.size_variants.some((s) => s.size);
  const description = variant.description.trim();
  // A store's copy names the canonical copy's page (issue 28); only that page names its other country sites.
  const canonical = canonicalPath(detail, selection);
  const offers = offerRows(t, sizeOffersOf(detail, size.guid), price);
  // Another colour opens in the same size when it has it.
  const colourTarget = (index: number) => {
    const sizes = product.variants[index]!.size_variants;
    return sizes.find((s) => s.size === size.size) ?? sizes[0];
  };

  return (
    <article className="product-page">
      <PageMeta
        title={`${product.brand ? `${product.brand} ` : ''}${heading}`}
        description={metaDescription(t, detail, selection, price(size.saleprice))}
        path={canonical}
        images={images}
        type="product"
        countries={canonical === `/${detail.canonicalUrl}` ? detail.canonicalIn : []}
      />
      <JsonLd data={productStructuredData({ detail, selection, url: local, image: absolute, rating: detail.rating ?? null })} />
      <Breadcrumb entries={detail.breadCrumb} />
      <div className="product-main">
        <ProductGallery images={images} title={heading} />
        <div className="product-info">
          {product.brand && (
            <p className="product-brand">
              {product.brand_slug ? <ShellLink to={`/brand/${product.brand_slug}`}>{product.brand}</ShellLink> : product.brand}
            </p>
          )}
          {product.brand && product.brand_id !== null && (
            <Suspense fallback={null}>
              <FollowButton kind="brand" id={product.brand_id} name={product.brand} />
            </Suspense>
          )}
          <h1 className="product-title">{heading}</h1>
          <p className="product-price">
            <span className="product-sale-price">{price(size.saleprice)}</span>
            {reduced && (
              <>
                {' '}
                <s className="product-msrp">
                  <span className="visually-hidden">{`${t('product.price.was')} `}</span>
                  {price(size.msrp)}
                </s>
              </>
            )}
            {size.offers > 0 && <span className="product-offer">{discountWords(t, size.offers)}</span>}
          </p>
          <PriceAge age={detail.priceAge} country={country} />
          <p className="product-store">
            <T id="product.soldBy" values={{ store: product.storename }} components={{ 0: <ShellLink to={`/store/${product.store_slug}`} /> }} />
          </p>
          <Suspense fallback={null}>
            <FollowButton kind="store" id={product.store_id} name={product.storename} />
          </Suspense>

          {product.variants.length > 1 && (
            <section className="product-options" aria-labelledby="product-colours">
              <h2 id="product-colours" className="product-option-title">
                <T id="product.colour.heading" values={{ colour: variant.colour_name || variant.colour || t('product.colour.asShown') }} components={{ 0: <span /> }} />
              </h2>
              <ul className="product-colours">
                {product.variants.map((v, index) => {
                  const target = colourTarget(index);
                  if (!target) return null;
                  const name = v.colour_name || v.colour || t('product.colour.numbered', { number: index + 1 });
                  return (
                    <li key={target.guid}>
                      <ShellLink to={sizePath(product, target)} aria-current={index === variantIndex ? 'true' : undefined} title={name} aria-label={name}>
                        <img src={v.images.productimage80_png} alt="" width={56} height={56} loading="lazy" decoding="async" />
                      </ShellLink>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}

          {sized && (
            <section className="product-options" aria-labelledby="product-sizes">
              <h2 id="product-sizes" className="product-option-title">
                <T id="product.size.heading" values={{ size: size.size }} components={{ 0: <span /> }} />
              </h2>
              <ul className="product-sizes">
                {variant.size_variants.map((s) => (
                  <li key={s.guid}>
                    <ShellLink
                      to={sizePath(product, s)}
                      className={s.status === 1 ? 'product-size' : 'product-size is-unavailable'}
                      aria-current={s.guid === size.guid ? 'true' : undefined}
                    >
                      <span className="product-size-label">{s.size || t('product.size.one')}</span>
                      <span className="product-size-price">{price(s.saleprice)}</span>
                      <span className="product-size-status">{availabilityLabel(t, s.status)}</span>
                    </ShellLink>
                    {s.status === SOLD_OUT && <BackInStockLink guid={s.guid} size={s.size} />}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <p className={size.status === 1 ? 'product-availability' : 'product-availability is-unavailable'}>{availabilityLabel(t, size.status)}</p>
          {!sized && size.status === SOLD_OUT && (
            <p className="product-back-in-stock">
              <BackInStockLink guid={size.guid} size="" />
            </p>
          )}

          <ul className="product-notes">
            {size.free_delivery && <li className="product-note-free">{t('product.note.freeDelivery')}</li>}
            {size.coupon && (
              <li className="product-note-coupon">
                <T id="product.note.coupon" values={{ code: size.coupon.code, description: size.coupon.description }} components={{ 0: <strong /> }} />
              </li>
            )}
            {product.sales.map((sale) => (
              <li key={sale.sale_title} className="product-note-sale">
                {sale.sale_title}
              </li>
            ))}
          </ul>

          <BuyControl product={product} size={size} />
          <CompareOffers rows={offers} country={country} />
          <p className="product-create-look">
            <ShellLink to={createLookPath(size)}>{t('product.createLook')}</ShellLink>
          </p>

          <ProductRating
            // A new product, or a sign-in or sign-out (the loader ran again), starts afresh.
            key={`${product.id}:${myRating === undefined ? 'guest' : 'shopper'}`}
            productId={product.id}
            rating={detail.rating ?? null}
            myRating={myRating}
            returnPath={`/${detail.canonicalUrl}`}
            error={ratingError}
          />

          {description && (
            <section className="product-description" aria-labelledby="product-description-title">
              <h2 id="product-description-title">{t('product.details')}</h2>
              <p>{description}</p>
            </section>
          )}
          {history && history.points.length > 0 && (
            <Suspense fallback={null}>
              <DeferredPart part={PriceHistoryChart} props={{ history, money: price, locale: country.locale, headingId: 'price-history-h' }} tag="section" attributes={PRICE_HISTORY} />
            </Suspense>
          )}
        </div>
      </div>

      <SimilarProducts cards={similar} />
    </article>
  );
}
