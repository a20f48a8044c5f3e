import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Locator, type Page, type Request } from 'playwright-core';
import { COOKIE } from '../../shared/constants';
import { launchChromium } from '../../scripts/lib/chromium';
import type { SignedIn } from './web-session';

/** What the tests' Chromium runs with beside CHROMIUM_ARGS (scripts/lib/chromium.ts): no GPU. */
export const TEST_BROWSER_ARGS = ['--disable-gpu'];

/**
 * Debian's Chromium, without a GPU: the e2e tier's one browser (launched by its global setup,
 * e2e-global-setup.ts), connected to; else one launched for the caller. A launch was about two
 * seconds of CPU, once per e2e file (issue 26: CI under 15 minutes); every file's contexts are
 * its own, and closing a connected browser closes them and leaves the browser to the others.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchChromium(TEST_BROWSER_ARGS);
}

/**
 * One browser for the test file: launched before its tests, closed after them. After a test
 * that failed, every page still open is described on the test's output (describePage), so a
 * step that passed alone and failed in a full run is explained by the run that failed.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !browser) return;
    const pages = browser.contexts().flatMap((context) => context.pages());
    console.error(`after the failure of "${task.name}":\n${(await Promise.all(pages.map(describePage))).join('\n') || 'no page open'}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: use it inside a test or hook');
    return browser;
  };
}

/** Each watched page's answers of 400 and above, and its console problems, for describePage. */
const pageTroubles = new WeakMap<Page, { answers: string[]; problems: string[]; pending: Set<Request>; failed: string[] }>();

/** A request as a failed test's account names it: "GET /path". */
const where = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;

/** Collects console errors and warnings and uncaught page errors: a clean page has none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  const answers: string[] = [];
  const pending = new Set<Request>();
  const failed: string[] = [];
  pageTroubles.set(page, { answers, problems, pending, failed });
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    failed.push(`${where(request)} (${request.failure()?.errorText ?? 'failed'})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) answers.push(`${response.status()} ${where(response.request())}`);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Waits until a watched page has no request in flight: each one it made has been answered or
 * has failed. Chunks a page asks for once idle can start after 'networkidle' on a busy machine.
 */
export async function waitForRequestsAnswered(page: Page): Promise<void> {
  const troubles = pageTroubles.get(page);
  if (!troubles) throw new Error('waitForRequestsAnswered needs a page watched by watchConsole (openPage)');
  await expect.poll(() => [...troubles.pending].map(where), { timeout: 15_000 }).toEqual([]);
}

/**
 * Waits for `step`; if it fails (a locator's timeout, most often), the error also describes the
 * page (describePage: its address, what it shows, its failed answers and console). A step that
 * passed alone and failed in a full run is then explained by the run that failed.
 */
export async function explained<T>(page: Page, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\nthe page: ${await describePage(page)}`, { cause: error });
  }
}

/**
 * A page as a failed test left it: its address, its document's status, its open dialog's text or
 * else its main's; for a watched page (watchConsole, openPage) its answers of 400 and above and
 * its console problems too, and when there are any, the requests it still waits for or that
 * failed; and the notices it shows and its loader overlay (a dialog that never opened after a
 * click: was its code still on the way, or did it fail?).
 */
export async function describePage(page: Page): Promise<string> {
  const status = await page
    .evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseStatus)
    .catch(() => undefined);
  const dialog = page.locator('dialog[open]');
  const shown = (await dialog.count().catch(() => 0)) > 0 ? dialog.first() : page.locator('main');
  const text = (await shown.innerText({ timeout: 2_000 }).catch(() => '?')).replace(/\s+/g, ' ').slice(0, 600);
  const troubles = pageTroubles.get(page);
  const answers = troubles ? `\n  answers of 400 and above: ${troubles.answers.join(', ') || 'none'}\n  console: ${troubles.problems.join(' | ') || 'nothing'}` : '';
  const unanswered = troubles ? [...troubles.pending].map(where) : [];
  const notices = (await page.locator('.notice-region').innerText({ timeout: 1_000 }).catch(() => '')).replace(/\s+/g, ' ').trim();
  const busy = (await page.locator('.loader-overlay').count().catch(() => 0)) > 0;
  const extra = [
    unanswered.length > 0 ? `\n  requests unanswered: ${unanswered.join(', ')}` : '',
    troubles && troubles.failed.length > 0 ? `\n  requests failed: ${troubles.failed.join(', ')}` : '',
    notices ? `\n  notices: ${notices}` : '',
    busy ? '\n  the loader overlay is showing' : '',
  ].join('');
  return `${page.url()} (status ${status ?? '?'}, hydrated: ${await page.locator('html[data-hydrated="true"]').count().catch(() => '?')}): ${text}${answers}${extra}`;
}

/** The root route marks the document once React has hydrated it. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** A part drawn when the shopper comes near it (client/app/deferred-part.tsx): scrolls to it and waits until it is drawn. */
export async function drawnPart(part: Locator): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await part.and(part.page().locator('[data-drawn]')).waitFor();
}

/** The footer, a part drawn when the shopper comes near it: scrolls to it and waits until it is drawn. */
export async function waitForFooter(page: Page): Promise<void> {
  await drawnPart(page.getByRole('contentinfo'));
}

/** The two widths the spec draws: a desktop window, and a phone (mobile layout under 768 px). */
export const DESKTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;
export const MOBILE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

/**
 * Makes browser contexts for the site at `webUrl()` (both read when a context is made, so a
 * stack started in beforeAll will do): a guest's, or signed in as `shopper` with the cookies
 * the web sets at sign-in. `options` default to `defaults`; a context that runs axe needs
 * `bypassCSP: true` (see seriousAxeViolations).
 */
export function siteContexts(browser: () => Browser, webUrl: () => string, defaults: BrowserContextOptions = DESKTOP) {
  return async (shopper?: SignedIn, options: BrowserContextOptions = defaults): Promise<BrowserContext> => {
    const context = await browser().newContext(options);
    if (shopper) await signInContext(context, shopper, webUrl());
    return context;
  };
}

/** Gives a context the cookies the web at `webUrl` sets when `shopper` signs in. */
export async function signInContext(context: BrowserContext, shopper: SignedIn, webUrl: string): Promise<void> {
  await context.addCookies([
    { name: COOKIE.token, value: shopper.token, url: webUrl, httpOnly: true, sameSite: 'Lax' },
    { name: COOKIE.profileType, value: String(shopper.profileType), url: webUrl, sameSite: 'Lax' },
  ]);
}

/**
 * Keeps the text of every notice the page shows (the shell's notice, data-testid="notice"), in
 * every document the page loads: a notice is gone after a second (spec section 2), and under a
 * full run's load the test could ask for it after it went (expectNotice).
 */
function recordNotices(): void {
  const record = window as unknown as { shownNotices?: string[] };
  if (record.shownNotices) return;
  const shown: string[] = (record.shownNotices = []);
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('[data-testid="notice"]')) {
      const text = notice.textContent ?? '';
      if (shown.at(-1) !== text) shown.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Records the notices of every document `page` loads from now on (openPage does it for its pages). */
export async function recordPageNotices(page: Page): Promise<void> {
  await page.addInitScript(recordNotices);
}

/** Waits until the page has shown a notice saying `text` (recorded, so one already gone counts); the page comes from openPage, or recordPageNotices was called on it. */
export async function expectNotice(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const shown = (window as unknown as { shownNotices?: string[] }).shownNotices;
      if (!shown) throw new Error('expectNotice: open the page with openPage, or call recordPageNotices on it first');
      return shown.some((notice) => notice.includes(wanted));
    },
    text,
    { timeout: 15_000 },
  );
}

/** A new page in `context` at `url`, hydrated, with its console watched (see watchConsole) and its notices recorded (expectNotice). */
export async function openPage(context: BrowserContext, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await recordPageNotices(page);
  await page.goto(url);
  await waitForHydration(page);
  return { page, problems };
}

/**
 * Screenshots for people to look at, saved by the test run (tests/output is not committed): the
 * window, or with `fullPage` the whole page, which cost a CPU-second each for a listing, five
 * times the window's (issue 26: CI under 15 minutes).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '../output/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Runs axe-core on the page and lists its serious and critical violations ("rule (impact):
 * first targets"). axe is injected as a script, which our CSP rightly refuses: open the page
 * in a context made with `bypassCSP: true`.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<Result> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}

/**
 * Runs only the named axe-core rules (whatever their impact, and whether or not axe enables
 * them by default, as Lighthouse's `target-size`) and lists their violations as
 * "rule: first targets". Same CSP note as seriousAxeViolations.
 */
export async function axeRuleViolations(page: Page, rules: readonly string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async (values) => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    type Options = { runOnly: { type: 'rule'; values: string[] } };
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: Options) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }, [...rules]);
}
