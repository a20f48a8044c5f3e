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

// Issue 31: once hydrated, a page draws again only what changed. A value a component renders
// from that the server cannot know (hydrated at all, the window's width) re-renders the
// component that reads it once hydrated, with everything below it: read high (the listing
// page), it drew the whole listing a second time, every card and link, 300-odd components.
// React tells a devtools hook of every commit (the hook React DevTools uses); the test's hook
// records the first element of each component drawn again after the first commit (the
// hydration). PerformedWork (flag 1) marks a component whose function ran in that render; a
// subtree React kept keeps the fibers of the commit before, which are left out.
function recordRedraws(): void {
  type Fiber = { type: unknown; flags: number; child: Fiber | null; sibling: Fiber | null; stateNode: unknown };
  const redrawn: Element[] = [];
  let commits = 0;
  let before = new WeakSet<Fiber>();
  (window as unknown as { redrawn: Element[] }).redrawn = redrawn;
  const firstElement = (fiber: Fiber | null): Element | null => {
    for (let f = fiber; f; f = f.child) if (f.stateNode instanceof Element) return f.stateNode;
    return null;
  };
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const now = new WeakSet<Fiber>();
      const visit = (first: Fiber | null) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          if (typeof fiber.type === 'function') {
            now.add(fiber);
            const element = commits > 0 && fiber.flags & 1 && !before.has(fiber) ? firstElement(fiber) : null;
            if (element) redrawn.push(element);
          }
          visit(fiber.child);
        }
      };
      visit(root.current.child);
      before = now;
      commits++;
    },
  };
}

describe('after hydration', () => {
  it('draws no card, menu link or filter value again, on a listing, the home page and a product page, at a phone’s and a desktop’s width', async () => {
    const listing = await (await fetch(`${webUrl}/dresses`)).text();
    const product = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(listing)![1]!;
    const found: string[] = [];
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const context = await browser().newContext({ viewport });
      await context.addInitScript(recordRedraws);
      const page = await context.newPage();
      const problems = watchConsole(page);
      for (const path of ['/dresses', '/', product]) {
        // Network idle: the parts fetched after hydration (the price filter, the catalogue) have come and been drawn.
        await page.goto(`${webUrl}${path}`, { waitUntil: 'networkidle' });
        await waitForHydration(page);
        const redrawn = await page.evaluate(() => {
          const redrawn = (window as unknown as { redrawn: Element[] }).redrawn;
          const seen = redrawn.filter((element) => element.closest('.product-card, .menu-list, .filter-list'));
          return { all: redrawn.length, seen: seen.map((element) => `${element.tagName.toLowerCase()}.${element.className}`) };
        });
        // The hook saw the page's commits (the menu's toggles appear once hydrated, at least).
        expect(redrawn.all, `${path} at ${viewport.width} px`).toBeGreaterThan(0);
        found.push(...redrawn.seen.map((element) => `${viewport.width} px ${path}: ${element}`));
      }
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
