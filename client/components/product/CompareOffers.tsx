import type { Country } from '../../../shared/countries';
import { BuyControl } from './BuyControl';
import { CHEAPEST, compareTitle, type OfferRow } from './offers-view';
import { PriceAge } from './PriceAge';

// "Compare N offers" (issue 28): the chosen size's offers in every store on this country's site,
// cheapest total first, as a table a screen reader walks by store. Each row's Buy control is a
// plain link to the tracked click-through, so it all works without JavaScript; another size is
// another page (the size links above), with that size's offers.

export function CompareOffers({ rows, country }: { rows: readonly OfferRow[]; country: Pick<Country, 'locale' | 'timeZone'> }) {
  if (!rows.length) return null;
  return (
    <section className="product-offers" aria-labelledby="product-offers-title">
      <h2 id="product-offers-title">{compareTitle(rows.length)}</h2>
      <div className="product-offers-scroll">
        <table className="product-offers-table" aria-labelledby="product-offers-title">
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col">Price</th>
              <th scope="col">Delivery</th>
              <th scope="col">Total</th>
              <th scope="col">Stock</th>
              <th scope="col">
                <span className="visually-hidden">Buy</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.offer.guid} data-offer={row.offer.guid} className={row.cheapest ? 'is-cheapest' : undefined}>
                <th scope="row">
                  {row.store}
                  {row.cheapest && <strong className="product-offers-cheapest">{CHEAPEST}</strong>}
                  <PriceAge age={row.offer.priceAge} country={country} />
                </th>
                <td>
                  {row.price}
                  {row.was && (
                    <>
                      {' '}
                      <s className="product-msrp">
                        <span className="visually-hidden">was </span>
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
