import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, COUNTRIES } from '../../../shared/countries';
import { readPayload, visibleMarkup } from '../../support/page';
import { startWeb } from '../../support/web-server';
import { announceSiteContentChange, demoStackForFile } from '../../support/demo-stack';

// Spec section 2 "Home page", on the demo catalog's site content,
// through the real web and api.

const SITE = 'https://www.vitrine.example';
const stack = demoStackForFile('site', { SITE_URL: SITE });

/** The hrefs of the links inside the home section with this class. */
function sectionLinks(html: string, className: string): string[] {
  const start = html.indexOf(`class="home-section ${className}`);
  if (start < 0) return [];
  const end = html.indexOf('</section>', start);
  return [...html.slice(start, end).matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

function carouselLinks(html: string): string[] {
  const start = html.indexOf('class="carousel');
  const end = html.indexOf('</section>', start);
  return [...html.slice(start, end).matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

describe('the home page', () => {
  it('has its title and description on every country site', async () => {
    for (const code of COUNTRY_CODES) {
      const prefix = code === 'GB' ? '' : `/${code.toLowerCase()}`;
      const res = await request(stack.web.url).get(prefix || '/').expect(200);
      expect(res.text).toContain('<title>Vitrine | Discover, compare and shop fashion and beauty</title>');
      expect(res.text).toMatch(/<meta name="description" content="Shop dresses, shoes, bags and beauty[^"]*"\/>/);
      // Country content: this country's own summer-sale slide.
      expect(visibleMarkup(res.text)).toContain(`${COUNTRIES[code].name} summer sale: up to 70% off`);
    }
  });

  it('has them in the page’s language on /ca/fr, /hk/zh and /sg/ta, the feed’s slides as they came (issue 29)', async () => {
    for (const [path, locale, title, code] of [
      ['/ca/fr', 'fr-CA', 'Vitrine | Découvrez, comparez et magasinez la mode et la beauté', 'CA'],
      ['/hk/zh', 'zh-HK', 'Vitrine | 發掘、比較、選購時尚與美容產品', 'HK'],
      ['/sg/ta', 'ta-SG', 'Vitrine | ஃபேஷன், அழகுப் பொருட்களைக் கண்டறியுங்கள், ஒப்பிடுங்கள், வாங்குங்கள்', 'SG'],
    ] as const) {
      const res = await request(stack.web.url).get(path).expect(200);
      expect(res.text).toContain(`<html lang="${locale}">`);
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(visibleMarkup(res.text)).toContain(`${COUNTRIES[code].name} summer sale: up to 70% off`);
    }
  });

  it('shows only slides with links, keeps query strings and gives relative links the country prefix', async () => {
    const res = await request(stack.web.url).get('/hk').expect(200);
    const links = carouselLinks(res.text);
    expect([...links].sort()).toEqual(['/hk/dresses?colour=red', '/hk/health-and-beauty?sort=desc', '/hk/jeans', '/hk/men-coats-blazers', '/hk/sale']);
    expect(visibleMarkup(res.text)).not.toContain('Free delivery from selected stores in Hong Kong');
    const gb = await request(stack.web.url).get('/').expect(200);
    expect(carouselLinks(gb.text)).toContain('/jeans');
  });

  it('lists the hot list, promoted links, spotlights, editor picks, blog and showcase', async () => {
    const res = await request(stack.web.url).get('/ca').expect(200);
    const hot = sectionLinks(res.text, 'home-hot-list');
    // The header's menu tiles as /{itemSlug}, the external blog left out.
    expect(hot).toContain('/ca/clothing');
    expect(hot).toContain('/ca/health-and-beauty');
    expect(hot.some((href) => href.includes('blog'))).toBe(false);
    expect(sectionLinks(res.text, 'home-promoted')).toEqual(expect.arrayContaining(['/ca/sale?offers=51.0-70.0', '/ca/shoes?freedelivery=true']));
    const spotlight = sectionLinks(res.text, 'home-spotlight home-brands');
    // The demo's six spotlit brands.
    expect(spotlight).toHaveLength(6);
    expect(spotlight.every((href) => href.startsWith('/ca/brand/'))).toBe(true);
    expect(sectionLinks(res.text, 'home-editors-picks')).toContain('/ca/editors-picks/wedding-guest');
    const blog = sectionLinks(res.text, 'home-blog');
    expect(blog.length).toBe(4);
    expect(blog.every((href) => href.startsWith('https://'))).toBe(true);
    expect(sectionLinks(res.text, 'home-showcase')).toEqual(['/ca/midi-dresses', '/ca/men-sneakers?sort=desc', '/ca/tote-bags', '/ca/jewellery?colour=gold']);
    for (const heading of ['Brand spotlight', 'Designer spotlight', 'Beauty store spotlight', "Editor&#x27;s picks", 'From the fashion blog', 'Showcase']) {
      expect(res.text).toContain(heading);
    }
  });

  it('serves pictures generated locally: every image on the page comes from our own origin', async () => {
    const res = await request(stack.web.url).get('/').expect(200);
    const sources = [...res.text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(10);
    for (const src of sources) expect(src).toMatch(/^\/images\/v1\//);
    const image = await request(stack.web.url).get(sources[0]!).expect(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
  });

  it('describes the organisation and this country site in JSON-LD, escaped like any inline script', async () => {
    const res = await request(stack.web.url).get('/sg').expect(200);
    const blocks = [...res.text.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toMatch(/[<>]/);
    type SearchAction = { '@type': string; target: { '@type': string; urlTemplate: string }; 'query-input': unknown };
    const graph = (JSON.parse(blocks[0]!) as { '@graph': { '@type': string; url: string; potentialAction?: SearchAction }[] })['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
    const website = graph[1]!;
    expect(website.url).toBe(`${SITE}/sg`);
    // The typed form schema.org validators accept; its valueName is the template's placeholder.
    expect(website.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/sg/search?q={search_term_string}` },
      'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
    });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(res.text).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
  });

  it('leaves out a section whose call failed, and keeps such a page out of every cache', async () => {
    // A web of its own: the shared web keeps the answers it already had (they are cacheable).
    const fresh = await startWeb(stack.api.url, { SITE_URL: SITE });
    await stack.db.query(`ALTER TABLE home_content RENAME TO home_content_away`);
    await announceSiteContentChange(stack);
    try {
      const res = await request(fresh.url).get('/au').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(carouselLinks(res.text)).toEqual([]);
      expect(res.text).not.toContain('Brand spotlight');
      // The shell is still there: the menu came through.
      expect(res.text).toMatch(/<a[^>]*href="\/au\/men-clothing"[^>]*>Men<\/a>/);
      const { payload } = readPayload(res.text);
      expect(payload.config).toMatchObject({ country: 'AU' });
    } finally {
      await stack.db.query(`ALTER TABLE home_content_away RENAME TO home_content`);
    }
    const healed = await request(fresh.url).get('/au').expect(200);
    expect(healed.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(carouselLinks(healed.text)).toContain('/au/sale');
    await fresh.close();
  });
});
