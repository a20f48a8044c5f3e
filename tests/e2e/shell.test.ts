import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, describePage, expectNotice, openPage, saveScreenshot, waitForFooter, seriousAxeViolations, waitForHydration, browserForFile, signInContext, waitForRequestsAnswered } from '../support/browser';
import { SUBSCRIPTION_MESSAGES } from '../../shared/api/subscription-schemas';
import { registerUser } from '../integration/accounts/accounts-api';

// The shell in a real browser (spec section 2 "Global shell", section 4 "Shell").

const browser = browserForFile();
const webUrl = inject('webUrl');
// The country popup is not shown on localhost (spec section 2); the same server on 127.0.0.1 is not localhost.
const ipUrl = webUrl.replace('localhost', '127.0.0.1');


describe("a failed test's account of a page (tests/support/browser.ts)", () => {
  it('gives its address, its status, whether it hydrated, what its main says, and its failed answers', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/no-such-page`);
    // Nothing on the way: the account then has no "requests unanswered" line.
    await page.waitForLoadState('networkidle');
    const main = await page.locator('main').innerText();
    expect(main).toContain('Page Not Found');
    expect(await describePage(page)).toBe(
      `${webUrl}/no-such-page (status 404, hydrated: 1): ${main.replace(/\s+/g, ' ').slice(0, 600)}\n  answers of 400 and above: 404 GET /no-such-page\n  console: ${problems.join(' | ') || 'nothing'}`,
    );
    await context.close();
  });

  it('adds the requests the page still waits for or that failed, and the notices it shows', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page } = await openPage(context, `${webUrl}/no-such-page`);
    await page.waitForLoadState('networkidle');
    // What the page asks for once idle may start after that on a busy machine: only the requests below may be unanswered.
    await waitForRequestsAnswered(page);
    const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 600);
    // One request never answered, one refused by the network.
    await page.route('**/never-answered', () => undefined);
    await page.route('**/refused', (route) => route.abort('connectionrefused'));
    const asked = page.waitForRequest('**/never-answered');
    const refused = page.waitForEvent('requestfailed');
    await page.evaluate(() => {
      void fetch('/never-answered').catch(() => undefined);
      void fetch('/refused').catch(() => undefined);
    });
    await Promise.all([asked, refused]);
    await page.evaluate(() => {
      const region = document.querySelector('.notice-region');
      if (region) region.textContent = 'Something went wrong.';
    });
    expect(await describePage(page)).toBe(
      `${webUrl}/no-such-page (status 404, hydrated: 1): ${main}\n  answers of 400 and above: 404 GET /no-such-page\n  console: error: Failed to load resource: the server responded with a status of 404 (Not Found) | error: Failed to load resource: net::ERR_CONNECTION_REFUSED` +
        `\n  requests unanswered: GET /never-answered\n  requests failed: GET /refused (net::ERR_CONNECTION_REFUSED)\n  notices: Something went wrong.`,
    );
    await context.close();
  });
});

describe('the menu', () => {
  it('opens four-column panels on hover and on keyboard focus, at desktop width', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const womenPanel = page.locator('#menu-panel-2, .menu-item.is-mega').first().locator('.menu-panel');
    await expect(womenPanel.isVisible()).resolves.toBe(false);
    await menu.getByRole('link', { name: 'Women', exact: true }).hover();
    await womenPanel.waitFor({ state: 'visible' });
    expect(await womenPanel.locator('.menu-column').count()).toBe(4);
    await saveScreenshot(page, 'menu-women-desktop');
    // Keyboard: focusing the Sale link opens its panel of bands.
    await page.mouse.move(5, 700);
    await menu.getByRole('link', { name: 'Sale', exact: true }).focus();
    await menu.getByRole('link', { name: '50% Off' }).waitFor({ state: 'visible' });
    // Following a menu link is a client-side navigation that keeps the page alive.
    await page.evaluate(() => ((window as unknown as { alive: boolean }).alive = true));
    await menu.getByRole('link', { name: '50% Off' }).click();
    await page.waitForURL(`${webUrl}/50-percent-off`);
    expect(await page.evaluate(() => (window as unknown as { alive?: boolean }).alive)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is a drawer on small screens with one nested menu open at a time', async () => {
    const context = await browser().newContext(MOBILE);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const women = menu.getByRole('button', { name: 'Women categories' });
    await expect(women.isVisible()).resolves.toBe(false);
    await menu.getByRole('button', { name: 'Menu' }).click();
    await women.click();
    await menu.getByRole('link', { name: 'Dresses' }).waitFor({ state: 'visible' });
    await menu.getByRole('button', { name: 'Men categories', exact: true }).click();
    await menu.getByRole('link', { name: 'Polo Shirts' }).waitFor({ state: 'visible' });
    await expect(menu.getByRole('link', { name: 'Dresses' }).isVisible()).resolves.toBe(false);
    expect(await women.getAttribute('aria-expanded')).toBe('false');
    await saveScreenshot(page, 'menu-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads and navigates without JavaScript: links, panels on hover, the footer', async () => {
    const context = await browser().newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${webUrl}/us/about-us`);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Men', exact: true }).hover();
    await menu.getByRole('link', { name: 'Polo Shirts' }).waitFor({ state: 'visible' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
    await page.waitForURL(`${webUrl}/us/faqs`);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Women', exact: true }).getAttribute('href')).toBe(
      '/us/clothing',
    );
    await context.close();
  });
});

describe('the search box', () => {
  it('is a valid ARIA 1.2 combobox whose suggestions a keyboard and a screen reader can follow', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    const field = page.getByRole('combobox', { name: 'Search for products, brands and stores' });
    // HTML allows role="combobox" and aria-expanded on a text input, not on type="search".
    await expect(field.getAttribute('type')).resolves.toBe('text');
    await expect(field.getAttribute('aria-autocomplete')).resolves.toBe('list');
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('false');
    const listbox = page.getByRole('listbox', { name: 'Suggestions', includeHidden: true });
    const listId = await listbox.getAttribute('id');
    expect(listId).toBeTruthy();
    await expect(field.getAttribute('aria-controls')).resolves.toBe(listId);

    await field.fill('dres');
    await listbox.waitFor({ state: 'visible' });
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(null);
    // The highlighted option is the one the field names, so a screen reader reads it.
    await field.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(await first.getAttribute('id'));
    await field.press('ArrowDown');
    const second = listbox.getByRole('option').nth(1);
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(await second.getAttribute('id'));
    await expect(first.getAttribute('aria-selected')).resolves.toBe('false');
    // Escape closes the list and says so.
    await field.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    await expect(field.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(field.getAttribute('aria-activedescendant')).resolves.toBe(null);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a page a guest saw, once they are signed in', () => {
  it('comes from the server for the shopper, not from the browser’s copy of the guest’s', async () => {
    const shopper = await registerUser({ url: inject('apiUrl') });
    const context = await browser().newContext(DESKTOP);
    const { page: asGuest } = await openPage(context, `${webUrl}/dresses`);
    expect(await asGuest.getByTestId('account-name').count()).toBe(0);
    // Signed in (the cookies the web sets then), within the minute a guest's page may be kept,
    // the shopper comes back to the page in another tab of the same browser.
    await signInContext(context, shopper, webUrl);
    const page = await context.newPage();
    const response = await page.goto(`${webUrl}/dresses`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(await response?.text()).toContain('data-testid="account-name"');
    await context.close();
  });
});

describe('countries', () => {
  it('moves to the chosen country site with its cookie, suggesting the geoip country', async () => {
    const context = await browser().newContext({ ...DESKTOP, extraHTTPHeaders: { 'x-geoip-country': 'IN' } });
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    const chooser = page.locator('.country-chooser > summary');
    expect(await chooser.textContent()).toBe('GB £: shopping in UK. Change country');
    await chooser.click();
    await page.getByRole('link', { name: /India.*Suggested/ }).waitFor();
    await page.locator('.country-panel').getByRole('link', { name: /^Canada/ }).click();
    await page.waitForURL(`${webUrl}/ca/about-us`);
    await waitForHydration(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'country');
    expect(cookie?.value).toBe('ca');
    expect(await page.locator('.country-chooser > summary').textContent()).toBe('CA C$: shopping in Canada. Change country');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks whether to go to the usual country site; continuing removes the cookie and stays', async () => {
    const context = await browser().newContext(DESKTOP);
    await context.addCookies([{ name: 'country', value: 'in', url: ipUrl }]);
    const { page, problems } = await openPage(context, `${ipUrl}/us/about-us`);
    const popup = page.getByRole('dialog', { name: 'You usually shop on Vitrine India' });
    await popup.waitFor();
    await saveScreenshot(page, 'country-popup');
    await popup.getByRole('button', { name: 'Continue on Vitrine USA' }).click();
    await popup.waitFor({ state: 'hidden' });
    expect((await context.cookies()).find((c) => c.name === 'country')).toBeUndefined();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/us/about-us');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('goes to the usual site from the popup, and never shows it on localhost', async () => {
    const context = await browser().newContext(DESKTOP);
    await context.addCookies([{ name: 'country', value: 'in', url: ipUrl }]);
    const { page } = await openPage(context, `${ipUrl}/us/about-us`);
    await page.getByRole('link', { name: 'Go to Vitrine India' }).click();
    await page.waitForURL(`${ipUrl}/in/about-us`);

    const local = await browser().newContext(DESKTOP);
    await local.addCookies([{ name: 'country', value: 'in', url: webUrl }]);
    const { page: localPage } = await openPage(local, `${webUrl}/us/about-us`);
    // The popup is decided by an effect that has run once the page is hydrated, and shown by
    // the render that follows. A client-side navigation commits after that render and its
    // effects (React renders a pending update before a transition's, and runs pending effects
    // before rendering again): once the next page is in, the popup would be open. The click
    // is dispatched to the link itself, so an open (modal) popup cannot stop the navigation
    // and the check below says what went wrong.
    await localPage.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).dispatchEvent('click');
    await localPage.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect(new URL(localPage.url()).pathname).toBe('/us/faqs');
    await expect(localPage.getByRole('dialog', { name: /You usually shop/ }).count()).resolves.toBe(0);
    await context.close();
    await local.close();
  });
});

describe('the footer', () => {
  const footerCode = (url: string) => /\/assets\/chunks\/Footer-[^/]+\.js$/.test(new URL(url).pathname);

  it('keeps its server HTML on a long page, fetching its code only when the shopper scrolls near it, and then works', async () => {
    const context = await browser().newContext(MOBILE);
    const fetched: string[] = [];
    context.on('request', (request) => void (footerCode(request.url()) && fetched.push(request.url())));
    const { page, problems } = await openPage(context, `${webUrl}/dresses`);
    const footer = page.getByRole('contentinfo');
    // The server's footer, whole, before its code comes: links to follow, the newsletter's form.
    await footer.getByRole('link', { name: 'FAQs' }).waitFor({ state: 'attached' });
    await expect(footer.getByRole('button', { name: 'Join our mailing list' }).count()).resolves.toBe(1);
    // Nothing asks for it while the shopper reads the top of the listing (the page mostly idle).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(fetched).toEqual([]);
    expect(await page.locator('footer[data-drawn]').count()).toBe(0);
    await footer.scrollIntoViewIfNeeded();
    await page.locator('footer[data-drawn]').waitFor({ state: 'attached' });
    expect(fetched.length).toBe(1);
    await footer.getByRole('button', { name: 'Join our mailing list' }).click();
    await page.getByRole('dialog', { name: 'Join our mailing list' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('gives focus back to the link a keyboard reached it on, and shares the page a navigation went to', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/dresses`);
    const footer = page.getByRole('contentinfo');
    // Focus moving into the footer (a keyboard's Tab, a screen reader's jump) draws it; focus stays where it went.
    await footer.getByRole('link', { name: 'FAQs' }).focus();
    await page.locator('footer[data-drawn]').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'FAQs');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Terms & Conditions');
    // A client-side navigation: the share links name the page it went to.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Women', exact: true }).click();
    await page.waitForURL(`${webUrl}/clothing`);
    // (The address changes as the navigation starts its render; the footer is drawn with the page.)
    await footer.getByRole('link', { name: 'Share on Facebook' }).and(page.locator(`[href*="${encodeURIComponent(`${webUrl}/clothing`)}"]`)).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is drawn for the page a navigation went to, though the shopper never came near it', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/dresses`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Women', exact: true }).click();
    await page.waitForURL(`${webUrl}/clothing`);
    await page.locator('footer[data-drawn]').waitFor({ state: 'attached' });
    const share = page.getByRole('contentinfo').getByRole('link', { name: 'Share on Facebook' });
    await share.and(page.locator(`[href*="${encodeURIComponent(`${webUrl}/clothing`)}"]`)).waitFor({ state: 'attached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('mailing list and newsletter', () => {
  it('validates the address, subscribes, closes, clears the field and sets the cookie', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    await waitForFooter(page);
    await page.getByRole('button', { name: 'Join our mailing list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join our mailing list' });
    await dialog.waitFor();
    const email = dialog.getByLabel('Email');
    const subscribe = dialog.getByRole('button', { name: 'Subscribe' });
    expect(await subscribe.isDisabled()).toBe(true);
    await email.fill('shopper@example');
    await dialog.getByText('Please enter valid email address.').waitFor();
    expect(await subscribe.isDisabled()).toBe(true);
    await email.fill('shopper@example.com');
    await expect(dialog.getByText('Please enter valid email address.').count()).resolves.toBe(0);
    await subscribe.click();
    await expectNotice(page, SUBSCRIPTION_MESSAGES.requested);
    await dialog.waitFor({ state: 'hidden' });
    // Notices disappear after 1 second (spec section 4); the test's record of them stays.
    await page.getByTestId('notice').waitFor({ state: 'detached', timeout: 2500 });
    await expectNotice(page, SUBSCRIPTION_MESSAGES.requested);
    const recorded = await page.evaluate((text) => (window as unknown as { shownNotices: string[] }).shownNotices.filter((n) => n.includes(text)).length, SUBSCRIPTION_MESSAGES.requested);
    expect(recorded).toBe(1);
    expect((await context.cookies()).find((c) => c.name === 'mailing-list-modal')?.value).toBe('true');
    await page.getByRole('button', { name: 'Join our mailing list' }).click();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says what Subscribe agrees to, with links to the privacy policy and the terms of service', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    await waitForFooter(page);
    await page.getByRole('button', { name: 'Join our mailing list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join our mailing list' });
    await dialog.waitFor();
    await expect(dialog.locator('.consent-note').innerText()).resolves.toBe(
      'By clicking Subscribe, you agree to receive emails from Vitrine and accept our privacy policy and terms of service.',
    );
    const privacy = dialog.getByRole('link', { name: 'privacy policy', exact: true });
    const terms = dialog.getByRole('link', { name: 'terms of service', exact: true });
    await expect(privacy.getAttribute('href')).resolves.toBe('/privacy-policy');
    await expect(terms.getAttribute('href')).resolves.toBe('/terms-and-conditions');
    // Following one opens that page, and the dialog does not stay over it.
    await terms.click();
    await page.waitForURL(`${webUrl}/terms-and-conditions`);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the footer newsletter its own message', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page } = await openPage(context, `${webUrl}/dresses`);
    await waitForFooter(page);
    const form = page.getByRole('contentinfo').locator('form.email-signup');
    await form.getByLabel('Sign up for our newsletter').fill('no-at-sign.com');
    await form.getByText('Email is invalid').waitFor();
    expect(await form.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('scrolling', () => {
  it('fixes the header past 300 px and offers back-to-top, which scrolls up in about 500 ms', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 500 } });
    const { page } = await openPage(context, `${webUrl}/terms-and-conditions`);
    const header = page.locator('header.site-header');
    expect(await header.getAttribute('data-fixed')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => document.querySelector('header.site-header')?.getAttribute('data-fixed') === 'true');
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => document.querySelector('header.site-header')?.getAttribute('data-fixed') === 'false');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const button = page.getByRole('button', { name: 'Back to top' });
    await button.waitFor({ state: 'visible' });
    const started = Date.now();
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 2000 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    await context.close();
  });

  it('keeps the page where it is when the header is fixed and comes back, at phone and desktop widths', async () => {
    for (const options of [MOBILE, { viewport: { width: 1280, height: 500 } }]) {
      const context = await browser().newContext(options);
      const { page } = await openPage(context, `${webUrl}/terms-and-conditions`);
      await waitForHydration(page);
      // Where the main content starts in the document, whatever the scroll.
      const mainTop = () => page.evaluate(() => Math.round(document.querySelector('main')!.getBoundingClientRect().top + window.scrollY));
      const before = await mainTop();
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.waitForFunction(() => document.querySelector('header.site-header')?.getAttribute('data-fixed') === 'true');
      expect(await mainTop()).toBe(before);
      await page.evaluate(() => window.scrollTo(0, 100));
      await page.waitForFunction(() => document.querySelector('header.site-header')?.getAttribute('data-fixed') === 'false');
      expect(await mainTop()).toBe(before);
      await context.close();
    }
  });
});

describe('accessibility', () => {
  it('has no serious or critical axe violations on the home page, desktop and mobile', async () => {
    for (const options of [DESKTOP, MOBILE]) {
      // axe is injected as a script, which our CSP rightly refuses: the test context bypasses it.
      const context = await browser().newContext({ ...options, bypassCSP: true });
      const { page } = await openPage(context, `${webUrl}/`);
      const violations = await seriousAxeViolations(page);
      expect(violations).toEqual([]);
      await context.close();
    }
  });
});
