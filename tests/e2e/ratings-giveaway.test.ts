import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COOKIE, UPSTREAM_HEADER } from '../../shared/constants';
import { GIVEAWAY, GIVEAWAY_MESSAGES } from '../../shared/giveaway';
import { registerUser } from '../integration/accounts/accounts-api';
import { DESKTOP, openPage, seriousAxeViolations, browserForFile, siteContexts } from '../support/browser';
import { PRODUCT_API } from '../../shared/api/product-paths';
import { PRODUCT_PAGE_API } from '../../shared/api/product-page-paths';
import { RATING_API } from '../../shared/api/rating-paths';
import { GIVEAWAY_API } from '../../shared/api/giveaway-paths';
import { pathPrefix } from '../support/api-paths';

// Ratings and the giveaway in a real browser: a signed-in shopper rates a product with the
// keyboard alone (Tab into the radio group, arrow keys; each choice is saved, and a reload
// shows it with the new average), axe finds nothing serious on the page with the control; a
// shopper enters the giveaway once, and the page then says so and offers no second entry.

const browser = browserForFile();
const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

type Shopper = Awaited<ReturnType<typeof registerUser>>;

const signedInContext = siteContexts(browser, () => webUrl);

async function apiGet<T>(path: string, shopper?: Shopper): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, { headers: shopper ? { [UPSTREAM_HEADER.token]: shopper.token } : {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A product page nobody has rated (the e2e files share one catalogue), with its product id. */
async function unratedProduct(): Promise<{ path: string; id: number }> {
  const { urls } = await apiGet<{ urls: { path: string }[] }>(`${PRODUCT_API.sitemap('products')}?perPage=50&page=3`);
  for (const { path } of urls) {
    const detail = await apiGet<{ product: { id: number } }>(`${pathPrefix(PRODUCT_PAGE_API.detail)}${path}`);
    const { rating } = await apiGet<{ rating: unknown }>(RATING_API.summary(detail.product.id));
    if (rating === null) return { path, id: detail.product.id };
  }
  throw new Error('no unrated product');
}

const focusedValue = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? null);
const checkedValue = (page: Page) => page.locator('input[name="star_rating"]:checked').getAttribute('value');

describe('rating a product', () => {
  it('by keyboard alone: Tab into the group, arrows to 4 stars; saved, and a reload shows it and the new average', async () => {
    const shopper = await registerUser({ url: apiUrl });
    const product = await unratedProduct();
    const context = await signedInContext(shopper);
    const { page, problems } = await openPage(context, `${webUrl}/${product.path}`);
    expect(await page.getByTestId('rating-summary').textContent()).toBe('No ratings yet');

    // The control before the group, then Tab: the first radio of a group nobody checked.
    await page.locator('.product-create-look a').focus();
    await page.keyboard.press('Tab');
    expect(await focusedValue(page)).toBe('1');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await focusedValue(page)).toBe('4');
    await page.locator('.product-rating-status').filter({ hasText: 'Your rating of 4 stars is saved.' }).waitFor();
    expect(await page.getByTestId('rating-summary').textContent()).toBe('4 out of 5 stars from 1 rating');
    expect(await apiGet(RATING_API.mine(product.id), shopper)).toEqual({ star_rating: 4, rating: { ratingValue: 4, ratingCount: 1 } });

    await page.reload();
    expect(await checkedValue(page)).toBe('4');
    expect(await page.getByTestId('rating-summary').textContent()).toBe('4 out of 5 stars from 1 rating');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves axe nothing serious on the product page with the rating control', async () => {
    const shopper = await registerUser({ url: apiUrl });
    const product = await unratedProduct();
    const context = await signedInContext(shopper, { ...DESKTOP, bypassCSP: true });
    const { page } = await openPage(context, `${webUrl}/${product.path}`);
    await page.locator('fieldset legend', { hasText: 'Your rating' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('offers a guest sign-in instead of the stars; signed in from the dialog, the stars are there', async () => {
    const shopper = await registerUser({ url: apiUrl });
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/${(await unratedProduct()).path}`);
    expect(await page.locator('input[name="star_rating"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in to rate this product' }).click();
    const signIn = page.getByRole('dialog', { name: 'SIGN IN' });
    await signIn.getByLabel('Email/Username').fill(shopper.email);
    await signIn.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signIn.getByRole('button', { name: 'Submit' }).click();

    // The page's data is read again as the shopper's: the group, nothing chosen yet.
    await page.getByRole('group', { name: 'Your rating' }).waitFor();
    expect(await page.getByRole('radio').count()).toBe(5);
    expect(await page.locator('input[name="star_rating"]:checked').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in to rate this product' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the giveaway', () => {
  it('takes a shopper\u2019s entry once: the page then says they entered, offers no second entry, and remembers it in the giveaway cookie', async () => {
    const shopper = await registerUser({ url: apiUrl });
    const context = await signedInContext(shopper, { ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, `${webUrl}/giveaway`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const enter = page.getByRole('button', { name: 'Enter the giveaway' });
    await enter.click();
    await page.getByTestId('giveaway-entered').filter({ hasText: GIVEAWAY_MESSAGES.entered }).waitFor();
    expect(await enter.count()).toBe(0);
    expect((await context.cookies(webUrl)).find((c) => c.name === COOKIE.giveaway)?.value).toBe(GIVEAWAY.key);
    const entry = await apiGet<{ giveaway: string; entered: boolean }>(GIVEAWAY_API.entry, shopper);
    expect([entry.giveaway, entry.entered]).toEqual([GIVEAWAY.key, true]);

    await page.reload();
    await page.getByTestId('giveaway-entered').waitFor();
    expect(await page.getByRole('button', { name: 'Enter the giveaway' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
