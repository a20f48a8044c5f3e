import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ALERT_MESSAGES, ALERT_NOTICES, roundedSalePrice } from '../../shared/validation/alert-rules';
import { registerUser, uniqueEmail } from '../integration/accounts/accounts-api';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations, siteContexts, expectNotice } from '../support/browser';
import { announceCatalogChange, demoStackForFile } from '../support/demo-stack';
import type { PriceHistory } from '../../shared/api/price-history-schemas';
import { ALERT_API } from '../../shared/api/alert-paths';
import { priceHistoryPath } from '../../shared/api/price-history-paths';
import { pathPrefix } from '../support/api-paths';
import { PRODUCT_API } from '../../shared/api/product-paths';
import { inEnglish } from '../support/i18n';

// Sale and price alerts in a real browser (spec sections 2 "Product card" and "Global shell",
// 4 "Alert dialog", 5 "Alert email" and "Alert price", 8, 9): the cards' 'Get Sale Alert' and
// price-alert bell open the dialog for shoppers and guests; every message as typed, Alert Me
// disabled while invalid or without a scope, success closing with the notice (the alert in the
// database), a refusal keeping it open with no message; the dialog by keyboard alone; axe on
// the dialog, My Alerts and My Sales; the header bell's count, read by opening My Alerts. Its
// own stack, since the tests read and change the database.

const browser = browserForFile();
const stack = demoStackForFile('catalog');

type Shopper = Awaited<ReturnType<typeof registerUser>>;

// axe is injected as a script, which our CSP rightly refuses: the test contexts bypass it.
const contextFor = siteContexts(browser, () => stack.web.url, { ...DESKTOP, bypassCSP: true });


const firstCard = (page: Page) => page.locator('.listing-results .product-grid > article').first();

/** Opens a card's Price Alert dialog as a shopper does: over the card, then its alert link. */
async function openPriceAlert(card: Locator): Promise<Locator> {
  await card.hover();
  await card.getByRole('link', { name: /^Price alert for / }).click();
  return card.page().getByRole('dialog', { name: 'Price Alert' });
}

/** The size variant a card's alert actions are for, from their no-JavaScript address (/alerts/add/{guid}). */
async function guidOf(card: Locator): Promise<string> {
  const href = await card.getByRole('link', { name: /^Price alert for / }).getAttribute('href');
  return /\/alerts\/add\/([0-9a-f-]+)\?/.exec(href ?? '')?.[1] ?? '';
}

async function salePriceOf(guid: string): Promise<number> {
  const [row] = await stack.db.query<{ sale_price: number }>(
    `SELECT pr.sale_price FROM size_variants sv JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' WHERE sv.guid = $1::uuid`,
    [guid],
  );
  return Number(row!.sale_price);
}

/** How many public stores sell the size on the GB site: its offers, the size variants sharing its canonical_id (issue 28). */
async function storesSelling(guid: string): Promise<number> {
  const [row] = await stack.db.query<{ n: number }>(
    `SELECT count(*)::int AS n
       FROM size_variants me
       JOIN size_variants sv ON sv.canonical_id = me.canonical_id
       JOIN stores s ON s.id = sv.store_id AND NOT s.admin_only
       JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' AND pr.withdrawn_at IS NULL
      WHERE me.guid = $1::uuid`,
    [guid],
  );
  return row!.n;
}

type AlertRow = { kind: string; scope: string; alert_price: number | null; guid: string };
const alertsOf = (shopper: Shopper) => stack.db.query<AlertRow>('SELECT kind, scope, alert_price, guid::text AS guid FROM alerts WHERE user_id = $1 ORDER BY id', [shopper.userId]);

const fieldError = (dialog: Locator) => dialog.locator('.field-error');

describe('the Price Alert dialog', () => {
  it('says every message as the shopper types, keeps Alert Me disabled until a scope and a good price, and closes on success with the notice', async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = firstCard(page);
    const guid = await guidOf(card);
    const limit = roundedSalePrice(await salePriceOf(guid));
    const dialog = await openPriceAlert(card);
    const price = dialog.getByLabel('Alert price');
    const alertMe = dialog.getByRole('button', { name: 'Alert Me' });
    await dialog.getByRole('radio', { name: 'This item' }).waitFor();
    // Nothing chosen yet: the price waits for a scope, Alert Me for both.
    expect(await dialog.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).checked))).toEqual([false, false, false]);
    expect(await price.isDisabled()).toBe(true);
    expect(await alertMe.isDisabled()).toBe(true);

    await dialog.getByRole('radio', { name: /^Any item of / }).first().check();
    expect(await price.isEnabled()).toBe(true);
    expect(await alertMe.isDisabled()).toBe(true);
    expect(await fieldError(dialog).count()).toBe(0);

    await price.fill('4 0');
    expect(await fieldError(dialog).textContent()).toBe(inEnglish(ALERT_MESSAGES.priceInvalid));
    expect(await alertMe.isDisabled()).toBe(true);
    await price.fill(String(limit));
    expect(await fieldError(dialog).textContent()).toBe(inEnglish(ALERT_MESSAGES.priceTooHigh(limit)));
    expect(await alertMe.isDisabled()).toBe(true);
    await price.fill('');
    expect(await fieldError(dialog).textContent()).toBe(inEnglish(ALERT_MESSAGES.priceRequired));
    await price.fill(`${limit - 1}.5`);
    expect(await fieldError(dialog).count()).toBe(0);
    await dialog.getByRole('radio', { name: 'This item' }).check();
    expect(await alertMe.isEnabled()).toBe(true);
    expect(await dialog.getByLabel('Email').count()).toBe(0);

    await alertMe.click();
    await expectNotice(page, inEnglish(ALERT_NOTICES.set));
    await dialog.waitFor({ state: 'detached' });
    expect(await alertsOf(shopper)).toEqual([{ kind: 'price', scope: 'item', alert_price: limit - 0.5, guid }]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("suggests the item's 90-day low from its price history, and a press puts it in the price field", async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = page.locator('.listing-results .product-grid > article').nth(1);
    const guid = await guidOf(card);
    const sale = await salePriceOf(guid);
    // Its log: today's price since 120 days ago, except ten days at a whole 70 % of it.
    const low = Math.floor(sale * 0.7);
    const [{ id }] = (await stack.db.query<{ id: number }>('SELECT id FROM size_variants WHERE guid = $1::uuid', [guid])) as [{ id: number }];
    await stack.db.query(`DELETE FROM price_history WHERE size_variant_id = $1 AND country_code = 'GB'`, [id]);
    for (const [ago, price] of [[120, sale], [60, low], [50, sale]] as const) {
      await stack.db.query(
        `INSERT INTO price_history (size_variant_id, country_code, currency_code, msrp, sale_price, status, first_seen, recorded_at)
         SELECT $1, 'GB', 'GBP', pr.msrp, $2, 1, $3, $4 FROM size_variant_prices pr WHERE pr.size_variant_id = $1 AND pr.country_code = 'GB'`,
        [id, price, ago === 120, new Date(Date.now() - ago * 86_400_000)],
      );
    }
    // Written behind the importer's back: the api keeps a price history's answer until it hears
    // of a change, so it is told, as an import would tell it, and the test waits until it heard.
    await announceCatalogChange(stack, guid);
    const historyRead = page.waitForResponse((res) => res.url().includes(pathPrefix(priceHistoryPath)));
    const dialog = await openPriceAlert(card);
    const read = await historyRead;
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { data: PriceHistory }).data.lowest90?.price).toBe(low);
    await dialog.getByRole('radio', { name: 'This item' }).check();
    const suggestion = dialog.getByRole('button', { name: `Lowest in 90 days: £${low}. Use it` });
    await suggestion.click();
    expect(await dialog.getByLabel('Alert price').inputValue()).toBe(String(low));
    expect(await fieldError(dialog).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Alert Me' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  // Issue 28: the third dress is one the demo's stores really sell several of (the importer
  // matched their copies by GTIN, no SQL here); how many sell the size, from the database.
  it('offers "at any store" on this item when several stores sell the size, sets it ticked, and My Alerts says so', async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = page.locator('.listing-results .product-grid > article').nth(2);
    // Hovered first: the pointer lands on one of its colours, which the card (and its alert)
    // then shows, so the size is read after.
    await card.hover();
    const guid = await guidOf(card);
    const limit = roundedSalePrice(await salePriceOf(guid));
    const stores = await storesSelling(guid);
    const dialog = await openPriceAlert(card);
    const anyStore = dialog.getByRole('checkbox', { name: `Tell me at any store (${stores} stores sell this size)`, exact: true });
    await dialog.getByRole('radio', { name: /^Any item of / }).first().check();
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    await dialog.getByRole('radio', { name: 'This item' }).check();
    expect(await anyStore.isChecked()).toBe(false);
    await anyStore.check();
    await dialog.getByLabel('Alert price').fill(String(limit - 1));
    await dialog.getByRole('button', { name: 'Alert Me' }).click();
    await expectNotice(page, inEnglish(ALERT_NOTICES.set));
    expect(await stack.db.query('SELECT scope, any_store FROM alerts WHERE user_id = $1', [shopper.userId])).toEqual([{ scope: 'item', any_store: true }]);

    await page.goto(`${stack.web.url}/user/${shopper.userName}/alerts`);
    expect(await page.locator('.alert-item .alert-words').allTextContents()).toEqual(['Price Alert · This item at any store']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stays open with no message when the api refuses (the price fell below the figure since it opened)', async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = firstCard(page);
    const guid = await guidOf(card);
    const salePrice = await salePriceOf(guid);
    // The dialog reads the item's price history (for its suggestion) as it opens; that answer is
    // kept until an import, so it must be made before the price is changed under it here.
    const historyRead = page.waitForResponse((res) => res.url().includes(pathPrefix(priceHistoryPath)));
    const dialog = await openPriceAlert(card);
    expect((await historyRead).status()).toBe(200);
    await dialog.getByRole('radio', { name: 'This item' }).check();
    await dialog.getByLabel('Alert price').fill('2');
    const update = `UPDATE size_variant_prices SET sale_price = $2 WHERE country_code = 'GB' AND size_variant_id = (SELECT id FROM size_variants WHERE guid = $1::uuid)`;
    await stack.db.query(update, [guid, 1]);
    try {
      const answered = page.waitForResponse((res) => res.url().endsWith(ALERT_API.setUser));
      await dialog.getByRole('button', { name: 'Alert Me' }).click();
      expect((await answered).status()).toBe(400);
      // The answer is handled once Alert Me is pressable again.
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('dialog.alert-dialog button[type="submit"]')?.disabled);
    } finally {
      await stack.db.query(update, [guid, salePrice]);
    }
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.locator('.field-error, .form-error').count()).toBe(0);
    expect(await page.getByTestId('notice').count()).toBe(0);
    expect(await alertsOf(shopper)).toEqual([]);
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await context.close();
  });
});

describe('the Sale Alert dialog for a guest', () => {
  it('asks for an e-mail with the spec’s message, sets the alert on the store, and says to check the inbox', async () => {
    const context = await contextFor();
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = firstCard(page);
    await card.hover();
    await card.getByRole('link', { name: /^Get Sale Alert for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sale Alert' });
    const alertMe = dialog.getByRole('button', { name: 'Alert Me' });
    const store = dialog.getByRole('radio', { name: /^Any item of / }).last();
    await store.waitFor();
    expect(await dialog.getByLabel('Alert price').count()).toBe(0);
    await store.check();
    expect(await alertMe.isDisabled()).toBe(true);

    const email = dialog.getByLabel('Email');
    await email.fill('Someone@Example');
    expect(await fieldError(dialog).textContent()).toBe(inEnglish(ALERT_MESSAGES.email));
    expect(await alertMe.isDisabled()).toBe(true);
    const address = uniqueEmail('guest-alert');
    await email.fill(address);
    expect(await fieldError(dialog).count()).toBe(0);
    expect(await alertMe.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await alertMe.click();
    await expectNotice(page, inEnglish(ALERT_NOTICES.confirmSent));
    await dialog.waitFor({ state: 'detached' });
    const rows = await stack.db.query<{ scope: string; kind: string; confirmed: boolean }>(
      'SELECT a.scope, a.kind, g.confirmed_at IS NOT NULL AS confirmed FROM alerts a JOIN alert_guests g ON g.id = a.guest_id WHERE g.email = $1',
      [address],
    );
    expect(rows).toEqual([{ scope: 'store', kind: 'sale', confirmed: false }]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads the product when a busy server first refuses it with 503 and Retry-After, asking once more after the wait', async () => {
    const context = await contextFor();
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = firstCard(page);
    const guid = await guidOf(card);
    // The web's overload gate, as a burst leaves it: the first read of the product refused.
    const asked: number[] = [];
    await page.route(`**${PRODUCT_API.detailByGuid(guid)}*`, async (route) => {
      asked.push(Date.now());
      if (asked.length > 1) return route.continue();
      await route.fulfill({ status: 503, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: JSON.stringify({ status: 503, message: 'busy' }) });
    });
    await card.hover();
    await card.getByRole('link', { name: /^Get Sale Alert for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sale Alert' });
    await dialog.getByRole('radio', { name: /^Any item of / }).last().waitFor();
    expect(asked.length).toBe(2);
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(1000);
    expect(await dialog.locator('.form-error').count()).toBe(0);
    // The refused read is the one console line Chromium writes (a failed resource load).
    expect(problems.filter((problem) => !problem.includes('503'))).toEqual([]);
    await context.close();
  });
});

describe('the Alert dialog by keyboard', () => {
  it('opens from the bell, keeps focus inside, reaches Close and Alert Me by Tab, stays open on Escape and a backdrop click, and is axe clean', async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = firstCard(page);
    const guid = await guidOf(card);
    const limit = roundedSalePrice(await salePriceOf(guid));
    await card.getByRole('link', { name: /^Price alert for / }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Price Alert' });
    const first = dialog.getByRole('radio', { name: 'This item' });
    await first.waitFor();
    await first.focus();
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    // The first dress is sold by several stores (issue 28): this item's scope offers the "at
    // any store" box next, ticked here by Space.
    const anyStore = dialog.getByRole('checkbox', { name: `Tell me at any store (${await storesSelling(guid)} stores sell this size)`, exact: true });
    await anyStore.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await anyStore.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type(String(limit - 1));

    // Tab goes round the dialog's own controls: the scope, the box, the price, Close, Alert Me.
    const focused = () =>
      page.evaluate(() => ({
        inDialog: Boolean(document.activeElement?.closest('dialog')),
        text: (document.activeElement as HTMLElement | null)?.innerText || document.activeElement?.getAttribute('name') || '',
      }));
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      expect(now.inDialog).toBe(true);
      seen.push(now.text);
    }
    expect(seen.filter((text) => text === 'Close')).toHaveLength(2);
    expect(seen.filter((text) => text === 'Alert Me')).toHaveLength(2);
    expect(seen.filter((text) => text === 'alertPrice')).toHaveLength(2);
    expect(seen.filter((text) => text === 'anyStore')).toHaveLength(2);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    // Both are done once the browser has handled them: the dialog is still open and modal.
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.getByLabel('Alert price').inputValue()).toBe(String(limit - 1));

    await dialog.getByRole('button', { name: 'Alert Me' }).focus();
    await page.keyboard.press('Enter');
    await expectNotice(page, inEnglish(ALERT_NOTICES.set));
    await dialog.waitFor({ state: 'detached' });
    expect((await alertsOf(shopper)).map((row) => [row.kind, row.alert_price])).toEqual([['price', limit - 1]]);
    expect(await stack.db.query('SELECT any_store FROM alerts WHERE user_id = $1', [shopper.userId])).toEqual([{ any_store: true }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the bell, My Alerts and My Sales', () => {
  it('counts unread notifications in the header; opening My Alerts lists them and the bell says 0; My Alerts and My Sales are axe clean', async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    // An alert on the first dress, set through the dialog: My Alerts shows it.
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = firstCard(page);
    const guid = await guidOf(card);
    const salePrice = await salePriceOf(guid);
    await card.hover();
    await card.getByRole('link', { name: /^Get Sale Alert for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Sale Alert' });
    await dialog.getByRole('radio', { name: 'This item' }).check();
    await dialog.getByRole('button', { name: 'Alert Me' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [alert] = await stack.db.query<{ id: number; product_name: string; image: string }>('SELECT id, product_name, image FROM alerts WHERE user_id = $1', [shopper.userId]);
    for (const newPrice of [salePrice - 2, salePrice - 3, salePrice - 4]) {
      await stack.db.query(`INSERT INTO notifications (user_id, kind, alert_id, payload) VALUES ($1, 'sale', $2, $3)`, [
        shopper.userId,
        alert!.id,
        JSON.stringify({ productName: alert!.product_name, image: alert!.image, path: null, country: 'GB', oldPrice: salePrice, newPrice }),
      ]);
    }

    // A later page's header reads the count afresh (the session's kept answers last seconds).
    await page.goto(`${stack.web.url}/user/${shopper.userName}`);
    const bell = page.getByTestId('notification-bell');
    await page.getByRole('link', { name: 'Notifications: 3' }).waitFor({ timeout: 15_000 });
    expect(await bell.getAttribute('href')).toBe(`/user/${shopper.userName}/alerts`);

    await bell.click();
    await page.getByRole('heading', { level: 1, name: 'My Alerts' }).waitFor();
    await page.getByRole('link', { name: 'Notifications: 0' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.alert-notification').count()).toBe(3);
    expect(await page.locator('.alert-notification.is-new').count()).toBe(3);
    expect(await page.locator('.alert-item .alert-words').allTextContents()).toEqual(['Sale Alert · This item']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${stack.web.url}/user/${shopper.userName}/sales`);
    await page.getByRole('heading', { level: 1, name: 'My Sales' }).waitFor();
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications: 0');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the Back in Stock Alert (issue 27)', () => {
  it("offers 'Tell me when it is back' under a product page's sold-out size only; the dialog sets it for that size, and My Alerts shows it waiting", async () => {
    // A GB size sold out there (and in the size variant's own status, which product pages read
    // until they read availability per country), of a product with sizes.
    const [sold] = await stack.db.query<{ guid: string; size: string }>(
      `SELECT sv.guid::text AS guid, sv.size
         FROM size_variants sv
         JOIN size_variant_prices pr ON pr.size_variant_id = sv.id AND pr.country_code = 'GB' AND pr.status = 0 AND pr.withdrawn_at IS NULL
         JOIN stores st ON st.id = sv.store_id AND NOT st.admin_only
        WHERE sv.status = 0 AND sv.size <> ''
        ORDER BY sv.id LIMIT 1`,
    );
    expect(sold).toBeDefined();
    const res = await fetch(`${stack.api.url}${PRODUCT_API.detailByGuid(sold!.guid)}?country=GB`);
    expect(res.status).toBe(200);
    const detail = ((await res.json()) as { data: { canonicalUrl: string; product: { variants: { size_variants: { guid: string; status: number }[] }[] } } }).data;
    const sizes = detail.product.variants.find((v) => v.size_variants.some((s) => s.guid === sold!.guid))!.size_variants;
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/${detail.canonicalUrl}`);

    // One offer per sold-out size of the variant shown (not for preorder or backorder), none for the others.
    const offers = page.getByRole('link', { name: /^Tell me when it is back/ });
    expect(await offers.count()).toBe(sizes.filter((s) => s.status === 0).length);
    const offer = page.getByRole('link', { name: `Tell me when it is back: size ${sold!.size}` });
    expect(await offer.getAttribute('href')).toMatch(new RegExp(`^/alerts/add/${sold!.guid}\\?kind=stock&returnurl=`));
    await offer.click();
    const dialog = page.getByRole('dialog', { name: 'Back in Stock Alert' });
    await dialog.getByText(`We will tell you once, when size ${sold!.size} is back in stock on this site.`).waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Alert Me' }).click();
    await expectNotice(page, inEnglish(ALERT_NOTICES.set));
    await dialog.waitFor({ state: 'detached' });
    expect(await alertsOf(shopper)).toEqual([{ kind: 'stock', scope: 'item', alert_price: null, guid: sold!.guid }]);

    await page.goto(`${stack.web.url}/user/${shopper.userName}/alerts`);
    await page.getByRole('heading', { level: 1, name: 'My Alerts' }).waitFor();
    expect(await page.locator('.alert-item .alert-words').allTextContents()).toEqual([`Back in Stock Alert · Size ${sold!.size}`]);
    expect(await page.locator('.alert-item .alert-prices').allTextContents()).toEqual(['Waiting for it to come back']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
