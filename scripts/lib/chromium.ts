import { chromium, type Browser, type BrowserServer } from 'playwright-core';

// Debian's Chromium driven by Playwright, for the browser tests and the main-thread bench
// (npx playwright install cannot download here; CHROMIUM_PATH names another build).

/**
 * Features Playwright 1.65 turns off itself (its chromiumSwitches.ts). Chromium reads only the
 * last `--disable-features` of a command line, so ours must repeat them; a browser test
 * (tests/e2e/browser-flags.test.ts) fails when a new Playwright turns off one more.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What every new window of Chromium 156 starts beside its page, and no test looks at: the
 * address bar's two popups, each a WebUI page in a renderer of its own, and a spare renderer
 * kept warm for the next site. Twenty new contexts, each loading one small page, cost 26.5
 * CPU-s with them and 13.7 without (issue 26: CI under 15 minutes).
 */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  // Without these Chromium tries to reach Google at start.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches Debian's Chromium headless with CHROMIUM_ARGS and `args` after them. */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch(launchOptions(args));
}

/** The same browser as a server that several processes connect to (`chromium.connect`), each with contexts of its own. */
export function launchChromiumServer(args: string[] = []): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions(args));
}

function launchOptions(args: string[]) {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] };
}
