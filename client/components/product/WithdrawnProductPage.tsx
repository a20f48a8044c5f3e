import { useT } from '../../app/i18n';
import { PageMeta } from '../meta/PageMeta';
import { ShellLink } from '../ui/ShellLink';
import type { ReactNode } from 'react';
import type { WithdrawnProductView } from './withdrawn-product-view';

// A product its store withdrew from this country's site (issue 27), inside the shell: its name
// and picture, "No longer sold by {store}", Buy turned into the store's page, and similar items
// a shopper can buy here (`children`: the route draws them, with the product page's grid).
// Answered 410 and kept out of search indexes (noindex). Loaded on demand (product.route.tsx).

export function WithdrawnProductPage({ view, children }: { view: WithdrawnProductView; children: ReactNode }) {
  const t = useT();
  return (
    <article className="product-page product-withdrawn" data-withdrawn="true">
      <PageMeta title={view.heading} description={t('product.withdrawn.description', { product: view.heading, store: view.storename })} images={[view.picture]} noindex />
      <div className="product-main">
        <img className="product-withdrawn-picture" src={view.picture} alt={view.heading} width={480} height={480} fetchPriority="high" />
        <div className="product-info">
          <h1 className="product-title">{view.heading}</h1>
          <p className="product-availability is-unavailable">{view.notice}</p>
          <p>
            <ShellLink className="button button-primary product-buy" to={view.storePath}>
              {t('product.buy.browse', { store: view.storename })}
            </ShellLink>
          </p>
        </div>
      </div>
      {children}
      {view.fallbacks.length > 0 && (
        <ul className="product-withdrawn-links">
          {view.fallbacks.map((link) => (
            <li key={link.to}>
              <ShellLink to={link.to}>{link.label}</ShellLink>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
