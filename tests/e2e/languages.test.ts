import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningProduct } from '../../scripts/lib/processes';
import { COOKIE } from '../../shared/constants';
import type { MessageId } from '../../shared/i18n/message-ids';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations, waitForHydration, expectNotice } from '../support/browser';
import { testTranslator } from '../support/i18n';
import { linksIn } from '../support/smtp-server';
import { startMailingProduct, stopMailingProduct, type MailingProduct } from '../support/mailing-product';

// Issue 29 in a real browser. Pages in Traditional Chinese (Hong Kong) and Tamil (Singapore)
// draw every character with a font that has it (no "tofu" boxes): the page names the fonts
// systems have for each script (client/styles/main.css) and ships none, so what is checked is
// what Chromium drew with, as it reports it (CDP CSS.getPlatformFontsForNode), against what
// fontconfig says each of those fonts covers. And they pass axe.

const run = promisify(execFile);
const browser = browserForFile();
const webUrl = inject('webUrl');

/** Each family fontconfig has, with the code points it covers (its charset's ranges). */
type FontCoverage = { families: string[]; ranges: [number, number][] };

/**
 * What fontconfig says each of the system's fonts covers, asked once for the file: one
 * `fc-list` per character was hundreds of processes on a Chinese page (a core for seconds).
 */
let coverage: Promise<FontCoverage[]> | undefined;
function fontCoverage(): Promise<FontCoverage[]> {
  coverage ??= run('fc-list', ['--format', '%{family}|%{charset}\\n']).then(({ stdout }) =>
    stdout
      .split('\n')
      .filter((line) => line.includes('|'))
      .map((line) => {
        const [families = '', charset = ''] = line.split('|');
        const ranges = charset
          .split(' ')
          .filter(Boolean)
          .map((range): [number, number] => {
            const [from = '', to = from] = range.split('-');
            return [parseInt(from, 16), parseInt(to, 16)];
          });
        return { families: families.split(',').map((family) => family.trim()).filter(Boolean), ranges };
      }),
  );
  return coverage;
}

/** The families fontconfig has that cover a character. */
async function familiesCovering(char: string): Promise<Set<string>> {
  const code = char.codePointAt(0)!;
  const fonts = await fontCoverage();
  return new Set(fonts.filter((font) => font.ranges.some(([from, to]) => code >= from && code <= to)).flatMap((font) => font.families));
}

/** Characters of `script` Chromium drew with a font that lacks them, per element ("" when none). */
async function tofu(page: Page, script: RegExp): Promise<{ chars: number; missing: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: false });
  type Node = { nodeId: number; nodeType: number; nodeValue?: string; children?: Node[] };
  const elements: { nodeId: number; text: string }[] = [];
  const walk = (node: Node) => {
    const own = (node.children ?? []).filter((child) => child.nodeType === 3).map((child) => child.nodeValue ?? '').join('');
    if (node.nodeType === 1 && script.test(own)) elements.push({ nodeId: node.nodeId, text: own });
    for (const child of node.children ?? []) walk(child);
  };
  walk(root as Node);
  const missing: string[] = [];
  let chars = 0;
  for (const { nodeId, text } of elements) {
    // A node the page replaced meanwhile is no longer drawn: nothing of it can be a box.
    const drawn = await cdp.send('CSS.getPlatformFontsForNode', { nodeId }).catch(() => undefined);
    if (!drawn) continue;
    const { fonts } = drawn;
    // Hidden text is laid out in no font: nothing is drawn, so nothing can be a box.
    if (fonts.length === 0) continue;
    const used = fonts.map((font) => font.familyName);
    for (const char of new Set([...text].filter((c) => script.test(c)))) {
      chars++;
      const families = await familiesCovering(char);
      if (!used.some((family) => families.has(family))) missing.push(`${char} in "${text.slice(0, 40)}" drawn with ${used.join(', ')}`);
    }
  }
  await cdp.detach();
  return { chars, missing };
}

const HAN = /\p{Script=Han}/u;
const TAMIL = /\p{Script=Tamil}/u;

describe('pages in Chinese and Tamil', () => {
  it.each([
    ['/hk/zh', 'zh-HK', HAN],
    ['/hk/zh/dresses', 'zh-HK', HAN],
    ['/sg/ta', 'ta-SG', TAMIL],
    ['/sg/ta/dresses', 'ta-SG', TAMIL],
  ] as const)('%s draws every character with a font that has it, and passes axe', async (path, lang, script) => {
    const context = await browser().newContext({ ...DESKTOP, bypassCSP: true });
    const { page, problems } = await openPage(context, `${webUrl}${path}`);
    // The language's whole catalogue has come and anything drawn again for it is in place.
    await page.waitForLoadState('networkidle');
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    const { chars, missing } = await tofu(page, script);
    // The page is in that script: the shell alone has dozens of its characters.
    expect(chars).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
    // The first of them loads the system's CJK font (megabytes) and checks every character's
    // font: 10 s alone here, past 60 s once in a full run on a machine at half its speed.
  }, 120_000);
});

describe('a shopper in Canada, in French', () => {
  let product: RunningProduct;
  let smtp: MailingProduct['smtp'];
  beforeAll(async () => {
    ({ product, smtp } = await startMailingProduct());
  });
  afterAll(() => stopMailingProduct({ product, smtp }));

  const fr = testTranslator('fr-CA').t;
  const en = testTranslator('en-CA').t;
  /** A French message with an argument, up to that argument: what an accessible name starts with. */
  const startOf = (id: MessageId) => new RegExp(`^${fr(id, { title: '\u0000' }).split('\u0000')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

  it('switches to French on a listing, filters, opens a product, sets an alert and gets its confirmation e-mail in French', async () => {
    const context = await browser().newContext(DESKTOP);
    const { page, problems } = await openPage(context, `${product.webUrl}/ca/dresses`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-CA');

    // The header's chooser: Français, which remembers the choice and opens the same listing in French.
    await page.getByRole('navigation', { name: en('shell.language.label') }).getByRole('link', { name: 'Français' }).click();
    await page.waitForURL(`${product.webUrl}/ca/fr/dresses`);
    await waitForHydration(page);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    expect((await context.cookies()).find((cookie) => cookie.name === COOKIE.language)?.value).toBe('fr');

    // A colour filter, in French, keeps the page French.
    const swatch = page.locator('a.colour-swatch').first();
    await swatch.click();
    await page.waitForURL((url) => url.pathname === '/ca/fr/dresses' && url.searchParams.has('colour'));
    await page.getByRole('combobox', { name: fr('listing.sort.label') }).waitFor();

    // A product, its page in French; then back to the filtered listing.
    await page.locator('.listing-results .product-card-title a').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/ca/fr/') && url.pathname.split('/').length === 6);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/ca/fr/dresses' && url.searchParams.has('colour'));

    // A Sale Alert on the first item, for a guest: the dialog speaks French.
    const email = `francais${Date.now().toString(36)}@example.com`;
    const card = page.locator('.listing-results .product-grid > article').first();
    await card.hover();
    await card.getByRole('link', { name: startOf('listing.card.saleAlertFor') }).click();
    const dialog = page.getByRole('dialog', { name: fr('alerts.kind.sale') });
    await dialog.getByRole('radio', { name: fr('alerts.scope.item') }).check();
    await dialog.getByLabel(fr('alerts.dialog.email')).fill(email);
    await dialog.getByRole('button', { name: fr('alerts.dialog.submit') }).click();
    await expectNotice(page, fr('alerts.notice.confirmSent'));

    // The confirmation e-mail: French words, a link to the French page.
    const mail = await smtp.waitForMail(email, 15_000);
    expect(mail.subject).toBe(fr('emails.alertConfirm.subject'));
    expect(linksIn(mail).filter((link) => new URL(link).pathname.startsWith('/ca/fr/alerts/confirm/'))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
