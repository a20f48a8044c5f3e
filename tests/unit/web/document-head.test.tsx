import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import { Document } from '../../../client/components/shell/Document';
import type { SiteConfig } from '../../../shared/payload';

// The head preloads the page's own modules (and no others) and links the stylesheet, both at
// the browser's own priority. At low priority the scripts painted sooner but their start-up
// work fell after the first paint and counted as blocking time (ARCHITECTURE.md, decision
// log), so the performance score dropped.

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
  it('preloads each of the page’s modules at the browser’s own priority', () => {
    expect([...head().matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0])).toEqual([
      '<link rel="modulepreload" href="/assets/chunks/shell.js"/>',
      '<link rel="modulepreload" href="/assets/chunks/listing.route.js"/>',
    ]);
  });

  it('links the stylesheet at the browser’s own priority', () => {
    expect([...head().matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="stylesheet" href="/assets/entry.css"/>']);
  });
});
