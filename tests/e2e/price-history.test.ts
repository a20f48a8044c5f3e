import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ProductDetailSchema } from '../../shared/api/product-schemas';
import { COUNTRIES } from '../../shared/countries';
import { formatPrice } from '../../shared/price';
import { DAY_MS } from '../../shared/reference-price';
import { remeasureOffers } from '../../server/api/catalog/honest-offers';
import { CHART } from '../../client/components/product/price-history-view';
import { DESKTOP, browserForFile, drawnPart, openPage, seriousAxeViolations } from '../support/browser';
import { demoStackForFile } from '../support/demo-stack';
import { PRODUCT_API } from '../../shared/api/product-paths';
import { priceHistoryPath } from '../../shared/api/price-history-paths';
import { PriceHistorySchema } from '../../shared/api/price-history-schemas';
import { pathPrefix } from '../support/api-paths';

// The product page's price history in a real browser (issue "honest prices": the chart, its
// words and its table alternative): two GB size variants given a known change log; the
// summary's sentences, the span buttons worked by keyboard alone (each changes the chart, its
// axis and the table), the out-of-stock band, the table's rows being the changes in the span,
// the badge agreeing with the honest discount; axe clean. Its own stack, since the tests
// write the log straight into the database.

const browser = browserForFile();
const stack = demoStackForFile('catalog');

const gbp = (amount: number) => formatPrice(amount, COUNTRIES.GB);
/** "12 Nov", or "12 Nov 2025" outside the current year, of the UTC day `ago` days before `now`. */
function dayAgo(now: number, ago: number): string {
  const date = new Date(now - ago * DAY_MS);
  const sameYear = date.getUTCFullYear() === new Date(now).getUTCFullYear();
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}
const percentOff = (was: number, now: number) => Math.round(((was - now) * 100) / was);

type Priced = { id: number; guid: string; msrp: number; sale: number };
/** A change: days ago, sale price, in stock. The list price stays the size variant's msrp. */
type Change = [ago: number, sale: number, inStock: boolean];

/**
 * In-stock GB size variants reduced by at least a fifth, one per product, priced enough to have
 * room between sale and list price, of products only one store sells (issue 28: a size other
 * stores sell too has their lines and a lowest across them, which the last test is about).
 */
async function reducedSizeVariants(count: number): Promise<Priced[]> {
  const rows = await stack.db.query<Priced>(
    `SELECT DISTINCT ON (v.product_id) sv.id, sv.guid::text AS guid, pr.msrp::float8 AS msrp, pr.sale_price::float8 AS sale
       FROM size_variants sv
       JOIN variants v ON v.id = sv.variant_id
       JOIN products p ON p.id = v.product_id
       JOIN stores s ON s.id = sv.store_id AND NOT s.admin_only
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB'
      WHERE pr.status = 1 AND pr.sale_price >= 20 AND pr.msrp >= pr.sale_price * 1.25
        AND NOT EXISTS (SELECT 1 FROM products o WHERE o.canonical_id = p.canonical_id AND o.id <> p.id)
      ORDER BY v.product_id, sv.id
      LIMIT $1`,
    [count],
  );
  expect(rows.length).toBe(count);
  return rows;
}

/** Replaces the size variant's GB log with these changes, the last of them today's price. */
async function writeLog(item: Priced, changes: Change[], now: number): Promise<void> {
  await stack.db.query(`DELETE FROM price_history WHERE size_variant_id = $1 AND country_code = 'GB'`, [item.id]);
  for (const [i, [ago, sale, inStock]] of changes.entries()) {
    await stack.db.query(
      `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
       VALUES ($1, 'GB', 'GBP', $2, $3, $4, $5, $6)`,
      [item.id, item.msrp, sale, inStock ? 1 : 0, i === 0, new Date(now - ago * DAY_MS)],
    );
  }
}

async function pageOf(item: Priced): Promise<string> {
  const res = await fetch(`${stack.api.url}${PRODUCT_API.detailByGuid(item.guid)}?country=GB`);
  expect(res.status).toBe(200);
  return `${stack.web.url}/${ProductDetailSchema.parse(((await res.json()) as { data: unknown }).data).canonicalUrl}`;
}

/** The price history, drawn (it is drawn when the shopper comes near it: client/app/deferred-part.tsx). */
async function historyOf(page: Page): Promise<Locator> {
  const history = page.getByRole('region', { name: 'Price history' });
  await drawnPart(history);
  return history;
}
/** The notes under the chart, once the history (asked for after the page's critical data) has come. */
const notes = async (history: Locator) => {
  await history.locator('.price-history-note').first().waitFor();
  return history.locator('.price-history-note').allTextContents();
};
/** The table alternative's rows: from, price, list price, availability. */
const tableRows = (history: Locator) =>
  history.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
const pressed = (history: Locator) =>
  history.getByRole('group', { name: 'Period' }).getByRole('button').evaluateAll((buttons) => buttons.map((b) => `${b.textContent}: ${b.getAttribute('aria-pressed')}`));
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** The out-of-stock bands as [first day's index, days], read back from the SVG's geometry for a span of `days` points. */
async function gapBands(history: Locator, days: number): Promise<[number, number][]> {
  const step = (CHART.width - CHART.left - CHART.right) / days;
  const rects = await history.locator('rect.price-history-gap').evaluateAll((all) => all.map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('width'))]));
  return rects.map(([x, width]) => [Math.round((x! - CHART.left) / step), Math.round(width! / step)]);
}

describe('the price history on the product page', () => {
  it('says the 30-day low and what the discount is measured against, and its span buttons, by keyboard, redraw the chart and its table', async () => {
    const [item] = await reducedSizeVariants(1);
    const { msrp, sale } = item!;
    const low = Math.floor(sale * 0.8);
    const between = Math.round((sale + msrp) / 2);
    const now = Date.now();
    // The list price for months with a reduction in between, a flash sale below today's price
    // 40 days ago (outside the 30-day window but inside the 90-day one), a week out of stock,
    // then the cut to today's price five days ago.
    await writeLog(
      item!,
      [
        [200, msrp, true],
        [120, between, true],
        [100, msrp, true],
        [40, low, true],
        [37, msrp, true],
        [25, msrp, false],
        [18, msrp, true],
        [5, sale, true],
      ],
      now,
    );
    const context = await browser().newContext({ ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, await pageOf(item!));
    const history = await historyOf(page);
    const day = (ago: number) => dayAgo(now, ago);
    const sentences = await notes(history);

    // Today is the lowest of 30 days, not of 90 (the flash sale): the 30-day line, not the
    // good-time note; the cut is measured against the 30 days before it, all at the list price.
    expect(sentences).toEqual([
      `Lowest in 30 days: ${gbp(sale)} (${day(0)}). Today: ${gbp(sale)}.`,
      `${percentOff(msrp, sale)}% off, measured against the lowest price of the 30 days before this price began on ${day(5)} (${gbp(msrp)}).`,
    ]);
    // 90 days shown first; 201 days of history offer all three spans.
    expect(await pressed(history)).toEqual(['30 days: false', '90 days: true', '365 days: false']);
    const chart = history.getByRole('img');
    const axis = history.locator('.price-history-axis');
    expect(await chart.locator('title').textContent()).toBe('Price over the last 90 days');
    expect(await axis.textContent()).toBe(`${day(89)} – ${day(0)}`);

    // The table opens from the keyboard; its rows are the changes in the 90 days.
    const table = history.getByRole('table', { name: 'Price changes over the last 90 days' });
    expect(await table.isVisible()).toBe(false);
    await history.getByText('Price changes as a table').focus();
    await page.keyboard.press('Enter');
    await table.waitFor();
    const row = (ago: number, price: number, inStock = true) => [day(ago), gbp(price), gbp(msrp), inStock ? 'In stock' : 'Out of stock'];
    expect(await tableRows(history)).toEqual([row(89, msrp), row(40, low), row(37, msrp), row(25, msrp, false), row(18, msrp), row(5, sale)]);
    expect(await gapBands(history, 90)).toEqual([[90 - 1 - 25, 7]]);
    expect(await history.locator('.price-history-key-gap').textContent()).toBe('Out of stock');

    // Back to 30 days by keyboard: from the pressed 90, Shift+Tab to 30 and Space.
    await history.getByRole('button', { name: '90 days' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('30 days');
    await page.keyboard.press('Space');
    await history.getByRole('table', { name: 'Price changes over the last 30 days' }).waitFor();
    expect(await pressed(history)).toEqual(['30 days: true', '90 days: false', '365 days: false']);
    expect(await focused(page)).toBe('30 days');
    expect(await chart.locator('title').textContent()).toBe('Price over the last 30 days');
    expect(await axis.textContent()).toBe(`${day(29)} – ${day(0)}`);
    expect(await tableRows(history)).toEqual([row(29, msrp), row(25, msrp, false), row(18, msrp), row(5, sale)]);
    expect(await gapBands(history, 30)).toEqual([[30 - 1 - 25, 7]]);
    // The chart's description follows the span (the flash sale is out of it); the sentences
    // above it are about fixed windows and stay.
    expect(await chart.locator('desc').textContent()).toMatch(new RegExp(`^From £[\\d.,]+ to £[\\d.,]+, ${day(29)} to ${day(0)}\\. Lowest in 30 days: `));
    expect(await notes(history)).toEqual(sentences);

    // Tab twice to 365 days and Enter: the whole log, 201 days of it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('365 days');
    await page.keyboard.press('Enter');
    await history.getByRole('table', { name: 'Price changes over the last 201 days' }).waitFor();
    expect(await pressed(history)).toEqual(['30 days: false', '90 days: false', '365 days: true']);
    expect(await focused(page)).toBe('365 days');
    expect(await chart.locator('title').textContent()).toBe('Price over the last 201 days');
    expect(await axis.textContent()).toBe(`${day(200)} – ${day(0)}`);
    expect(await tableRows(history)).toEqual([
      row(200, msrp),
      row(120, between),
      row(100, msrp),
      row(40, low),
      row(37, msrp),
      row(25, msrp, false),
      row(18, msrp),
      row(5, sale),
    ]);
    expect(await gapBands(history, 201)).toEqual([[201 - 1 - 25, 7]]);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says when today is the lowest price in 90 days, and shows the honest discount where the feed claims a bigger one, on the badge too', async () => {
    const [, item] = await reducedSizeVariants(2);
    const { msrp, sale } = item!;
    // Months at a regular price below the feed's "was", cut ten days ago: the honest discount
    // is measured against the regular price, not the list price.
    const regular = Math.round((sale + msrp) / 2);
    const now = Date.now();
    await writeLog(
      item!,
      [
        [120, regular, true],
        [10, sale, true],
      ],
      now,
    );
    // The log was written behind the importer's back: re-measure the stored discounts, as the
    // daily job does, and wait for the api to hear of it.
    const heard = stack.api.answers.nextChange();
    await remeasureOffers(stack.db, now);
    await heard;
    const [stored] = await stack.db.query<{ offers: number }>(`SELECT offers FROM size_variant_prices WHERE size_variant_id = $1 AND country_code = 'GB'`, [item!.id]);

    const context = await browser().newContext({ ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, await pageOf(item!));
    const history = await historyOf(page);
    const honest = percentOff(regular, sale);
    expect(honest).toBeLessThan(percentOff(msrp, sale));
    expect(await notes(history)).toEqual([
      'This is the lowest price in 90 days: a good time to buy.',
      `${honest}% off, measured against the lowest price of the 30 days before this price began on ${dayAgo(now, 10)} (${gbp(regular)}).`,
      `The retailer's list price of ${gbp(msrp)} would make it ${percentOff(msrp, sale)}% off; we show the smaller figure.`,
    ]);
    expect(stored!.offers).toBe(honest);
    expect(await page.locator('.product-price .product-offer').textContent()).toBe(`${honest}% OFF`);
    // Never out of stock: no band, and the legend does not mention one.
    expect(await history.locator('rect.price-history-gap').count()).toBe(0);
    expect(await history.locator('.price-history-key-gap').count()).toBe(0);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue 28: a size the demo's stores really sell two of, matched by the importer (a shared
  // GTIN): the older copy (the match's canonical, whose page this is) and the other store's.
  it('draws the lowest total across stores and each store’s line when two stores sell the size, with a legend naming them and a table of the lowest', async () => {
    const pair = await stack.db.query<Priced>(
      `WITH offers AS (
         SELECT sv.id, sv.canonical_id, sv.guid::text AS guid, pr.msrp::float8 AS msrp, pr.sale_price::float8 AS sale
           FROM size_variants sv
           JOIN stores s ON s.id = sv.store_id AND NOT s.admin_only
           JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' AND pr.withdrawn_at IS NULL
          WHERE pr.status = 1)
       SELECT id, guid, msrp, sale FROM offers
        WHERE canonical_id = (SELECT o.canonical_id FROM offers o GROUP BY 1
                               HAVING count(*) = 2 AND count(*) = (SELECT count(*) FROM size_variants a WHERE a.canonical_id = o.canonical_id)
                               ORDER BY 1 LIMIT 1)
        ORDER BY id`,
    );
    expect(pair.length).toBe(2);
    const [item, other] = pair;
    // The importer's match, not the test's: the newer copy names the older one.
    expect(await stack.db.query('SELECT same_as FROM size_variants WHERE id = $1', [other!.id])).toEqual([{ same_as: item!.id }]);
    const now = Date.now();
    await writeLog(item!, [[40, item!.msrp, true], [5, item!.sale, true]], now);
    await writeLog(other!, [[20, other!.sale, true]], now);
    const answer = PriceHistorySchema.parse(
      ((await (await fetch(`${stack.api.url}${pathPrefix(priceHistoryPath)}${item!.guid}?country=GB`)).json()) as { data: unknown }).data,
    );
    const names = answer.stores.map((line) => line.store.name);
    expect(names.length).toBe(2);
    const today = answer.lowest.at(-1)!;
    const cheapest = answer.stores.find((line) => line.guid === today.guid)!;

    const context = await browser().newContext({ ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, await pageOf(item!));
    const history = await historyOf(page);
    const delivery = cheapest.delivery === null ? 'delivery not shown' : cheapest.delivery === 0 ? 'free delivery' : `${gbp(cheapest.delivery)} delivery`;
    const lowest = `Lowest across 2 stores today: ${gbp(today.total!)} at ${cheapest.store.name} (${delivery}).`;
    expect((await notes(history)).at(-1)).toBe(lowest);
    const chart = history.getByRole('img');
    expect(await chart.locator('title').textContent()).toBe('Price with delivery at 2 stores over the last 41 days');
    const desc = (await chart.locator('desc').textContent()) ?? '';
    expect(desc.slice(desc.indexOf(`, ${dayAgo(now, 40)} to`))).toBe(`, ${dayAgo(now, 40)} to ${dayAgo(now, 0)}. ${lowest}`);
    expect(await chart.locator('path.price-history-store').count()).toBe(2);
    expect(await chart.locator('path.price-history-lowest').count()).toBe(1);
    expect(await history.locator('.price-history-legend > span').allTextContents()).toEqual(['Lowest across stores', ...names, `${dayAgo(now, 40)} – ${dayAgo(now, 0)}`]);

    await history.getByText('Lowest price as a table').click();
    const rows = await history.getByRole('table', { name: 'Lowest price with delivery across stores over the last 41 days' }).locator('tbody tr').count();
    const stores = await history.locator('table tbody tr td:last-child').allTextContents();
    expect(stores.length).toBe(rows);
    expect(stores.filter((name) => !names.includes(name))).toEqual([]);
    expect(stores.at(-1)).toBe(cheapest.store.name);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
