import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { UPSTREAM_HEADER } from '../../shared/constants';
import { BOARD_SIZE, LOOK_COLLAGE, LOOK_MESSAGES } from '../../shared/validation/look-rules';
import { KEY_STEP, NEW_PIECE_SIDE, RESIZE_STEP, boardSays } from '../../client/components/looks/look-board-rules';
import { FIXED_HEADER_AFTER_PX } from '../../client/components/shell/Header';
import { registerUser } from '../integration/accounts/accounts-api';
import { DESKTOP, MOBILE, browserForFile, explained, openPage, seriousAxeViolations, siteContexts, waitForHydration } from '../support/browser';
import { demoStackForFile } from '../support/demo-stack';
import * as SEARCH_API from '../../shared/api/search-paths';
import { LOOK_API } from '../../shared/api/look-paths';
import { inEnglish, testTranslator } from '../support/i18n';

// Looks in the browser: a look built on the Dress Me board by mouse, published by a guest who
// signs in at Publish, its page (the collage, the pieces' Buy links to the retailer), renamed,
// found in My Lookbook, a guest's while public; another built by the keyboard alone, published
// private (a 404 for a guest) and then made public; the board on a phone, dragged by touch. axe on the board, the dialog and the
// look page. Its own stack: looks are written to the database.

const browser = browserForFile();
const stack = demoStackForFile('catalog');
const RETAILER = /^https:\/\/www\.[a-z0-9-]+\.example\//;
type Shopper = Awaited<ReturnType<typeof registerUser>>;

const contextFor = siteContexts(browser, () => stack.web.url);

async function newContext(options: typeof DESKTOP | typeof MOBILE, shopper?: Shopper): Promise<BrowserContext> {
  // axe is injected as a script, which our CSP rightly refuses: the test context bypasses it.
  const context = await contextFor(shopper, { ...options, bypassCSP: true });
  await context.route(RETAILER, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Retailer</title><h1>The retailer</h1>' }));
  return context;
}

const addButtons = (page: Page) => page.getByRole('button', { name: /^Add .+ to the board$/ });
const pieces = (page: Page) => page.locator('.look-board .look-piece');
const said = (page: Page) => page.locator('.look-board-wrap [aria-live="polite"]');

/**
 * The board is ready when it answers pointers and keys (its code, loaded on demand, has
 * hydrated what the server drew) and its picker has listed pieces.
 */
async function openBoard(context: BrowserContext, path = '/dress-me') {
  const opened = await openPage(context, `${stack.web.url}${path}`);
  await opened.page.locator('.look-board[data-ready]').waitFor();
  await addButtons(opened.page).first().waitFor();
  return opened;
}

async function box(page: Page, selector: string, index = 0) {
  const found = await page.locator(selector).nth(index).boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
}
const attr = async (page: Page, index: number, name: string) => Number(await pieces(page).nth(index).getAttribute(`data-${name}`));

describe('a look built by mouse', () => {
  it('is moved, resized and published by a guest who signs in at Publish; its page shops every piece; renamed, in My Lookbook, a guest’s while public', async () => {
    const shopper = await registerUser(stack.api);
    const context = await newContext(DESKTOP);
    const { page, problems } = await openBoard(context);

    await addButtons(page).nth(0).click();
    await addButtons(page).nth(1).click();
    await expect(pieces(page).count()).resolves.toBe(2);
    const second = (await addButtons(page).nth(1).getAttribute('aria-label'))!.replace(/^Add (.+) to the board$/, '$1');
    await expect(said(page).textContent()).resolves.toBe(boardSays(testTranslator().t).added(second, 2));

    // Drag the second piece 100 px right and 50 px down: the board's units follow its width.
    const board = await box(page, '.look-board');
    const scale = BOARD_SIZE / board.width;
    const piece = await box(page, '.look-board .look-piece', 1);
    await page.mouse.move(piece.x + 40, piece.y + 40);
    await page.mouse.down();
    await page.mouse.move(piece.x + 140, piece.y + 90);
    await page.mouse.up();
    expect(await attr(page, 1, 'x')).toBe(Math.round(60 + 100 * scale));
    expect(await attr(page, 1, 'y')).toBe(Math.round(60 + 50 * scale));

    // Its corner handle: 40 px wider and taller.
    const handle = await box(page, '.look-board .look-piece-handle', 1);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2 + 40);
    await page.mouse.up();
    expect(await attr(page, 1, 'width')).toBe(Math.round(NEW_PIECE_SIDE + 40 * scale));
    await expect(said(page).textContent()).resolves.toMatch(/ resized to \d+ by \d+\.$/);

    // Send it back with the toolbar: it is drawn under the first one now.
    await page.getByRole('button', { name: 'Send back' }).click();
    await expect(pieces(page).nth(0).getAttribute('aria-label')).resolves.toBe(`${second}, layer 1 of 2`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Publish: a guest signs in first, then the dialog opens.
    await page.getByRole('button', { name: 'Publish Look' }).click();
    const signIn = page.getByRole('dialog', { name: 'SIGN IN' });
    await signIn.getByLabel('Email/Username').fill(shopper.email);
    await signIn.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signIn.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Look' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    const title = dialog.getByLabel('Look title');
    for (const [typed, message] of [
      ['a', inEnglish(LOOK_MESSAGES.titleMin)],
      ['x'.repeat(31), inEnglish(LOOK_MESSAGES.titleMax)],
      ['Garden party!', inEnglish(LOOK_MESSAGES.titleInvalid)],
      ['   ', inEnglish(LOOK_MESSAGES.titleWhitespace)],
    ] as const) {
      await title.fill(typed);
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await submit.isDisabled()).toBe(true);
    }
    await title.fill('Garden Party');
    expect(await submit.isDisabled()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await submit.click();

    // The look's page: the collage, then each piece as a card with its Buy control.
    await page.waitForURL(/\/sets\/garden-party\/\d+$/);
    const lookPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Garden Party' }).waitFor();
    const collage = page.locator('img.look-collage');
    await expect(collage.getAttribute('width')).resolves.toBe(String(LOOK_COLLAGE.width));
    await expect(collage.getAttribute('alt')).resolves.toMatch(/^Garden Party: .+, .+$/);
    await page.waitForFunction(() => (document.querySelector('img.look-collage') as HTMLImageElement | null)?.naturalWidth === 1200);
    await expect(page.locator('.look-pieces > li').count()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Rename' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const buy = page.locator('.look-pieces a.product-card-buy[href^="/products/loadRetailerProductPage/"]').first();
    const [retailer] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await retailer.waitForURL(RETAILER);
    await retailer.getByRole('heading', { name: 'The retailer' }).waitFor();
    await retailer.close();

    // Rename: the lookbook name rule, then the new title and path.
    await page.getByRole('button', { name: 'Rename' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename Look' });
    await renaming.getByLabel('Look title').fill('!!!');
    await renaming.getByRole('alert').filter({ hasText: inEnglish(LOOK_MESSAGES.invalidLookbookName) }).waitFor();
    await renaming.getByLabel('Look title').fill('Garden, Brunch!');
    await renaming.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/sets\/garden-brunch\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Garden Brunch' }).waitFor();
    const renamedPath = new URL(page.url()).pathname;
    expect(renamedPath.split('/').pop()).toBe(lookPath.split('/').pop());

    // My Lookbook has it.
    await page.goto(`${stack.web.url}/user/${shopper.userName}/lookbook`);
    const tile = page.locator('.look-tile').filter({ hasText: 'Garden Brunch' });
    await expect(tile.locator('p').textContent()).resolves.toBe('2 pieces · Public');

    // Public: a guest sees it.
    const guest = await newContext(DESKTOP);
    const guestPage = await guest.newPage();
    expect((await guestPage.goto(`${stack.web.url}${renamedPath}`))!.status()).toBe(200);
    await guestPage.getByRole('heading', { level: 1, name: 'Garden Brunch' }).waitFor();
    await guest.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a look built by keyboard alone', () => {
  it('adds, moves, resizes, reorders and removes pieces with keys, each said aloud, and publishes it private, then public', async () => {
    const shopper = await registerUser(stack.api);
    const context = await newContext(DESKTOP, shopper);
    const { page, problems } = await openBoard(context);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

    // Tab to the first piece of the picker, and add three with Enter.
    for (let i = 0; i < 120 && !/^Add .+ to the board$/.test(await focused()); i += 1) await page.keyboard.press('Tab');
    for (let n = 0; n < 3; n += 1) {
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
    }
    await expect(pieces(page).count()).resolves.toBe(3);

    // Back to the board's top piece (Shift+Tab), then every key.
    for (let i = 0; i < 120 && (await page.evaluate(() => !document.activeElement?.classList.contains('look-piece'))); i += 1) await page.keyboard.press('Shift+Tab');
    const name = (await focused()).replace(/, layer \d of \d$/, '');
    const index = 2;
    const x = await attr(page, index, 'x');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await attr(page, index, 'x')).toBe(x + 2 * KEY_STEP);
    await expect(said(page).textContent()).resolves.toBe(`${name} moved to ${x + 2 * KEY_STEP}, ${await attr(page, index, 'y')}.`);
    await page.keyboard.press('+');
    expect(await attr(page, index, 'width')).toBe(NEW_PIECE_SIDE + RESIZE_STEP);
    await page.keyboard.press('[');
    await expect(said(page).textContent()).resolves.toBe(boardSays(testTranslator().t).back(name, 1, 3));
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `${name}, layer 2 of 3`);
    await page.keyboard.press(']');
    await expect(said(page).textContent()).resolves.toBe(boardSays(testTranslator().t).forward(name, 2, 3));
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `${name}, layer 3 of 3`);
    await page.keyboard.press('Delete');
    await expect(said(page).textContent()).resolves.toBe(boardSays(testTranslator().t).removed(name, 2));
    await expect(pieces(page).count()).resolves.toBe(2);

    // Publish: Tab on to the button, Enter; the title, then Enter submits.
    for (let i = 0; i < 20 && (await focused()) !== 'Publish Look'; i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Publish Look' }).waitFor();
    await page.keyboard.type('Keyboard Look');
    // Private (the radio group is one stop; an arrow moves the choice), then Close, Submit.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Submit');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sets\/keyboard-look\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Keyboard Look' }).waitFor();
    await expect(page.locator('.look-pieces > li').count()).resolves.toBe(2);
    const lookUrl = page.url();

    // Private: a real 404 for a guest; made public by its owner, the guest's.
    const guest = await newContext(DESKTOP);
    const guestPage = await guest.newPage();
    expect((await guestPage.goto(lookUrl))!.status()).toBe(404);
    await page.locator('.look-tools[data-ready="true"]').waitFor();
    await page.getByRole('button', { name: 'Make public' }).click();
    await page.getByRole('button', { name: 'Make private' }).waitFor();
    expect((await guestPage.goto(lookUrl))!.status()).toBe(200);
    await guest.close();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the owner's edit and delete", () => {
  it('opens the look on the board with its pieces where they were, saves the change onto the same look, and deletes it after the prompt', async () => {
    const shopper = await registerUser(stack.api);
    const found = (await request(stack.api.url).get(`${SEARCH_API.list}?q=dreses&perPage=2`).expect(200)).body.data.products as { variant_index: number; variants: { size_variants: { guid: string }[] }[] }[];
    const items = found.map((card, i) => ({ guid: card.variants[card.variant_index]!.size_variants[0]!.guid, x: i * 400, y: 200, width: 300, height: 300, z: i }));
    const saved = (await request(stack.api.url).post(LOOK_API.save).set(UPSTREAM_HEADER.token, shopper.token).send({ setName: 'Edit Me', setId: 0, setPublic: 1, data: { items } }).expect(200)).body.data as { slug: string; listId: number };
    const context = await newContext(DESKTOP, shopper);
    const { page, problems } = await openPage(context, `${stack.web.url}/sets/${saved.slug}/${saved.listId}`);
    await page.locator('.look-tools[data-ready="true"]').waitFor();
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Edit Me' }).waitFor();
    await addButtons(page).first().waitFor();
    expect(await attr(page, 1, 'x')).toBe(400);
    await pieces(page).nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Save Look' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Look' });
    await expect(dialog.getByLabel('Look title').inputValue()).resolves.toBe('Edit Me');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/sets/${saved.slug}/${saved.listId}`);
    const look = (await request(stack.api.url).get(LOOK_API.look(saved.listId)).set(UPSTREAM_HEADER.token, shopper.token).expect(200)).body.data as { items: { y: number }[] };
    expect(look.items.map((item) => item.y)).toEqual([200, 200 + KEY_STEP]);

    await page.locator('.look-tools[data-ready="true"]').waitFor();
    page.once('dialog', (prompt) => void prompt.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`**/user/${shopper.userName}/lookbook`);
    await page.getByText('You have not saved any looks yet.').waitFor();
    await request(stack.api.url).get(LOOK_API.look(saved.listId)).set(UPSTREAM_HEADER.token, shopper.token).expect(404);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the board on a phone', () => {
  it('fits the screen width and moves a piece dragged by touch', async () => {
    const context = await newContext(MOBILE);
    const { page, problems } = await openBoard(context);
    await addButtons(page).first().tap();
    await expect(pieces(page).count()).resolves.toBe(1);
    await page.locator('.look-board').scrollIntoViewIfNeeded();
    // The tap left the page scrolled down to the picker, past the point where the header is
    // fixed; back up at the board it rejoins the page (Header.tsx, read once a frame) and,
    // taller on a phone than the room kept for it, pushes the board down. Measure once it has.
    await page.waitForFunction((past) => document.querySelector('.site-header')?.getAttribute('data-fixed') === String(window.scrollY > past), FIXED_HEADER_AFTER_PX);
    const board = await box(page, '.look-board');
    expect(board.width).toBeLessThanOrEqual(MOBILE.viewport.width);
    expect(Math.round(board.height)).toBe(Math.round(board.width));
    const scale = BOARD_SIZE / board.width;
    const piece = await box(page, '.look-board .look-piece');
    const cdp = await context.newCDPSession(page);
    const at = (x: number, y: number) => [{ x, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(piece.x + 20, piece.y + 20) });
    // The finger is down once the board has taken the piece (its toolbar shows); then it moves
    // in two steps, as a finger does, rather than in one event the page may not have seen yet.
    await page.getByRole('toolbar', { name: /^Arrange / }).waitFor();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(piece.x + 50, piece.y + 35) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(piece.x + 80, piece.y + 50) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction(() => document.querySelector('.look-board .look-piece')?.getAttribute('data-x') !== '0');
    expect(await attr(page, 0, 'x')).toBe(Math.round(60 * scale));
    expect(await attr(page, 0, 'y')).toBe(Math.round(30 * scale));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a look started from a card', () => {
  it("puts the card's product on the board and lists it beside by name, its Remove button reached and pressed by keyboard, for a guest too", async () => {
    const context = await newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${stack.web.url}/dresses`);
    const card = page.locator('.listing-results .product-grid > article').first();
    const title = (await card.locator('.product-card-title').textContent()) ?? '';
    // The size variant the card shows, from its alert action's no-JavaScript address (/alerts/add/{guid}).
    const guid = /\/alerts\/add\/([0-9a-f-]+)\?/.exec((await card.getByRole('link', { name: 'Get Sale Alert' }).getAttribute('href')) ?? '')?.[1];
    // Drawn when a card is hovered or focused (the page's element budget): none before, and a
    // keyboard user who reaches the second card gets its link too.
    await waitForHydration(page);
    expect(await page.getByRole('link', { name: /^Create a look with / }).count()).toBe(0);
    const second = page.locator('.listing-results .product-grid > article').nth(1);
    await second.getByRole('link', { name: 'Get Sale Alert' }).focus();
    await second.getByRole('link', { name: /^Create a look with / }).waitFor();
    await card.hover();
    await card.getByRole('link', { name: `Create a look with ${title}` }).click();
    // On a timeout, say where the page got to (it passed alone and failed twice in full runs).
    await explained(page, addButtons(page).first().waitFor());
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/create-a-look/[^/]+/${guid}$`));
    await expect(pieces(page).count()).resolves.toBe(1);
    expect(await pieces(page).first().getAttribute('data-guid')).toBe(guid);
    expect(await pieces(page).first().getAttribute('aria-label')).toBe(`${title}, layer 1 of 1`);

    // Beside the board the piece is listed by name; its Remove button is reached by Tab from
    // the piece (past the piece's toolbar), and Enter removes it (issue 25).
    await page.locator('.look-board[data-ready]').waitFor();
    expect(await page.locator('.look-board-piece-name').allTextContents()).toEqual([title]);
    await pieces(page).first().focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    for (let i = 0; i < 10 && (await focused()) !== `Remove ${title}`; i += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe(`Remove ${title}`);
    await page.keyboard.press('Enter');
    await page.locator('.look-board[data-pieces="0"]').waitFor();
    await expect(said(page).textContent()).resolves.toBe(boardSays(testTranslator().t).removed(title, 0));
    expect(await focused()).toBe('On the board (0)');
    expect(problems).toEqual([]);
    await context.close();
  });
});
