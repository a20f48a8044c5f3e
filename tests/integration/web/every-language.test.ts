import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CATALOG_SOURCES, MESSAGE_AREAS } from '../../../shared/i18n/catalog-sources';
import { COUNTRY_CODES } from '../../../shared/countries';
import { everySite, sitePath, type SiteLanguage } from '../../../shared/i18n/languages';
import { registerUser } from '../accounts/accounts-api';
import { demoStackForFile } from '../../support/demo-stack';

// Issue 29, "done when": every page kind renders in every language, and no text of the page
// outside product data is still the English text of a message its catalogue translates. The
// pages are the built product's, over HTTP; what a shopper reads is every text node outside
// scripts and styles, plus the attributes read aloud or shown (aria-label, title, placeholder,
// alt) and the page's title and description. Content the page marks as English (`lang="en"`:
// the editors' banners, tiles and notes, decision 0080) is the editors' words, not a message.

const stack = demoStackForFile('catalog');
const BROWSER = 'Mozilla/5.0 Chrome/130';

const LANGUAGES = everySite(COUNTRY_CODES).filter(({ language }) => language.segment !== '');

/** The page kinds a guest reaches, by site path. */
const GUEST_PAGES = ['/', '/dresses', '/search?q=dress', '/brands', '/stores', '/faqs', '/about-us', '/contact-us', '/giveaway', '/sitemap', '/authentication', '/forgot-password', '/no-such-page'];
/** A signed-in shopper's own pages, under /user/{userName}. */
const SHOPPER_PAGES = ['profile', 'settings', 'wishlists', 'alerts', 'sales', 'lookbook'];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? whole),
  );

/** What a shopper reads on a page: its text nodes and the attributes shown or read aloud. */
export function readableTexts(html: string): string[] {
  const markup = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(<[a-z0-9]+\b[^>]*\slang="en"[^>]*>)[^<]*/g, '$1');
  const texts = markup.split(/<[^>]*>/).map((t) => decode(t).replace(/\s+/g, ' ').trim());
  const attributes = [...markup.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g), ...markup.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => decode(m[1]!).trim());
  return [...texts, ...attributes].filter((t) => /\p{L}/u.test(t));
}

type Leftovers = { whole: Map<string, string>; parts: { text: string; id: string }[] };

/**
 * The English texts a language translates: whole messages without arguments, and of messages
 * with arguments their literal runs of three words or more that the translation does not keep.
 */
function englishLeftovers(catalog: SiteLanguage['catalog']): Leftovers {
  const whole = new Map<string, string>();
  const parts: { text: string; id: string }[] = [];
  for (const area of MESSAGE_AREAS) {
    for (const [id, english] of Object.entries(CATALOG_SOURCES.en[area])) {
      const translated = CATALOG_SOURCES[catalog][area][id];
      if (translated === undefined || translated === english) continue;
      const compiled = compileMessageOrThrow(english);
      const literal = compiled.filter((part): part is string => typeof part === 'string');
      if (literal.length === compiled.length) {
        const text = literal.join('').replace(/<\/?\d+\/?>/g, '').replace(/\s+/g, ' ').trim();
        if (/\p{L}/u.test(text)) whole.set(text, id);
      } else {
        for (const run of literal.map((s) => s.replace(/<\/?\d+\/?>/g, '').trim())) {
          if (run.split(' ').length >= 3 && !translated.includes(run)) parts.push({ text: run, id });
        }
      }
    }
  }
  return { whole, parts };
}

function englishOn(html: string, leftovers: Leftovers): string[] {
  const found = new Set<string>();
  for (const text of readableTexts(html)) {
    const id = leftovers.whole.get(text);
    if (id) found.add(`${id}: "${text}"`);
    for (const part of leftovers.parts) if (text.includes(part.text)) found.add(`${part.id}: "${part.text}" in "${text}"`);
  }
  return [...found].sort();
}

async function firstProductPath(): Promise<string> {
  const html = (await request(stack.web.url).get('/dresses').set('User-Agent', BROWSER).expect(200)).text;
  const link = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(html);
  if (!link?.[1]) throw new Error('no product card on /dresses');
  return link[1];
}

describe('every page kind in every language', () => {
  it.each(LANGUAGES.map(({ country, language }) => [language.locale, country, language] as const))(
    'shows no English text of a translated message on any page in %s',
    async (_locale, country, language) => {
      const leftovers = englishLeftovers(language.catalog);
      const shopper = await registerUser(stack.api);
      const pages = [
        ...GUEST_PAGES.map((path) => ({ path, cookie: '' })),
        { path: await firstProductPath(), cookie: '' },
        ...SHOPPER_PAGES.map((section) => ({ path: `/user/${shopper.userName}/${section}`, cookie: `token=${shopper.token}; profile-type=3` })),
      ];
      const problems: Record<string, string[]> = {};
      for (const { path, cookie } of pages) {
        const url = sitePath(country, language.segment, path);
        const call = request(stack.web.url).get(url).set('User-Agent', BROWSER);
        const res = await (cookie ? call.set('Cookie', cookie) : call);
        expect([url, res.text.includes(`<html lang="${language.locale}"`)]).toEqual([url, true]);
        const english = englishOn(res.text, leftovers);
        if (english.length) problems[url] = english;
      }
      expect(problems).toEqual({});
    },
  );
});
