import type { Product, SizeVariant } from '../../../shared/api/product-schemas';
import { useT } from '../../app/i18n';
import { useCountry } from '../../app/site-hooks';
import { buyControl } from '../listing/product-card-rules';
import { ShellLink } from '../ui/ShellLink';

// The Buy control of spec section 2 "Product card", on the product page: status 1 with an
// affiliate other than 5 or 6 is 'Buy at {store}' (the click-through, new tab); status 0
// is 'Browse {store}' (the store's listing); any other status with affiliate 5 or 6 is
// 'Add to Cart' (the click-through too: the retailer's cart is on the retailer's site).
export function BuyControl({ product, size }: { product: Pick<Product, 'affiliate_id' | 'storename' | 'store_slug'>; size: Pick<SizeVariant, 'status' | 'guid'> }) {
  const country = useCountry();
  const t = useT();
  const buy = buyControl(product, size, t);
  if (buy.kind === 'browse') {
    return (
      <ShellLink to={buy.to} className="button product-buy">
        {buy.label}
      </ShellLink>
    );
  }
  return (
    <a href={`${country.prefix}${buy.to}`} target="_blank" rel="noopener nofollow" className="button button-primary product-buy">
      {buy.label}
      <span className="visually-hidden"> {t('common.newTab')}</span>
    </a>
  );
}
