import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startProduct, type RunningProduct } from '../../scripts/lib/processes';
import { SOCIAL_STATE_REFUSED } from '../../server/web/http/social-sign-in';
import { DESKTOP, MOBILE, openPage, saveScreenshot, waitForHydration, watchConsole, browserForFile, expectNotice, recordPageNotices } from '../support/browser';
import { STANDIN_FACEBOOK_APP, startSocialProviders } from '../support/social-providers';
import { TEST_BUILD_DIR } from '../support/test-build';
import { SOCIAL_SIGN_IN_PAGES } from '../../shared/api/social-sign-in-paths';

// Social sign-in by OAuth 2 redirect in a real browser (spec section 2 "Sign-in and
// register", section 4 "Authentication"): the Facebook button goes through
// /auth/start/facebook to a stand-in "provider" on loopback, whose authorisation page sends
// the browser straight back to the redirect_uri with #access_token=…&state=…; the callback
// page posts the token, the api asks the stand-in Graph /me who it is, and the shopper ends
// signed in on the page they started from.

const browser = browserForFile();
let product: RunningProduct;
let providers: Awaited<ReturnType<typeof startSocialProviders>>;
let authorise: http.Server;
let authoriseUrl: string;
const authorisations: URLSearchParams[] = [];
/** The access token the stand-in authorisation page hands out next. */
let nextToken = '';

beforeAll(async () => {
  providers = await startSocialProviders();
  authorise = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    authorisations.push(url.searchParams);
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const fragment = new URLSearchParams({ access_token: nextToken, token_type: 'bearer', expires_in: '5183944', state: url.searchParams.get('state') ?? '' });
    res.writeHead(302, { location: `${redirectUri}#${fragment.toString()}` });
    res.end();
  });
  await new Promise<void>((resolve) => authorise.listen(0, '127.0.0.1', resolve));
  authoriseUrl = `http://127.0.0.1:${(authorise.address() as AddressInfo).port}/v19.0/dialog/oauth`;
  product = await startProduct({
    template: inject('smallDemo'),
    buildDir: TEST_BUILD_DIR,
    env: { FACEBOOK_GRAPH_URL: `${providers.url}/facebook`, FACEBOOK_APP_ID: STANDIN_FACEBOOK_APP.id, FACEBOOK_APP_SECRET: STANDIN_FACEBOOK_APP.secret },
    webEnv: { FACEBOOK_AUTH_URL: authoriseUrl },
  });
});
afterAll(async () => {
  await product?.stop();
  await providers?.close();
  await new Promise((resolve) => authorise?.close(resolve));
});


describe('Facebook sign-in by redirect', () => {
  it('goes to the provider and back, and ends signed in on the starting page with the name in the header', async () => {
    nextToken = `fb-e2e-${Date.now().toString(36)}`;
    providers.facebookToken(nextToken, { id: `fb-${nextToken}`, name: 'Marguerite Okonkwo', email: `marguerite.${Date.now().toString(36)}@example.com` });
    const context = await browser().newContext(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await recordPageNotices(page);
    const ourRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(product.webUrl)) ourRequests.push(r.url());
    });
    await page.goto(`${product.webUrl}/about-us`);
    await waitForHydration(page);

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'SIGN IN' });
    await dialog.getByRole('button', { name: 'Facebook' }).click();

    await expectNotice(page, 'Login Successful !');
    // The header learns the name as the callback page leaves for where the shopper started.
    await page.waitForURL(`${product.webUrl}/about-us`);
    const name = header.getByTestId('account-name');
    await name.waitFor();
    expect(await name.textContent()).toBe('Marguerite');
    await saveScreenshot(page, 'social-sign-in-facebook');

    // The stand-in saw a standard implicit-grant request.
    const asked = authorisations.at(-1)!;
    expect(asked.get('client_id')).toBe(STANDIN_FACEBOOK_APP.id);
    expect(asked.get('redirect_uri')).toBe(`${product.webUrl}${SOCIAL_SIGN_IN_PAGES.callback('facebook')}`);
    expect(asked.get('response_type')).toBe('token');
    expect(asked.get('scope')).toBe('email');
    expect(asked.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token never went to our server in an address, and is not in this page's history entry.
    expect(ourRequests.some((u) => u.includes(nextToken))).toBe(false);
    expect(await page.evaluate(() => window.location.href)).not.toContain('access_token');
    // The session cookie is HttpOnly, and the state cookie was used up.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.some((c) => c.name === 'social-state')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a callback whose state this browser was not given, with a way back to sign in', async () => {
    const context = await browser().newContext(MOBILE);
    const page = await context.newPage();
    // A link an attacker could send: their own token and a state of their choosing.
    await page.goto(`${product.webUrl}${SOCIAL_SIGN_IN_PAGES.callback('facebook')}#access_token=attacker-token&state=attacker-state`);
    await waitForHydration(page);
    await page.getByRole('alert').filter({ hasText: SOCIAL_STATE_REFUSED }).waitFor();
    expect(await page.evaluate(() => window.location.href)).toBe(`${product.webUrl}${SOCIAL_SIGN_IN_PAGES.callback('facebook')}`);
    const back = page.getByRole('link', { name: 'Back to sign in' });
    expect(await back.getAttribute('href')).toBe('/authentication');
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false);
    await back.click();
    await page.getByRole('heading', { level: 1, name: 'SIGN IN' }).waitFor();
    await context.close();
  });

  it('keeps saying a provider without an app id is not available', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page } = await openPage(context, `${product.webUrl}/authentication?userType=Login`);
    await page.getByRole('button', { name: 'Google' }).click();
    await expectNotice(page, 'Google sign-in is not available right now.');
    expect(new URL(page.url()).pathname).toBe('/authentication');
    await context.close();
  });
});
