import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, waitForHydration, watchConsole, browserForFile } from '../support/browser';
import { API_PREFIX } from '../../shared/api/api-paths';
import { HOME_API } from '../../shared/api/home-paths';

const browser = browserForFile();
const webUrl = inject('webUrl');


describe('the root page in a real browser', () => {
  it('hydrates with no console errors, then navigates on the client through the gateway', async () => {
    const page = await browser().newPage();
    const problems = watchConsole(page);
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith(API_PREFIX)) apiCalls.push(`${url.origin === new URL(webUrl).origin ? 'gateway' : 'elsewhere'} ${url.pathname}${url.search}`);
    });
    const response = await page.goto(webUrl);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Women' }).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'root-page');

    // A client-side navigation: the page is not reloaded and the loader runs in the browser.
    // The home page's server render already fetched the editors' tips, so About Us takes
    // them from the transfer cache instead of asking again.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('link', { name: 'How Vitrine works' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Vitrine' }).waitFor();
    await page.getByText('Style notes from our editors').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(apiCalls.filter((call) => call.includes(HOME_API.fashionTips))).toEqual([]);

    // Back home: the same for the slides.
    await page.getByRole('link', { name: 'Vitrine home' }).click();
    await page.getByRole('link', { name: 'How Vitrine works' }).waitFor();
    expect(apiCalls.filter((call) => call.includes(HOME_API.slides))).toEqual([]);

    // A transfer-cache entry is used once: the second visit asks the api, through our origin.
    await page.getByRole('link', { name: 'How Vitrine works' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Vitrine' }).waitFor();
    await page.getByText('Style notes from our editors').waitFor();
    expect(apiCalls).toContain(`gateway ${HOME_API.fashionTips}?country=GB`);
    expect(apiCalls.every((call) => call.startsWith('gateway'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('starts the page’s modules after its largest picture has loaded and the first paint, with the nonce', async () => {
    const page = await browser().newPage();
    const problems = watchConsole(page);
    await page.goto(`${webUrl}/dresses`);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
      const picture = resources.find((r) => r.name === largest.currentSrc)!;
      const scripts = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]!;
      return {
        firstScript: Math.min(...scripts.map((r) => r.startTime)),
        pictureLoaded: picture.responseEnd,
        firstPaint: firstPaint.startTime,
        added: [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[type="module"], link[rel="modulepreload"]')].map((e) => ({
          file: new URL(e instanceof HTMLScriptElement ? e.src : e.href).pathname,
          nonce: e.nonce !== '',
        })),
        assets: (window as unknown as { __VITRINE__: { config: { assets: { entry: string; modulepreload: string[] } } } }).__VITRINE__.config.assets,
      };
    });
    // The route's files (its modulepreloads, then the entry), added by the loader with the
    // page's nonce (the CSP allows nothing else).
    expect(timing.added).toEqual([...timing.assets.modulepreload, timing.assets.entry].map((file) => ({ file, nonce: true })));
    expect(timing.firstScript).toBeGreaterThan(timing.pictureLoaded);
    expect(timing.firstScript).toBeGreaterThan(timing.firstPaint);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the country prefix on client-side links of a country site', async () => {
    const page = await browser().newPage();
    const problems = watchConsole(page);
    await page.goto(`${webUrl}/us`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'How Vitrine works' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Vitrine' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/us/about-us');
    expect(problems).toEqual([]);
    await page.close();
  });
});
