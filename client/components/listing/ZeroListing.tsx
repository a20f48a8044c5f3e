import type { ReactNode } from 'react';
import { useT } from '../../app/i18n';
import { useShellMenu } from '../../app/menu-wire';
import { departmentName } from '../../app/taxonomy-names';
import { showsZeroResultMessage } from '../../../shared/validation/search-text';
import { ShellLink } from '../ui/ShellLink';
import { ProductCard } from './ProductCard';
import type { ListingData } from '../../data/listing/listing-data';

// A listing with no products (spec section 2 "Listing and search page"): the zero-results view
// and the recommended products, or after a failure (spec section 8) the recommended products
// alone. A module of its own, loaded only by such listings (ListingPage.tsx). In the page's
// language (issue 29); the landing tiles' departments named from the taxonomy by slug.

/** Departments the no-product landing leaves out (spec section 9). */
const HIDDEN_LANDING_DEPARTMENTS = new Set(['blog', 'sale', 'featured', 'dress me']);

function ProductRow({ products, title }: { products: ListingData['recommended']; title: string }) {
  if (!products.length) return null;
  return (
    <section className="recommended" aria-labelledby="recommended-title">
      <h2 id="recommended-title">{title}</h2>
      <ul className="product-grid">
        {products.map((product, index) => (
          <li key={`${product.id}-${index}`}>
            <ProductCard p={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Zero results (spec section 2): the message, an image, sitemap links, then the landing tiles. */
function ZeroResults({ query, sitemap }: { query: string; sitemap: ReactNode }) {
  const t = useT();
  const tiles = useShellMenu().filter((item) => item.previewImage && !HIDDEN_LANDING_DEPARTMENTS.has(item.name.toLowerCase()));
  return (
    <>
      <section className="zero-results">
        {showsZeroResultMessage(query) && (
          <>
            <h1>{t('listing.zero.heading', { query })}</h1>
            <p>{t('listing.zero.hint')}</p>
          </>
        )}
        <svg className="zero-results-art" viewBox="0 0 120 80" width="120" height="80" role="img" aria-label={t('listing.zero.art')}>
          <path d="M10 20h100M60 8v12M30 20l-8 50M90 20l8 50" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        {sitemap}
      </section>
      <section id="product_landing_page" aria-label={t('listing.zero.departments')} className="landing-tiles">
        <ul>
          {tiles.map((tile) => (
            <li key={tile.itemId}>
              <ShellLink to={`/${tile.itemSlug}`}>
                <img src={tile.previewImage ?? ''} alt={tile.menuImageAlt ?? ''} width={240} height={160} loading="lazy" />
                <span>{t('listing.zero.shopDepartment', { department: departmentName(t, tile.itemSlug, tile.name) })}</span>
              </ShellLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** `sitemap`: the listing's sitemap links, drawn by the page (its module is the page's). */
export function ZeroListing({ query, data, sitemap }: { query: string; data: ListingData; sitemap: ReactNode }) {
  const t = useT();
  return (
    <>
      {!data.error500 && <ZeroResults query={query} sitemap={sitemap} />}
      <ProductRow products={data.recommended} title={t('listing.recommended')} />
    </>
  );
}
