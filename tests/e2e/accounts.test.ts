import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProduct } from '../../scripts/lib/processes';
import { DESKTOP, MOBILE, openPage, saveScreenshot, waitForHydration, browserForFile, expectNotice } from '../support/browser';
import { linksIn } from '../support/smtp-server';
import { startMailingProduct, stopMailingProduct, type MailingProduct } from '../support/mailing-product';

// Accounts in a real browser (spec section 2 "Sign-in and register", section 4
// "Authentication"): register → logout → login → change password → reset by the e-mailed
// link, the dialog's and pages' messages at desktop and mobile width, and the guards. Its
// own product, so the api sends mail to a real SMTP server on loopback.

const browser = browserForFile();
let product: RunningProduct;
let smtp: MailingProduct['smtp'];
let webUrl: string;

beforeAll(async () => {
  ({ product, smtp } = await startMailingProduct({ RATE_LIMIT_REGISTER: '1000/1000/3600', RATE_LIMIT_FORGOT_PASSWORD: '1000/1000/3600' }));
  webUrl = product.webUrl;
});
afterAll(() => stopMailingProduct({ product, smtp }));

/** Notices vanish after 1 second (spec section 4): wait for this one while it is there. */

let counter = 0;
function newEmail(): string {
  return `wilhelminaross${Date.now().toString(36)}${counter++}@example.com`;
}

describe('the SIGN IN / REGISTER dialog', () => {
  it('opens from the header on DESKTOP, shows every field message, keeps focus inside and closes on Escape', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    // The dialog's code is not part of the page: it is fetched when the dialog first opens.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.includes('/assets/')));
    expect(scripts.filter((url) => url.includes('/AuthDialog-'))).toEqual([]);
    const fetched = page.waitForResponse((response) => response.url().includes('/assets/chunks/AuthDialog-'));
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    expect((await fetched).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'REGISTER' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/about-us');
    await expect(dialog.getByRole('radio', { name: 'No, I am a new user' }).isChecked()).resolves.toBe(true);
    const submit = dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByLabel('Email', { exact: true }).fill('not-an-address');
    await dialog.getByText('Please check the email address and enter again.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByText('The password must be of minimum length 4 characters.').waitFor();
    await dialog.getByLabel('Confirm Password').fill('abcd');
    await dialog.getByText('Password mismatch').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await saveScreenshot(page, 'register-dialog-messages-desktop');

    // Login mode: Email/Username, password, Forgot your password?
    await dialog.getByRole('radio', { name: 'Yes, I have a password' }).check();
    const signIn = page.getByRole('dialog', { name: 'SIGN IN' });
    await signIn.waitFor();
    await signIn.getByLabel('Email/Username').fill('');
    await signIn.getByText('Email/Username is required.').waitFor();
    await signIn.getByLabel('Password', { exact: true }).focus();
    await signIn.getByLabel('Password', { exact: true }).blur();
    await signIn.getByText('Password is required.').waitFor();
    expect(await signIn.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    await expect(signIn.getByRole('button', { name: 'Facebook' }).isVisible()).resolves.toBe(true);
    await expect(signIn.getByRole('button', { name: 'Google' }).isVisible()).resolves.toBe(true);

    // The page behind is inert: Tab stays in the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')) || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is the /authentication page on MOBILE, with the same messages', async () => {
    const context = await browser().newContext(MOBILE);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${webUrl}/authentication?userType=Login`);
    await page.getByRole('heading', { level: 1, name: 'SIGN IN' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Email/Username').fill('x');
    await page.getByLabel('Email/Username').fill('');
    await page.getByText('Email/Username is required.').waitFor();
    await page.getByRole('radio', { name: 'No, I am a new user' }).check();
    await page.getByRole('heading', { level: 1, name: 'REGISTER' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('Someone@Example');
    await page.getByText('Please check the email address and enter again.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByText('The password must be of minimum length 4 characters.').waitFor();
    await page.getByLabel('Confirm Password').fill('abd');
    await page.getByText('Password mismatch').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'register-page-messages-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an account from start to finish', () => {
  it('registers, logs out, logs in, changes the password and resets it from the e-mailed link', async () => {
    const email = newEmail();
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/about-us`);
    const header = page.getByRole('banner');

    // Register in the dialog: signed in at once, 'Login Successful !'.
    await header.getByRole('link', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'REGISTER' });
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('first-pass-91');
    await dialog.getByLabel('Confirm Password').fill('first-pass-91');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'Login Successful !');
    await dialog.waitFor({ state: 'detached' });
    // First word of the name, cut to 10 characters (the api names the account from the address).
    const name = header.getByTestId('account-name');
    await name.waitFor();
    expect(await name.textContent()).toBe('Wilhelmina');
    expect(await header.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications: 0');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('token=');
    await saveScreenshot(page, 'signed-in-header');

    // The dropdown: every account link, then Logout.
    await name.click();
    for (const label of ['My Account', 'My Alerts', 'My Wishlists', 'My Lookbook', 'My Brands', 'My Stores', 'My Sales', 'Edit Profile', 'Change Password']) {
      await header.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await header.getByRole('button', { name: 'Logout' }).click();
    await expectNotice(page, 'You have been signed out.');
    await header.getByRole('link', { name: 'Sign In' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false);

    // Log in again in the dialog.
    await header.getByRole('link', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'SIGN IN' });
    await signIn.getByLabel('Email/Username').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill('first-pass-91');
    await signIn.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'Login Successful !');
    await name.waitFor();

    // Change Password from the menu.
    await name.click();
    await header.getByRole('link', { name: 'Change Password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Change Password' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/user\/wilhelmina[a-z]*\d+\/settings$/);
    await page.getByLabel('Current Password').fill('first-pass-91');
    await page.getByLabel('New Password').fill('second-pass-92');
    await page.getByLabel('Confirm Password').fill('second-pass-93');
    await page.getByText('Password mismatch').waitFor();
    await page.getByLabel('Confirm Password').fill('second-pass-92');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectNotice(page, 'Your password has been changed.');

    // Logout from an account page goes home.
    await name.click();
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${webUrl}/`);
    await header.getByRole('link', { name: 'Sign In' }).waitFor();

    // Forgot password → home; the link arrives by e-mail.
    await page.goto(`${webUrl}/forgot-password`);
    await waitForHydration(page);
    await page.getByRole('heading', { level: 1, name: 'Forgot Password?' }).waitFor();
    const send = page.getByRole('button', { name: 'Send Email' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('nobody@');
    await page.getByText('Please check the email address and enter again.').waitFor();
    await page.getByLabel('Email').fill(email);
    await send.click();
    await page.waitForURL(`${webUrl}/`);
    const mail = await smtp.waitForMail(email, 20_000);
    const link = linksIn(mail).find((l) => l.includes('/confirm-password/tkn/'));
    expect(link).toBeDefined();
    const resetPath = new URL(link!).pathname;

    await page.goto(`${webUrl}${resetPath}`);
    await waitForHydration(page);
    const confirm = page.getByRole('button', { name: 'Confirm Password' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('New Password').fill('third-pass-93');
    await page.getByLabel('Confirm Password').fill('third-pass-93');
    await confirm.click();
    await page.waitForURL(`${webUrl}/`);

    // The old password no longer works; the new one does, from the /authentication page,
    // which then follows its same-site returnurl.
    await page.goto(`${webUrl}/authentication?userType=Login&returnurl=${encodeURIComponent('/user/anyone/wishlists')}`);
    await waitForHydration(page);
    await page.getByLabel('Email/Username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second-pass-92');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectNotice(page, 'The email/username or password is not correct.');
    await page.getByLabel('Password', { exact: true }).fill('third-pass-93');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Wishlists' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/user\/wilhelmina[a-z]*\d+\/wishlists$/);
    await page.getByText('You have no wishlists yet.').waitFor();
    // The browser reports the wrong password's 401 as a failed resource; nothing else may show.
    expect(problems).toEqual([expect.stringContaining('the server responded with a status of 401')]);
    await context.close();
  });
});

describe('guards', () => {
  it('sends guests away from account pages and signed-in users away from sign-in pages', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${webUrl}/user/somebody/settings`);
    expect(new URL(page.url()).pathname).toBe('/');

    // Sign in on the page, then the sign-in pages send us home, on the server and in the browser.
    const email = newEmail();
    await page.goto(`${webUrl}/authentication?userType=Register`);
    await waitForHydration(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('guard-pass-55');
    await page.getByLabel('Confirm Password').fill('guard-pass-55');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${webUrl}/`);
    await page.getByTestId('account-name').waitFor();
    for (const path of ['/authentication', '/forgot-password', '/confirm-password/tkn/a/key/b']) {
      await page.goto(`${webUrl}${path}`);
      expect(new URL(page.url()).pathname, path).toBe('/');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("ends a session the api calls 'UnAuthorized Access!' and leaves the account page", async () => {
    const context = await browser().newContext(DESKTOP);
    const host = new URL(webUrl).hostname;
    await context.addCookies([
      { name: 'token', value: 'A'.repeat(43), domain: host, path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'profile-type', value: '3', domain: host, path: '/', sameSite: 'Lax' },
    ]);
    const { page, problems } = await openPage(context, `${webUrl}/user/somebody`);
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).filter((c) => c.name === 'token' || c.name === 'profile-type')).toEqual([]);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
