import { useId, useState } from 'react';
import type { PriceHistory } from '../../../shared/api/price-history-schemas';
import { PRICE_HISTORY_DEFAULT_DAYS } from '../../../shared/api/price-history-paths';
import { catalogReady, useT } from '../../app/i18n';
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
// Its words, days and prices are the page's language's (issue 29).

type Props = { history: PriceHistory; money: Money; locale: string; headingId: string };

/** Drawn inside ProductPage's <section class="price-history" aria-labelledby={headingId}> (a part drawn when the shopper comes near it). */
export function PriceHistoryChart({ history, money, locale, headingId }: Props) {
  const id = useId();
  const t = useT();
  const acrossStores = history.stores.length > 1;
  const spans = spansOffered(acrossStores ? history.lowest : history.points);
  const [span, setSpan] = useState<Span>(spans.includes(PRICE_HISTORY_DEFAULT_DAYS) ? PRICE_HISTORY_DEFAULT_DAYS : spans[spans.length - 1]!);
  const points = lastDays(history.points, span);
  if (!points.length) return null;
  const today = history.current.date;
  const day = (date: string) => dayLabel(date, locale, today);
  const stores = storesChart(history, span);
  const chart = chartGeometry(points);
  const summary = historySummary(t, history, money, day);
  const lowIndex = history.lowest30 ? points.findLastIndex((p) => p.available && p.date <= history.lowest30!.date && p.salePrice === history.lowest30!.price) : -1;
  const todayPoint = chart.at(points.length - 1, history.current.salePrice);
  const lowPoint = lowIndex >= 0 ? chart.at(lowIndex, points[lowIndex]!.salePrice) : null;
  const rows = historyRows(points);

  return (
    <>
      <h2 id={headingId}>{t('product.history.title')}</h2>
      {summary.map((line) => (
        <p key={line} className="price-history-note">
          {line}
        </p>
      ))}
      {spans.length > 1 && (
        <div className="price-history-spans" role="group" aria-label={t('product.history.period')}>
          {spans.map((s) => (
            // Another span may say what the first page's messages lack (a gap, a low): the whole catalogue first (issue 29).
            <button key={s} type="button" aria-pressed={s === span} onClick={() => void catalogReady().then(() => setSpan(s), () => setSpan(s))}>
              {t('product.history.span', { days: s })}
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
              <title id={`${id}-t`}>{t('product.history.chartTitle', { days: points.length })}</title>
              <desc id={`${id}-d`}>
                {t('product.history.chartDescription', { low: money(chart.low), high: money(chart.high), first: day(points[0]!.date), last: day(today), summary: summary.join(' ') })}
              </desc>
              {chart.gaps.map((gap) => (
                <rect key={gap.x} className="price-history-gap" x={gap.x} y={CHART.top} width={gap.width} height={CHART.height - CHART.top - CHART.bottom} />
              ))}
              <path className="price-history-msrp" d={chart.msrp} />
              <path className="price-history-sale" d={chart.sale} />
              {lowPoint && <circle className="price-history-low" cx={lowPoint.x} cy={lowPoint.y} r={5} />}
              {history.current.available && <circle className="price-history-today" cx={todayPoint.x} cy={todayPoint.y} r={4} />}
            </svg>
            <figcaption className="price-history-legend">
              <span className="price-history-key-sale">{t('product.table.price')}</span> <span className="price-history-key-msrp">{t('product.table.listPrice')}</span>{' '}
              {chart.gaps.length > 0 && <span className="price-history-key-gap">{t('product.stock.outOfStock')}</span>}{' '}
              {lowPoint && <span className="price-history-key-low">{t('product.history.lowestIn30Key')}</span>}
              <span className="price-history-axis">
                {day(points[0]!.date)} – {day(today)}
              </span>
            </figcaption>
          </figure>
          <details className="price-history-table">
            <summary>{t('product.history.asTable')}</summary>
            <table>
              <caption className="visually-hidden">{t('product.history.tableCaption', { days: points.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('product.table.from')}</th>
                  <th scope="col">{t('product.table.price')}</th>
                  <th scope="col">{t('product.table.listPrice')}</th>
                  <th scope="col">{t('product.table.availability')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.from}>
                    <th scope="row">{day(row.from)}</th>
                    <td>{money(row.salePrice)}</td>
                    <td>{money(row.msrp)}</td>
                    <td>{row.available ? t('product.stock.inStock') : t('product.stock.outOfStock')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </>
  );
}

type StoresProps = { id: string; chart: StoresChart; history: PriceHistory; money: Money; day: (date: string) => string };

/** The lowest total across stores and each store's line; the table lists the lowest's changes. */
function StoresFigure({ id, chart, history, money, day }: StoresProps) {
  const t = useT();
  const lowest = storesSummary(t, chart, history.stores.length, money);
  const first = day(chart.days[0]!.date);
  const last = day(chart.days[chart.days.length - 1]!.date);
  return (
    <>
      <p className="price-history-note">{lowest}</p>
      <figure className="price-history-figure">
        <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
          <title id={`${id}-t`}>{t('product.history.storesChartTitle', { stores: history.stores.length, days: chart.days.length })}</title>
          <desc id={`${id}-d`}>{t('product.history.chartDescription', { low: money(chart.low), high: money(chart.high), first, last, summary: lowest })}</desc>
          {chart.stores.map((store, i) => (
            <path key={store.guid} className="price-history-store" data-line={i % 4} d={store.line} />
          ))}
          <path className="price-history-lowest" d={chart.lowest} />
        </svg>
        <figcaption className="price-history-legend">
          <span className="price-history-key-lowest">{t('product.history.lowestAcrossStores')}</span>{' '}
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
        <summary>{t('product.history.lowestAsTable')}</summary>
        <table>
          <caption className="visually-hidden">{t('product.history.lowestTableCaption', { days: chart.days.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('product.table.from')}</th>
              <th scope="col">{t('product.table.lowestWithDelivery')}</th>
              <th scope="col">{t('product.table.store')}</th>
            </tr>
          </thead>
          <tbody>
            {lowestRows(chart, history).map((row) => (
              <tr key={row.from}>
                <th scope="row">{day(row.from)}</th>
                <td>{row.total === null ? t('product.stock.outOfStock') : money(row.total)}</td>
                <td>{row.store ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
