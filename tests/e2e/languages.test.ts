import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, browserForFile, openPage, seriousAxeViolations } from '../support/browser';

// Issue 29 in a real browser. Pages in Traditional Chinese (Hong Kong) and Tamil (Singapore)
// draw every character with a font that has it (no "tofu" boxes): the page names the fonts
// systems have for each script (client/styles/main.css) and ships none, so what is checked is
// what Chromium drew with, as it reports it (CDP CSS.getPlatformFontsForNode), against what
// fontconfig says each of those fonts covers. And they pass axe.

const run = promisify(execFile);
const browser = browserForFile();
const webUrl = inject('webUrl');

/** The families fontconfig has that cover a character. */
const covering = new Map<string, Promise<Set<string>>>();
function familiesCovering(char: string): Promise<Set<string>> {
  let found = covering.get(char);
  if (!found) {
    const hex = char.codePointAt(0)!.toString(16);
    found = run('fc-list', [`:charset=${hex}`, 'family']).then(
      ({ stdout }) => new Set(stdout.split('\n').flatMap((line) => line.split(',')).map((family) => family.trim()).filter(Boolean)),
    );
    covering.set(char, found);
  }
  return found;
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
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
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
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    const { chars, missing } = await tofu(page, script);
    // The page is in that script: the shell alone has dozens of its characters.
    expect(chars).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
