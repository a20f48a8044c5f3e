import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProduct } from '../../scripts/lib/processes';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from '../../shared/validation/account-rules';
import { DESKTOP, openPage, saveScreenshot, waitForHydration, browserForFile, expectNotice } from '../support/browser';
import { linksIn } from '../support/smtp-server';
import { say } from '../../shared/validation/message';
import { testTranslator } from '../support/i18n';
import { startMailingProduct, stopMailingProduct, type MailingProduct } from '../support/mailing-product';

/** The English the api answers without x-locale (issue 29). */
const en = testTranslator().t;

// The e-mailed sign-in link in a real browser: asked for from the SIGN IN dialog, read from
// a real SMTP server on loopback, and used once from its page, which signs in only when its
// button is pressed.

const browser = browserForFile();
let product: RunningProduct;
let smtp: MailingProduct['smtp'];
let webUrl: string;

beforeAll(async () => {
  ({ product, smtp } = await startMailingProduct());
  webUrl = product.webUrl;
});
afterAll(() => stopMailingProduct({ product, smtp }));


describe('signing in with an e-mailed link', () => {
  it('is offered in the SIGN IN dialog, mailed to the account, and signs in once from its page', async () => {
    const email = `linkholder${Date.now().toString(36)}@example.com`;
    const owner = await browser().newContext(DESKTOP);
    const { page: registering } = await openPage(owner, `${webUrl}/authentication?userType=Register`);
    await registering.getByLabel('Email', { exact: true }).fill(email);
    await registering.getByLabel('Password', { exact: true }).fill('linked-pass-71');
    await registering.getByLabel('Confirm Password').fill('linked-pass-71');
    await registering.getByRole('button', { name: 'Submit' }).click();
    await registering.getByTestId('account-name').waitFor();
    await owner.close();

    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'SIGN IN' }).getByRole('link', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign In by Email' }).waitFor();
    await page.getByLabel('Email/Username').fill(email);
    await page.getByRole('button', { name: 'Email Me a Link' }).click();
    await expectNotice(page, say(en, ACCOUNT_NOTICES.signInLinkRequested));
    await page.waitForURL(`${webUrl}/`);

    const mail = await smtp.waitForMail(email, 20_000);
    const path = new URL(linksIn(mail).find((l) => l.includes('/sign-in-link/tkn/'))!).pathname;
    await page.goto(`${webUrl}${path}`);
    await waitForHydration(page);
    // Opening the page signed nobody in.
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    await saveScreenshot(page, 'sign-in-link-page');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectNotice(page, say(en, ACCOUNT_NOTICES.loginSuccessful));
    await page.waitForURL(`${webUrl}/`);
    await header.getByTestId('account-name').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(problems).toEqual([]);
    await context.close();

    // Used once: another browser is told so, and offered a new link.
    const other = await browser().newContext(DESKTOP);
    const { page: again } = await openPage(other, `${webUrl}${path}`);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await again.getByRole('alert').filter({ hasText: say(en, ACCOUNT_MESSAGES.signInLinkInvalid) }).waitFor();
    expect(await again.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/sign-in-link');
    expect((await other.cookies()).some((c) => c.name === 'token')).toBe(false);
    await other.close();
  });
});
