import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from '../../../shared/countries';
import { readPayload, visibleMarkup } from '../../support/page';
import { demoStackForFile } from '../../support/demo-stack';
import { SITE_CONTENT_API } from '../../../shared/api/site-content-paths';

// Spec section 2 "Country prefix" and "Page metadata", through the real web and api.

const SITE = 'https://www.vitrine.example';
const stack = demoStackForFile('site', { SITE_URL: SITE });

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"([^>]*)/>`, 'g'))].map((m) => {
    const attrs = m[1]!;
    return { hreflang: /hrefLang="([^"]+)"/.exec(attrs)?.[1], href: /href="([^"]+)"/.exec(attrs)?.[1] };
  });

describe('country sites', () => {
  it('serves every country under its lower-case prefix, GB without one', async () => {
    for (const code of COUNTRY_CODES) {
      const prefix = code === 'GB' ? '' : `/${code.toLowerCase()}`;
      const res = await request(stack.web.url).get(`${prefix}/about-us`).expect(200);
      const { payload } = readPayload(res.text);
      expect(payload.config.country).toBe(code);
      expect(res.text).toContain(`<html lang="${COUNTRIES[code].locale}">`);
      // Every link the site renders keeps the prefix.
      expect(visibleMarkup(res.text)).toContain(`href="${prefix}/men-clothing"`);
      expect(visibleMarkup(res.text)).toContain(`href="${prefix}/dresses"`);
      // Prices and the chooser show the country's symbol, HK$ for Hong Kong.
      expect(visibleMarkup(res.text)).toContain(`<span class="country-currency">${COUNTRIES[code].info.symbol.trim()}</span>`);
    }
  });

  it('treats an unknown first segment as a path under GB', async () => {
    const res = await request(stack.web.url).get('/fr/about-us').expect(404);
    expect(readPayload(res.text).payload.config.country).toBe('GB');
  });

  it('never moves a visitor by cookie or geography: bots and people get the URL country', async () => {
    for (const agent of ['Mozilla/5.0 Chrome/130', 'Mozilla/5.0 (compatible; Googlebot/2.1)']) {
      const res = await request(stack.web.url)
        .get('/us/about-us')
        .set('User-Agent', agent)
        .set('Cookie', 'country=in')
        .set('x-geoip-country', 'AE')
        .expect(200);
      expect(readPayload(res.text).payload.config.country).toBe('US');
    }
  });
});

describe('choosing a country', () => {
  it('stores the country cookie, Secure on an https site behind TLS termination, and reloads the same page under that country', async () => {
    const res = await request(stack.web.url).get(`/choose-country/ca?to=${encodeURIComponent('/about-us?x=1')}`).expect(302);
    expect(res.headers.location).toBe('/ca/about-us?x=1');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^country=ca; Max-Age=31536000; Path=\/; Expires=[^;]+; Secure; SameSite=Lax$/);
    expect(cookie).not.toContain('HttpOnly');
  });

  it('replaces the country value in the query string and drops the old prefix', async () => {
    const res = await request(stack.web.url).get(`/choose-country/in?to=${encodeURIComponent('/us/search?q=red&country=us')}`).expect(302);
    expect(res.headers.location).toBe('/in/search?q=red&country=in');
    const gb = await request(stack.web.url).get(`/choose-country/gb?to=${encodeURIComponent('/hk/about-us')}`).expect(302);
    expect(gb.headers.location).toBe('/about-us');
    const home = await request(stack.web.url).get(`/choose-country/sg?to=${encodeURIComponent('/')}`).expect(302);
    expect(home.headers.location).toBe('/sg');
  });

  it('only follows same-site paths', async () => {
    for (const to of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await request(stack.web.url).get(`/choose-country/au?to=${encodeURIComponent(to)}`).expect(302);
      expect(res.headers.location).toBe('/au');
    }
  });

  it('refuses a country that is not one of the eight, or not lower case', async () => {
    for (const code of ['fr', 'CA', 'united-kingdom']) {
      const res = await request(stack.web.url).get(`/choose-country/${code}`).expect(400);
      expect(res.text).toBe('Unknown country. Choose one of gb, us, in, ae, ca, au, hk, sg.');
    }
  });

  it('tells the chooser which country the CDN placed the visitor in, only to suggest it', async () => {
    const seen = await request(stack.web.url).get(SITE_CONTENT_API.geoCountry).set('x-geoip-country', 'in').expect(200);
    expect(seen.body).toEqual({ data: { countryCode: 'IN' } });
    expect(seen.headers['cache-control']).toBe('private, no-store');
    for (const header of [undefined, 'FR']) {
      const req = request(stack.web.url).get(SITE_CONTENT_API.geoCountry);
      if (header) req.set('x-geoip-country', header);
      expect((await req.expect(200)).body).toEqual({ data: { countryCode: null } });
    }
  });
});

describe('choosing a language (issue 29)', () => {
  const choose = (language: string, to: string) => request(stack.web.url).get(`/choose-language/${language}?to=${encodeURIComponent(to)}`);

  it('stores the language cookie like the country cookie and reloads the same page in that language', async () => {
    const res = await choose('fr', '/ca/dresses?colour=red').expect(302);
    expect(res.headers.location).toBe('/ca/fr/dresses?colour=red');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^language=fr; Max-Age=31536000; Path=\/; Expires=[^;]+; Secure; SameSite=Lax$/);
    expect(cookie).not.toContain('HttpOnly');
  });

  it('moves between the languages of one country site, English by its word "en"', async () => {
    const english = await choose('en', '/ca/fr/about-us').expect(302);
    expect(english.headers.location).toBe('/ca/about-us');
    expect(String(english.headers['set-cookie'])).toMatch(/^language=en;/);
    expect((await choose('ta', '/sg/zh').expect(302)).headers.location).toBe('/sg/ta');
    expect((await choose('zh', '/hk').expect(302)).headers.location).toBe('/hk/zh');
    expect((await choose('ms', '/sg/ta/search?q=red').expect(302)).headers.location).toBe('/sg/ms/search?q=red');
  });

  it('only follows same-site paths', async () => {
    for (const to of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/%2F%2Fevil.example']) {
      const res = await choose('en', to).expect(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('refuses a language it does not know, or one the country site lacks, naming the choices and storing nothing', async () => {
    for (const [language, to, text] of [
      ['de', '/ca/dresses', 'Vitrine Canada has no language "de". Choose one of en (English), fr (Français).'],
      ['FR', '/ca/dresses', 'Vitrine Canada has no language "FR". Choose one of en (English), fr (Français).'],
      ['ta', '/ca/dresses', 'Vitrine Canada has no language "ta". Choose one of en (English), fr (Français).'],
      ['fr', '/sg', 'Vitrine Singapore has no language "fr". Choose one of en (English), zh (简体中文), ms (Bahasa Melayu), ta (தமிழ்).'],
      ['fr', '/about-us', 'Vitrine UK has no language "fr". Choose one of en (English).'],
    ] as const) {
      const res = await choose(language, to).expect(400);
      expect(res.text).toBe(text);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('shows the chooser on sites with more than one language: each language named in itself, the current one marked', async () => {
    const french = visibleMarkup((await request(stack.web.url).get('/ca/fr/about-us').expect(200)).text);
    expect(french).toContain('<a href="/choose-language/en?to=%2Fca%2Ffr%2Fabout-us" rel="nofollow" lang="en-CA" hrefLang="en-CA">English</a>');
    expect(french).toContain('<a href="/choose-language/fr?to=%2Fca%2Ffr%2Fabout-us" rel="nofollow" lang="fr-CA" hrefLang="fr-CA" aria-current="true">Français</a>');
    const singapore = visibleMarkup((await request(stack.web.url).get('/sg').expect(200)).text);
    expect([...singapore.matchAll(/<a href="\/choose-language\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(['English', '简体中文', 'Bahasa Melayu', 'தமிழ்']);
    expect(visibleMarkup((await request(stack.web.url).get('/us/about-us').expect(200)).text)).not.toContain('/choose-language/');
  });

  it('sends a country chosen from a page in another language to that country’s English page', async () => {
    const res = await request(stack.web.url).get(`/choose-country/us?to=${encodeURIComponent('/ca/fr/about-us')}`).expect(302);
    expect(res.headers.location).toBe('/us/about-us');
  });
});

describe('page metadata', () => {
  // Each site's languages point at their own page (issue 29): fr-CA at /ca/fr, zh-HK at /hk/zh.
  const expectedAlternates = (path: string) => [
    { hreflang: 'en-GB', href: `${SITE}${path}` },
    { hreflang: 'en-US', href: `${SITE}/us${path}` },
    { hreflang: 'en-IN', href: `${SITE}/in${path}` },
    { hreflang: 'en-AE', href: `${SITE}/ae${path}` },
    { hreflang: 'en-CA', href: `${SITE}/ca${path}` },
    { hreflang: 'fr-CA', href: `${SITE}/ca/fr${path}` },
    { hreflang: 'en-AU', href: `${SITE}/au${path}` },
    { hreflang: 'en-HK', href: `${SITE}/hk${path}` },
    { hreflang: 'zh-HK', href: `${SITE}/hk/zh${path}` },
    { hreflang: 'en-SG', href: `${SITE}/sg${path}` },
    { hreflang: 'zh-SG', href: `${SITE}/sg/zh${path}` },
    { hreflang: 'ms-SG', href: `${SITE}/sg/ms${path}` },
    { hreflang: 'ta-SG', href: `${SITE}/sg/ta${path}` },
    { hreflang: 'x-default', href: `${SITE}${path}` },
  ];

  it('gives a page its canonical URL and the same page on all 8 sites as hreflang alternates', async () => {
    for (const prefix of ['', '/ca', '/hk', '/ca/fr', '/sg/ta']) {
      const res = await request(stack.web.url).get(`${prefix}/contact-us?utm_source=mail`).expect(200);
      expect(links(res.text, 'canonical')).toEqual([{ hreflang: undefined, href: `${SITE}${prefix}/contact-us` }]);
      expect(links(res.text, 'alternate')).toEqual(expectedAlternates('/contact-us'));
    }
  });

  it('points the home page of each site at its bare prefix', async () => {
    const res = await request(stack.web.url).get('/us').expect(200);
    expect(links(res.text, 'canonical')[0]!.href).toBe(`${SITE}/us`);
    const alternates = links(res.text, 'alternate');
    expect(alternates.find((a) => a.hreflang === 'en-GB')!.href).toBe(`${SITE}/`);
    expect(alternates.find((a) => a.hreflang === 'en-US')!.href).toBe(`${SITE}/us`);
    expect(alternates.find((a) => a.hreflang === 'fr-CA')!.href).toBe(`${SITE}/ca/fr`);
  });

  it('gives each language its own page: <html lang>, canonical and og:locale (issue 29)', async () => {
    for (const [path, lang] of [['/ca/fr/faqs', 'fr-CA'], ['/hk/zh/faqs', 'zh-HK'], ['/sg/zh/faqs', 'zh-SG'], ['/sg/ms/faqs', 'ms-SG'], ['/sg/ta/faqs', 'ta-SG'], ['/ca/faqs', 'en-CA']] as const) {
      const res = await request(stack.web.url).get(path).expect(200);
      expect([path, res.text.includes(`<html lang="${lang}"`), links(res.text, 'canonical')[0]?.href, res.text.includes(`<meta property="og:locale" content="${lang.replace('-', '_')}"/>`)]).toEqual([path, true, `${SITE}${path}`, true]);
    }
    // A language a country site lacks is no language segment there: /gb/fr is a page path under GB.
    await request(stack.web.url).get('/us/fr/faqs').expect(404);
  });

  it('writes og, twitter and itemprop tags', async () => {
    const res = await request(stack.web.url).get('/au/faqs').expect(200);
    expect(res.text).toContain(`<meta property="og:url" content="${SITE}/au/faqs"/>`);
    expect(res.text).toContain('<meta property="og:locale" content="en_AU"/>');
    expect(res.text).toMatch(/<meta property="og:title" content="[^"]+ \| Vitrine"\/>/);
    expect(res.text).toMatch(/<meta name="twitter:card" content="summary(_large_image)?"\/>/);
    expect(res.text).toMatch(/<meta itemProp="url" content="https:\/\/www\.vitrine\.example\/au\/faqs"\/>/);
  });

  it('keeps missing pages out of the index: noindex, and no canonical, og:url or alternates naming the missing URL', async () => {
    const res = await request(stack.web.url).get('/us/nowhere').expect(404);
    expect(res.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(links(res.text, 'canonical')).toEqual([]);
    expect(links(res.text, 'alternate')).toEqual([]);
    expect(res.text).not.toMatch(/property="og:url"|itemProp="url"/);
    // The not-found tiles keep the country prefix.
    for (const slug of ['clothing', 'men-clothing', 'shoes']) expect(visibleMarkup(res.text)).toContain(`href="/us/${slug}"`);
    expect(visibleMarkup(res.text)).toMatch(/>Shop Women<\/a>|Shop Women/);
  });
});

describe('the header menu', () => {
  it('renders Women and Men as four-column panels, others as simple lists, Sale with its bands', async () => {
    const res = await request(stack.web.url).get('/about-us').expect(200);
    const html = visibleMarkup(res.text);
    const women = /<li class="menu-item has-children is-mega"><div class="menu-row"><a href="\/clothing"[\s\S]*?<\/div><\/div><\/li>/.exec(html)?.[0] ?? '';
    expect(women.match(/<ul class="menu-column">/g)).toHaveLength(4);
    expect(women).toContain('href="/dresses"');
    expect(women).toContain('href="/brands/a-to-z"');
    const names = [...html.matchAll(/<a href="[^"]*"[^>]*class="menu-link">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(names).toEqual(['Featured', 'Women', 'Men', 'Shoes', 'Bags', 'Accessories', 'Beauty', 'Sale', 'Dress Me', 'Blog']);
    for (const band of ['10-20-percent-off', '30-40-percent-off', '50-percent-off', '60-percent-off', '70-percent-off']) {
      expect(html).toContain(`href="/${band}"`);
    }
    expect(html).toContain('href="/health-and-beauty" class="menu-link">Beauty</a>');
    expect(html).toMatch(/<a href="https:\/\/blog\.vitrine\.example" target="_blank" rel="noopener noreferrer" class="menu-link">Blog<\/a>/);
  });
});

describe('a page’s messages (issue 29)', () => {
  it('come inside the page for its first render, and the whole catalogue of its language only is one immutable, content-hashed file', async () => {
    const french = readPayload((await request(stack.web.url).get('/ca/fr/faqs').expect(200)).text).payload;
    const english = readPayload((await request(stack.web.url).get('/ca/faqs').expect(200)).text).payload;
    expect([french.config.language, english.config.language]).toEqual(['fr', '']);
    expect(french.config.catalog).toMatch(/^\/assets\/i18n\/fr-[\w-]{10}\.json$/);
    expect(english.config.catalog).toMatch(/^\/assets\/i18n\/en-[\w-]{10}\.json$/);
    const asset = await request(stack.web.url).get(french.config.catalog).set('Accept-Encoding', 'br');
    expect([asset.status, asset.headers['cache-control'], asset.headers['content-encoding'], asset.headers['content-type']]).toEqual([200, 'public, max-age=31536000, immutable', 'br', 'application/json; charset=utf-8']);
    // supertest has decoded the brotli body already.
    const catalog = asset.body as Record<string, unknown>;
    // What the page carries is what its render used, each message as the catalogue has it. (This
    // web runs from the sources, where ids are long; the built client and its catalogues name
    // them short, as the built web does: so messages are compared, not ids.)
    const carried = Object.entries(french.messages ?? {});
    expect(carried.length).toBeGreaterThan(0);
    const inCatalog = new Set(Object.values(catalog).map((message) => JSON.stringify(message)));
    expect(carried.filter(([, message]) => !inCatalog.has(JSON.stringify(message)))).toEqual([]);
    expect(Object.keys(catalog).length).toBeGreaterThan(carried.length);
  });
});
