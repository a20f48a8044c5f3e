import type { Country } from '../../../shared/countries';
import { useT } from '../../app/i18n';
import { BuyControl } from './BuyControl';
import { compareTitle, type OfferRow } from './offers-view';
import { PriceAge } from './PriceAge';

// "Compare N offers" (issue 28): the chosen size's offers in every store on this country's site,
// cheapest total first, as a table a screen reader walks by store. Each row's Buy control is a
// plain link to the tracked click-through, so it all works without JavaScript; another size is
// another page (the size links above), with that size's offers. In the page's language (issue 29).

export function CompareOffers({ rows, country }: { rows: readonly OfferRow[]; country: Pick<Country, 'locale' | 'timeZone'> }) {
  const t = useT();
  if (!rows.length) return null;
  return (
    <section className="product-offers" aria-labelledby="product-offers-title">
      <h2 id="product-offers-title">{compareTitle(t, rows.length)}</h2>
      <div className="product-offers-scroll">
        <table className="product-offers-table" aria-labelledby="product-offers-title">
          <thead>
            <tr>
              <th scope="col">{t('product.table.store')}</th>
              <th scope="col">{t('product.table.price')}</th>
              <th scope="col">{t('product.offers.delivery')}</th>
              <th scope="col">{t('product.offers.total')}</th>
              <th scope="col">{t('product.offers.stock')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('product.offers.buy')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.offer.guid} data-offer={row.offer.guid} className={row.cheapest ? 'is-cheapest' : undefined}>
                <th scope="row">
                  {row.store}
                  {row.cheapest && <strong className="product-offers-cheapest">{t('product.offers.cheapest')}</strong>}
                  <PriceAge age={row.offer.priceAge} country={country} />
                </th>
                <td>
                  {row.price}
                  {row.was && (
                    <>
                      {' '}
                      <s className="product-msrp">
                        <span className="visually-hidden">{`${t('product.price.was')} `}</span>
                        {row.was}
                      </s>
                    </>
                  )}
                  {row.discount && <span className="product-offer">{row.discount}</span>}
                </td>
                <td>{row.delivery}</td>
                <td className="product-offers-total">{row.total}</td>
                <td>{row.stock}</td>
                <td>
                  <BuyControl product={row.offer} size={row.offer} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
