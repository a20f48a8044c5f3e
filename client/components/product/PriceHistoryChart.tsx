import { useId, useState } from 'react';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import { PRICE_HISTORY_DEFAULT_DAYS } from '../../../shared/api/price-history-paths';
import {
  CHART,
  chartGeometry,
  dayLabel,
  historyRows,
  historySummary,
  lastDays,
  lowestRows,
  spansOffered,
  storesChart,
  storesSummary,
  type Money,
  type Span,
  type StoresChart,
} from './price-history-view';

// The product page's price history: what this size variant cost on this country's site over 30,
// 90 or 365 days, drawn on the server as SVG (no chart library in the browser), with the summary
// in words and the changes as a table for anyone who cannot see the chart. The span buttons
// need JavaScript; without it the page shows 90 days (or all there is), which is the default.
// When more than one store sells the size (issue 28), it draws instead the lowest total across
// stores and each store's total, with a legend naming them; its words and table state the lowest.

type Props = { history: PriceHistory; money: Money; locale: string };

export function PriceHistoryChart({ history, money, locale }: Props) {
  const id = useId();
  const acrossStores = history.stores.length > 1;
  const spans = spansOffered(acrossStores ? history.lowest : history.points);
  const [span, setSpan] = useState<Span>(spans.includes(PRICE_HISTORY_DEFAULT_DAYS) ? PRICE_HISTORY_DEFAULT_DAYS : spans[spans.length - 1]!);
  const points = lastDays(history.points, span);
  if (!points.length) return null;
  const today = history.current.date;
  const day = (date: string) => dayLabel(date, locale, today);
  const stores = storesChart(history, span);
  const chart = chartGeometry(points);
  const summary = historySummary(history, money, day);
  const lowIndex = history.lowest30 ? points.findLastIndex((p) => p.available && p.date <= history.lowest30!.date && p.salePrice === history.lowest30!.price) : -1;
  const todayPoint = chart.at(points.length - 1, history.current.salePrice);
  const lowPoint = lowIndex >= 0 ? chart.at(lowIndex, points[lowIndex]!.salePrice) : null;
  const rows = historyRows(points);

  return (
    <section className="price-history" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Price history</h2>
      {summary.map((line) => (
        <p key={line} className="price-history-note">
          {line}
        </p>
      ))}
      {spans.length > 1 && (
        <div className="price-history-spans" role="group" aria-label="Period">
          {spans.map((s) => (
            <button key={s} type="button" aria-pressed={s === span} onClick={() => setSpan(s)}>
              {s} days
            </button>
          ))}
        </div>
      )}
      {stores ? (
        <StoresFigure id={id} chart={stores} history={history} money={money} day={day} />
      ) : (
        <>
          <figure className="price-history-figure">
            <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
              <title id={`${id}-t`}>{`Price over the last ${points.length} days`}</title>
              <desc id={`${id}-d`}>{`From ${money(chart.low)} to ${money(chart.high)}, ${day(points[0]!.date)} to ${day(today)}. ${summary.join(' ')}`}</desc>
              {chart.gaps.map((gap) => (
                <rect key={gap.x} className="price-history-gap" x={gap.x} y={CHART.top} width={gap.width} height={CHART.height - CHART.top - CHART.bottom} />
              ))}
              <path className="price-history-msrp" d={chart.msrp} />
              <path className="price-history-sale" d={chart.sale} />
              {lowPoint && <circle className="price-history-low" cx={lowPoint.x} cy={lowPoint.y} r={5} />}
              {history.current.available && <circle className="price-history-today" cx={todayPoint.x} cy={todayPoint.y} r={4} />}
            </svg>
            <figcaption className="price-history-legend">
              <span className="price-history-key-sale">Price</span> <span className="price-history-key-msrp">List price</span>{' '}
              {chart.gaps.length > 0 && <span className="price-history-key-gap">Out of stock</span>}{' '}
              {lowPoint && <span className="price-history-key-low">Lowest in 30 days</span>}
              <span className="price-history-axis">
                {day(points[0]!.date)} – {day(today)}
              </span>
            </figcaption>
          </figure>
          <details className="price-history-table">
            <summary>Price changes as a table</summary>
            <table>
              <caption className="visually-hidden">{`Price changes over the last ${points.length} days`}</caption>
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">Price</th>
                  <th scope="col">List price</th>
                  <th scope="col">Availability</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.from}>
                    <th scope="row">{day(row.from)}</th>
                    <td>{money(row.salePrice)}</td>
                    <td>{money(row.msrp)}</td>
                    <td>{row.available ? 'In stock' : 'Out of stock'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

type StoresProps = { id: string; chart: StoresChart; history: PriceHistory; money: Money; day: (date: string) => string };

/** The lowest total across stores and each store's line; the table lists the lowest's changes. */
function StoresFigure({ id, chart, history, money, day }: StoresProps) {
  const lowest = storesSummary(chart, history.stores.length, money);
  const first = day(chart.days[0]!.date);
  const last = day(chart.days[chart.days.length - 1]!.date);
  return (
    <>
      <p className="price-history-note">{lowest}</p>
      <figure className="price-history-figure">
        <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
          <title id={`${id}-t`}>{`Price with delivery at ${history.stores.length} stores over the last ${chart.days.length} days`}</title>
          <desc id={`${id}-d`}>{`From ${money(chart.low)} to ${money(chart.high)}, ${first} to ${last}. ${lowest}`}</desc>
          {chart.stores.map((store, i) => (
            <path key={store.guid} className="price-history-store" data-line={i % 4} d={store.line} />
          ))}
          <path className="price-history-lowest" d={chart.lowest} />
        </svg>
        <figcaption className="price-history-legend">
          <span className="price-history-key-lowest">Lowest across stores</span>{' '}
          {chart.stores.map((store, i) => (
            <span key={store.guid} className="price-history-key-store" data-line={i % 4}>
              {store.name}
            </span>
          ))}{' '}
          <span className="price-history-axis">
            {first} – {last}
          </span>
        </figcaption>
      </figure>
      <details className="price-history-table">
        <summary>Lowest price as a table</summary>
        <table>
          <caption className="visually-hidden">{`Lowest price with delivery across stores over the last ${chart.days.length} days`}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Lowest with delivery</th>
              <th scope="col">Store</th>
            </tr>
          </thead>
          <tbody>
            {lowestRows(chart, history).map((row) => (
              <tr key={row.from}>
                <th scope="row">{day(row.from)}</th>
                <td>{row.total === null ? 'Out of stock' : money(row.total)}</td>
                <td>{row.store ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
