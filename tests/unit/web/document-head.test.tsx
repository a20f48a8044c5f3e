import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import { Document } from '../../../client/components/shell/Document';
import type { SiteConfig } from '../../../shared/payload';

// The head asks for the page's scripts at low fetch priority: they hydrate a page already
// painted, and on a slow link they competed with the stylesheet and the largest image (and
// Lighthouse counts high-priority scripts as holding up the first paint). The stylesheet keeps
// the browser's highest priority: it holds up the first paint.

const site: SiteConfig = {
  country: 'GB',
  basename: '',
  siteUrl: 'https://www.vitrine.example',
  assets: { entry: '/assets/entry.js', css: ['/assets/entry.css'], modulepreload: ['/assets/chunks/shell.js', '/assets/chunks/listing.route.js'] },
  isBot: false,
};

function head(): string {
  const html = renderToString(
    <SiteConfigContext.Provider value={site}>
      <Document>
        <main />
      </Document>
    </SiteConfigContext.Provider>,
  );
  return /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
}

describe('the document head', () => {
  it('preloads each of the page’s modules at low fetch priority', () => {
    expect([...head().matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0])).toEqual([
      '<link rel="modulepreload" href="/assets/chunks/shell.js" fetchPriority="low"/>',
      '<link rel="modulepreload" href="/assets/chunks/listing.route.js" fetchPriority="low"/>',
    ]);
  });

  it('links the stylesheet at the browser’s own priority', () => {
    expect([...head().matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="stylesheet" href="/assets/entry.css"/>']);
  });
});
