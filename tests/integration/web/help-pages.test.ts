import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COOKIE } from '../../../shared/constants';
import { COUNTRY_CODES } from '../../../shared/countries';
import { visibleMarkup } from '../../support/page';
import { startWeb } from '../../support/web-server';
import { announceSiteContentChange, demoStackForFile } from '../../support/demo-stack';

// Spec section 2 "Not-found and help pages": six real pages written for Vitrine, with the shell,
// under every country prefix.

const SITE = 'https://www.vitrine.example';
const PAGES = {
  'about-us': 'About Vitrine',
  'contact-us': 'Contact us',
  faqs: 'Frequently asked questions',
  'terms-and-conditions': 'Terms and conditions',
  'privacy-policy': 'Privacy policy',
  'general-data-protection-notice': 'General data protection notice',
} as const;

const stack = demoStackForFile('site', { SITE_URL: SITE });

/** Visible text of the page's article, tags dropped. */
function articleText(html: string): string {
  const start = html.indexOf('<article class="help-article"');
  const end = html.indexOf('</article>', start);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, end).replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

describe('the help pages', () => {
  it('serves each page with its heading, the shell and a cacheable status under every country prefix', async () => {
    for (const code of COUNTRY_CODES) {
      const prefix = code === 'GB' ? '' : `/${code.toLowerCase()}`;
      for (const [slug, heading] of Object.entries(PAGES)) {
        const res = await request(stack.web.url).get(`${prefix}/${slug}`).expect(200);
        expect(res.headers['cache-control']).toMatch(/^public/);
        expect(res.text).toContain(`<h1 id="help-heading">${heading}</h1>`);
        // The shell: header menu and footer, with this country's links.
        expect(res.text).toMatch(new RegExp(`<a[^>]*href="${prefix}/men-clothing"[^>]*>Men</a>`));
        expect(res.text).toContain('<footer');
        // The help navigation marks this page as the current one.
        expect(res.text).toMatch(new RegExp(`<a href="${prefix}/${slug}" aria-current="page">`));
        expect(articleText(res.text).length).toBeGreaterThan(1500);
      }
    }
  });

  it('explains what Vitrine is and how affiliate click-through works', async () => {
    const text = articleText((await request(stack.web.url).get('/about-us').expect(200)).text);
    expect(text).toContain('How click-through works');
    expect(text).toMatch(/retailer/i);
    expect(text).toMatch(/commission/i);
  });

  it('lists every cookie the site sets, and why, on the privacy policy', async () => {
    const text = articleText((await request(stack.web.url).get('/privacy-policy').expect(200)).text);
    // The web only ever clears social-token (sign-out clears it, spec section 4) and never
    // sets it, so the privacy policy does not list it.
    const set = Object.values(COOKIE).filter((name) => name !== COOKIE.socialToken);
    for (const name of set) expect(text).toContain(name);
    expect(text).not.toContain(COOKIE.socialToken);
    expect(text).toContain('Strictly necessary');
  });

  it('says how to reach us, with a working mailto link', async () => {
    const res = await request(stack.web.url).get('/us/contact-us').expect(200);
    expect(res.text).toMatch(/href="mailto:support@vitrine\.example[^"]*"/);
    expect(articleText(res.text)).toContain('London');
  });

  it('shows the editors’ tips on About Us, and still the page when they cannot be loaded', async () => {
    const res = await request(stack.web.url).get('/in/about-us').expect(200);
    expect(visibleMarkup(res.text)).toContain('Dressing for India&#x27;s weather');
    const broken = await startWeb(stack.api.url, { SITE_URL: SITE });
    await stack.db.query('ALTER TABLE home_content RENAME TO home_content_away');
    await announceSiteContentChange(stack);
    try {
      const without = await request(broken.url).get('/in/about-us').expect(200);
      expect(without.text).toContain('<h1 id="help-heading">About Vitrine</h1>');
      expect(without.text).not.toContain('Style notes from our editors');
    } finally {
      await stack.db.query('ALTER TABLE home_content_away RENAME TO home_content');
      await broken.close();
    }
  });

  it('has a table of contents whose links point at sections on the page', async () => {
    const res = await request(stack.web.url).get('/privacy-policy').expect(200);
    const targets = [...res.text.matchAll(/<nav class="help-toc"[\s\S]*?<\/nav>/g)][0]?.[0].matchAll(/href="#([^"]+)"/g);
    const ids = [...(targets ?? [])].map((m) => m[1]!);
    expect(ids).toContain('cookies');
    for (const id of ids) expect(res.text).toContain(`id="${id}"`);
  });

  it('speaks the page’s language under /ca/fr, /hk/zh and /sg/ta; the legal pages stay English and say so (issue 29)', async () => {
    const cases = [
      ['/ca/fr', 'fr-CA', { 'about-us': 'À propos de Vitrine', 'contact-us': 'Nous joindre', faqs: 'Foire aux questions' }, 'Cette page n&#x27;est offerte qu&#x27;en anglais.'],
      ['/hk/zh', 'zh-HK', { 'about-us': '關於 Vitrine', 'contact-us': '聯絡我們', faqs: '常見問題' }, '此頁面只提供英文版本。'],
      ['/sg/ta', 'ta-SG', { 'about-us': 'Vitrine பற்றி', 'contact-us': 'எங்களைத் தொடர்புகொள்ளுங்கள்', faqs: 'அடிக்கடி கேட்கப்படும் கேள்விகள்' }, 'இந்தப் பக்கம் ஆங்கிலத்தில் மட்டுமே கிடைக்கிறது.'],
    ] as const;
    for (const [prefix, locale, headings, note] of cases) {
      for (const [slug, heading] of Object.entries(headings)) {
        const res = await request(stack.web.url).get(`${prefix}/${slug}`).expect(200);
        expect(res.text).toContain(`<html lang="${locale}">`);
        expect(res.text).toContain(`<h1 id="help-heading">${heading}</h1>`);
        expect(res.text).not.toContain('help-language-note');
      }
      const legal = await request(stack.web.url).get(`${prefix}/privacy-policy`).expect(200);
      expect(legal.text).toContain(`<h1 id="help-heading">${PAGES['privacy-policy']}</h1>`);
      expect(legal.text).toContain(`<article class="help-article" aria-labelledby="help-heading" lang="en"><p class="help-language-note" lang="${locale}">${note}</p>`);
    }
  });
});
