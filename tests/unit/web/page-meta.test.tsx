import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import { PageMeta, alternateLinks } from '../../../client/components/meta/PageMeta';
import { TWITTER_SITE } from '../../../shared/constants';
import type { SiteConfig } from '../../../shared/payload';
import { withI18n } from '../../support/i18n';

const site = (country: SiteConfig['country'], basename: string): SiteConfig => ({
  country,
  language: '',
  basename,
  catalog: '',
  siteUrl: 'https://www.vitrine.example',
  assets: { entry: '/e.js', css: [], modulepreload: [] },
  isBot: false,
});

function render(element: ReactElement, config: SiteConfig, url: string): string {
  return renderToString(
    <SiteConfigContext.Provider value={config}>
      {withI18n(<MemoryRouter basename={config.basename || undefined} initialEntries={[url]}>
        {element}
      </MemoryRouter>)}
    </SiteConfigContext.Provider>,
  );
}

describe('PageMeta', () => {
  it('links the previous and next pages around a paged page, and canonicalises with its page', () => {
    const html = render(<PageMeta title="Dresses" description="d" pagination={{ page: 2, hasNext: true }} />, site('US', '/us'), '/us/dresses?page=2&colour=red');
    expect(html).toContain('<link rel="canonical" href="https://www.vitrine.example/us/dresses?page=2"/>');
    expect(html).toContain('<link rel="prev" href="https://www.vitrine.example/us/dresses"/>');
    expect(html).toContain('<link rel="next" href="https://www.vitrine.example/us/dresses?page=3"/>');
  });

  it('has no prev link on the first page and no next link on the last', () => {
    const first = render(<PageMeta title="t" description="d" pagination={{ page: 1, hasNext: true }} />, site('GB', ''), '/dresses');
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('<link rel="next" href="https://www.vitrine.example/dresses?page=2"/>');
    const last = render(<PageMeta title="t" description="d" pagination={{ page: 4, hasNext: false }} />, site('GB', ''), '/dresses?page=4');
    expect(last).not.toContain('rel="next"');
  });

  it('puts at most 10 images in the social tags, as absolute URLs', () => {
    const images = Array.from({ length: 14 }, (_, i) => `/images/v1/product/dress/red/${i % 8}/full.svg?${i}`);
    const html = render(<PageMeta title="t" description="d" images={images} />, site('GB', ''), '/x');
    expect(html.match(/property="og:image"/g)).toHaveLength(10);
    expect(html.match(/itemProp="image"/g)).toHaveLength(10);
    expect(html).toContain('content="https://www.vitrine.example/images/v1/product/dress/red/0/full.svg?0"');
  });

  it('names our drawn pictures by their social cards, once each, the first with its type, size and alt', () => {
    const images = [
      '/images/v1/product/dress/red/3/180.webp',
      '/images/v1/product/dress/red/3/180.svg',
      '/images/v1/product/dress/red/3/full.svg',
      '/images/v1/banner/women/12/1600x500.svg',
      '/images/v1/logo/gossamer-label.svg',
      'https://cdn.retailer.example/p/1.jpg',
    ];
    const html = render(<PageMeta title="Red Dresses" description="d" images={images} />, site('GB', ''), '/x');
    const card = 'https://www.vitrine.example/images/v1/card/product/dress/red/3.jpg';
    expect([...html.matchAll(/<meta (?:property|name)="((?:og|twitter):(?:image|site\b|card)[^"]*)" content="([^"]*)"\/>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['og:image', card],
      ['og:image:type', 'image/jpeg'],
      ['og:image:width', '1200'],
      ['og:image:height', '630'],
      ['og:image:alt', 'Red Dresses'],
      ['og:image', 'https://www.vitrine.example/images/v1/card/banner/women/12.jpg'],
      ['og:image', 'https://www.vitrine.example/images/v1/card/logo/gossamer-label.jpg'],
      ['og:image', 'https://cdn.retailer.example/p/1.jpg'],
      ['twitter:card', 'summary_large_image'],
      ['twitter:site', TWITTER_SITE],
      ['twitter:image', card],
      ['twitter:image:alt', 'Red Dresses'],
    ]);
    expect(html.match(/itemProp="image"/g)).toHaveLength(4);
  });

  it('gives no size to a first picture that is not ours', () => {
    const html = render(<PageMeta title="Ann" description="d" images={['https://cdn.example/ann.jpg']} />, site('GB', ''), '/x');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/ann.jpg"/><meta property="og:image:alt" content="Ann"/>');
    expect(html).not.toContain('og:image:width');
  });

  it('adds " | Vitrine" to titles once', () => {
    expect(render(<PageMeta title="Dresses" description="d" />, site('GB', ''), '/x')).toContain('<title>Dresses | Vitrine</title>');
    expect(render(<PageMeta title="Vitrine | Shop" description="d" />, site('GB', ''), '/x')).toContain('<title>Vitrine | Shop</title>');
  });
});

describe('alternateLinks', () => {
  it('lists 13 language-region codes for the 8 sites plus x-default, each naming its own language\'s page', () => {
    const links = alternateLinks('https://v.example', '/faqs');
    expect(links.map((l) => l.hreflang)).toEqual([
      'en-GB', 'en-US', 'en-IN', 'en-AE', 'en-CA', 'fr-CA', 'en-AU', 'en-HK', 'zh-HK', 'en-SG', 'zh-SG', 'ms-SG', 'ta-SG', 'x-default',
    ]);
    expect(links.find((l) => l.hreflang === 'en-CA')?.href).toBe('https://v.example/ca/faqs');
    expect(links.find((l) => l.hreflang === 'fr-CA')?.href).toBe('https://v.example/ca/fr/faqs');
    expect(links.find((l) => l.hreflang === 'zh-HK')?.href).toBe('https://v.example/hk/zh/faqs');
    expect(links.find((l) => l.hreflang === 'ta-SG')?.href).toBe('https://v.example/sg/ta/faqs');
    expect(links.find((l) => l.hreflang === 'x-default')?.href).toBe('https://v.example/faqs');
  });
});
