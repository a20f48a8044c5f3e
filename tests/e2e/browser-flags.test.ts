import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, UNUSED_FEATURES, launchChromium } from '../../scripts/lib/chromium';

// The browser the tests drive (scripts/lib/chromium.ts): it turns off what Chromium starts
// beside every page and nobody here uses, and, since Chromium reads only the last
// --disable-features it is given, it must keep every feature Playwright turns off itself.

/** The features a browser was launched without, from its own command line. */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { arguments: args } = (await cdp.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
  const flag = args.filter((arg) => arg.startsWith('--disable-features=')).at(-1) ?? '--disable-features=';
  return flag.slice('--disable-features='.length).split(',').filter(Boolean);
}

/** Runs `use` on a browser and closes it after, whatever happened. */
async function withBrowser<T>(launch: Promise<Browser>, use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launch;
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

describe('the tests’ Chromium', () => {
  it('keeps every feature Playwright turns off, and turns off the address bar’s popups and the spare renderer', async () => {
    // --enable-automation: Chromium tells its command line only to a browser launched with it.
    const playwrights = await withBrowser(chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--enable-automation'] }), disabledFeatures);
    expect(playwrights.length).toBeGreaterThan(0);
    const ours = await withBrowser(launchChromium(['--enable-automation']), disabledFeatures);
    expect(playwrights.filter((feature) => !ours.includes(feature))).toEqual([]);
    expect(UNUSED_FEATURES.filter((feature) => !ours.includes(feature))).toEqual([]);
  });

  it('opens a page in a new context without starting any of the browser’s own WebUI pages', async () => {
    const targets = await withBrowser(launchChromium(), async (browser) => {
      const context = await browser.newContext();
      await (await context.newPage()).goto('data:text/html,<title>t</title>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      return targetInfos.map((target) => target.type);
    });
    expect(targets).toEqual(['page']);
  });
});
