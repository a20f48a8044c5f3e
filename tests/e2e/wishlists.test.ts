import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Wishlist } from '../../shared/api/wishlist-schemas';
import { UPSTREAM_HEADER } from '../../shared/constants';
import { testTranslator } from '../support/i18n';
import { WISHLIST_MESSAGES } from '../../shared/validation/wishlist-rules';
import { registerUser } from '../integration/accounts/accounts-api';
import { DESKTOP, openPage, saveScreenshot, seriousAxeViolations, waitForHydration, browserForFile, siteContexts, expectNotice } from '../support/browser';
import { WISHLIST_API } from '../../shared/api/wishlist-paths';
import { inEnglish } from '../support/i18n';

/** The words the English pages say (issue 29: they come from the catalogue). */
const { t } = testTranslator();

// Wishlists in a real browser (spec sections 2 "Product card", 4 "Wishlist dialog", 5, 8, 9):
// a guest's heart signs in first and the add goes on; a shopper's lists made, filled, moved,
// renamed, made public and seen by a guest; a product deleted after the confirm prompt; the
// dialog by keyboard alone; axe on the dialog and on My Wishlists.

const browser = browserForFile();
const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

type Shopper = Awaited<ReturnType<typeof registerUser>>;

const signedInContext = siteContexts(browser, () => webUrl);

/** The shopper's lists as the api has them, with each list's product ids. */
async function listsOf(shopper: Shopper): Promise<{ name: string; isPublic: number; ids: number[] }[]> {
  const get = async (path: string) => {
    const res = await fetch(`${apiUrl}${path}`, { headers: { [UPSTREAM_HEADER.token]: shopper.token } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { lists: Wishlist[]; items: { productId: number }[] } }).data;
  };
  const { lists } = await get(WISHLIST_API.lists('gb'));
  return Promise.all(
    lists.map(async (list) => ({ name: list.listName, isPublic: list.isPublic, ids: (await get(WISHLIST_API.list(list.listId, 'gb'))).items.map((item) => item.productId) })),
  );
}

/** Notices go after a second (spec section 4): wait for this one while it is there. */

const firstCard = (page: Page) => page.locator('.listing-results .product-grid > article').first();
/** The product id of a card, from its heart's no-JavaScript address (/wishlist/add/{id}). */
async function heartProductId(page: Page): Promise<number> {
  const href = await firstCard(page).locator('a.icon-wishlist').getAttribute('href');
  return Number(/\/wishlist\/add\/(\d+)\?/.exec(href ?? '')?.[1]);
}

describe('the heart', () => {
  it("asks a guest to sign in, then goes on with the add: Create New, the success notice, the heart filled", async () => {
    const shopper = await registerUser({ url: apiUrl });
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/dresses`);
    const card = firstCard(page);
    await card.getByRole('link', { name: /to a wishlist \(sign in first\)$/ }).click();
    const signIn = page.getByRole('dialog', { name: 'SIGN IN' });
    await signIn.getByLabel('Email/Username').fill(shopper.email);
    await signIn.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signIn.getByRole('button', { name: 'Submit' }).click();

    // Signed in, the Wishlist dialog opens for the same product; a new shopper has no lists yet,
    // so Create New is chosen and the name is asked for.
    const dialog = page.getByRole('dialog', { name: /^Add .+ to a wishlist$/ });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/dresses');
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('List Name').fill('   ');
    await dialog.getByText(inEnglish(WISHLIST_MESSAGES.nameWhitespace)).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('List Name').fill('Summer');
    await submit.click();
    await expectNotice(page, inEnglish(WISHLIST_MESSAGES.added));
    await dialog.waitFor({ state: 'detached' });

    const id = await heartProductId(page);
    await card.locator('a.icon-wishlist.is-favourite').waitFor();
    expect(await page.locator('a.icon-wishlist.is-favourite').count()).toBe(1);
    // Said, not only drawn.
    expect(await card.locator('a.icon-wishlist').getAttribute('aria-label')).toMatch(/^Add .+ to a wishlist \(saved in one already\)$/);
    expect(await listsOf(shopper)).toEqual([{ name: 'Summer', isPublic: 0, ids: [id] }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('My Wishlists', () => {
  it('creates lists, adds, moves, renames, makes one public for a guest to see, and deletes a product after the confirm prompt', async () => {
    const shopper = await registerUser({ url: apiUrl });
    const context = await signedInContext(shopper);
    const mine = `${webUrl}/user/${shopper.userName}/wishlists`;
    const { page, problems } = await openPage(context, mine);

    // Two lists, by the page's own form.
    for (const name of ['Party', 'Later']) {
      await page.getByLabel('New wishlist name').fill(name);
      await page.getByRole('button', { name: 'Create New' }).click();
      await expectNotice(page, t('wishlist.notice.created'));
      await page.getByRole('heading', { level: 2, name }).waitFor();
    }

    // The heart on a listing: a shopper chooses a list.
    // Hydrated first: before it, the heart is a plain link to the add page (the no-JavaScript way).
    await page.goto(`${webUrl}/dresses`);
    await waitForHydration(page);
    const id = await heartProductId(page);
    await firstCard(page).locator('a.icon-wishlist').click();
    const add = page.getByRole('dialog', { name: /^Add .+ to a wishlist$/ });
    await add.getByLabel('Wishlist').selectOption({ label: 'Party' });
    await add.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, inEnglish(WISHLIST_MESSAGES.added));
    expect(await listsOf(shopper)).toEqual([
      { name: 'Party', isPublic: 0, ids: [id] },
      { name: 'Later', isPublic: 0, ids: [] },
    ]);

    // Move it from Party to Later with the folder icon.
    await page.goto(mine);
    await waitForHydration(page);
    await page.getByRole('list', { name: 'Your wishlists' }).getByRole('link', { name: 'Party' }).click();
    await page.getByRole('heading', { level: 2, name: 'Party' }).waitFor();
    await page.getByRole('button', { name: 'Move to another wishlist' }).click();
    const move = page.getByRole('dialog', { name: 'Move to another wishlist' });
    await move.getByLabel('Move to').selectOption({ label: 'Later' });
    await move.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, t('wishlist.notice.moved'));
    await page.getByText('This wishlist is empty.').waitFor();

    // Rename Later in the dialog.
    await page.getByRole('list', { name: 'Your wishlists' }).getByRole('link', { name: 'Later' }).click();
    await page.getByRole('heading', { level: 2, name: 'Later' }).waitFor();
    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Later' });
    await rename.getByLabel('List Name').fill('party');
    await rename.getByText(inEnglish(WISHLIST_MESSAGES.nameExists)).waitFor();
    await rename.getByLabel('List Name').fill('Evening');
    await rename.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, t('wishlist.notice.renamed'));
    await page.getByRole('heading', { level: 2, name: 'Evening' }).waitFor();

    // Public, and a guest sees it from the share link.
    await page.getByRole('button', { name: 'Make public' }).click();
    await expectNotice(page, t('wishlist.notice.madePublic'));
    // The share link as the server draws it (the page reloaded), the site's own address.
    await page.reload();
    await waitForHydration(page);
    const share = await page.getByLabel('Share link').inputValue();
    expect(share).toMatch(new RegExp(`^${webUrl}/wishlist/\\d+/evening$`));
    const guest = await browser().newContext(DESKTOP);
    const { page: guestPage, problems: guestProblems } = await openPage(guest, share);
    await guestPage.getByRole('heading', { level: 1, name: 'Evening' }).waitFor();
    expect(await guestPage.locator('.product-grid > li').count()).toBe(1);
    expect(await guestPage.locator('meta[property="og:url"]').getAttribute('content')).toBe(share);
    expect(guestProblems).toEqual([]);
    await guest.close();

    // Delete after the confirm prompt: dismissed, nothing goes; accepted, the product goes.
    const prompts: string[] = [];
    page.once('dialog', (prompt) => {
      prompts.push(prompt.message());
      void prompt.dismiss();
    });
    await page.getByRole('button', { name: 'Delete from wishlist' }).click();
    expect(prompts).toEqual([t('wishlist.notice.confirmDeleteProduct')]);
    expect((await listsOf(shopper)).find((list) => list.name === 'Evening')?.ids).toEqual([id]);
    page.once('dialog', (prompt) => {
      prompts.push(prompt.message());
      void prompt.accept();
    });
    await page.getByRole('button', { name: 'Delete from wishlist' }).click();
    await expectNotice(page, t('wishlist.notice.deletedProduct'));
    await page.getByText('This wishlist is empty.').waitFor();
    expect(prompts).toEqual([t('wishlist.notice.confirmDeleteProduct'), t('wishlist.notice.confirmDeleteProduct')]);
    expect(await listsOf(shopper)).toEqual([
      { name: 'Party', isPublic: 0, ids: [] },
      { name: 'Evening', isPublic: 1, ids: [] },
    ]);
    await saveScreenshot(page, 'my-wishlists-desktop');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the Wishlist dialog by keyboard', () => {
  it('keeps focus inside, reaches Close and Submit by Tab, stays open on Escape and a backdrop click, and is axe clean', async () => {
    const shopper = await registerUser({ url: apiUrl });
    // axe is injected as a script, which our CSP rightly refuses: the test context bypasses it.
    const context = await signedInContext(shopper, { ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, `${webUrl}/dresses`);
    await firstCard(page).locator('a.icon-wishlist').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Add .+ to a wishlist$/ });
    await dialog.getByLabel('List Name').waitFor();
    await dialog.getByLabel('List Name').focus();
    await page.keyboard.type('Keyboard');

    // Tab goes round the dialog's own controls: the chooser, the name, Close, Submit.
    const focused = () => page.evaluate(() => ({ inDialog: Boolean(document.activeElement?.closest('dialog')), text: (document.activeElement as HTMLElement | null)?.innerText || document.activeElement?.getAttribute('id') || '' }));
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      expect(now.inDialog).toBe(true);
      seen.push(now.text);
    }
    expect(seen.filter((text) => text === 'Close')).toHaveLength(2);
    expect(seen.filter((text) => text === 'Submit')).toHaveLength(2);

    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    // Both are done once the browser has handled them: the dialog is still open and modal.
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.getByLabel('List Name').inputValue()).toBe('Keyboard');

    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await listsOf(shopper)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('My Wishlists is axe clean', async () => {
    const shopper = await registerUser({ url: apiUrl });
    const context = await signedInContext(shopper, { ...DESKTOP, bypassCSP: true });
    const { page } = await openPage(context, `${webUrl}/user/${shopper.userName}/wishlists`);
    await page.getByLabel('New wishlist name').fill('Shoes');
    await page.getByRole('button', { name: 'Create New' }).click();
    await page.getByRole('heading', { level: 2, name: 'Shoes' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
