import { describe, expect, it } from 'vitest';
import { testTranslator } from '../support/i18n';
import { registerUser } from '../integration/accounts/accounts-api';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations, siteContexts, expectNotice } from '../support/browser';
import { demoStackForFile } from '../support/demo-stack';

/** The words the English pages say (issue 29: they come from the catalogue). */
const { t } = testTranslator();

// The Wishlist dialog's editorpick mode from a card (spec sections 2 "Product card" and
// "Other dialogs", 3 "Editor's pick"): an admin (profile type 1 or 2) has a fourth action on
// every card, which opens the dialog with the editor's pick lists; the pick is then what
// /editors-picks/{slug} shows. A shopper's cards have no such action. Its own stack, since
// making an admin takes the database.

const browser = browserForFile();
const stack = demoStackForFile('catalog');

// axe is injected as a script, which our CSP rightly refuses: the test contexts bypass it.
const contextFor = siteContexts(browser, () => stack.web.url, { ...DESKTOP, bypassCSP: true });

const PICK = /^Add .+ to an editor's pick list$/;

describe("the editor's pick on a card", () => {
  it("lets an admin put a product on an editor's pick list, which its page then shows", async () => {
    const admin = await registerUser(stack.api);
    await stack.db.query('UPDATE users SET profile_type = 1 WHERE id = $1', [admin.userId]);
    const context = await contextFor({ ...admin, profileType: 1 });
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);

    const card = page.locator('.listing-results .product-grid > article').first();
    const title = (await card.locator('.product-card-title').textContent()) ?? '';
    await card.hover();
    await card.getByRole('button', { name: PICK }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${title} to an editor's pick` });
    await dialog.waitFor();
    // The editor's pick lists, not the shopper's wishlists, and no Create New.
    const chooser = dialog.getByLabel("Editor's pick list");
    // The lists come from the api after the dialog opens ("Loading your lists…" until then).
    await chooser.waitFor();
    expect(await chooser.locator('option').allTextContents()).toEqual(['Choose a list', 'Wedding guest edit', 'Workwear that works', 'Weekend off-duty', 'Holiday packing list']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await chooser.selectOption({ label: 'Workwear that works' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, t('wishlist.notice.editorsPickAdded'));
    await dialog.waitFor({ state: 'detached' });

    const rows = await stack.db.query<{ title: string }>(
      `SELECT p.title FROM editors_pick_items i JOIN editors_pick_lists l ON l.id = i.list_id JOIN products p ON p.id = i.product_id WHERE l.slug = 'workwear'`,
    );
    expect(rows.map((row) => row.title)).toEqual([title]);

    // The list's page shows the pick (the api dropped its kept answers when the pick was written).
    await page.goto(`${stack.web.url}/editors-picks/workwear`);
    expect(await page.locator('.listing-results .product-grid > article .product-card-title').allTextContents()).toEqual([title]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is not offered to a shopper", async () => {
    const shopper = await registerUser(stack.api);
    const context = await contextFor(shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const cards = page.locator('.listing-results .product-grid > article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.getByRole('link', { name: /to a wishlist$/ }).count()).toBe(await cards.count());
    expect(await page.getByRole('button', { name: PICK }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
