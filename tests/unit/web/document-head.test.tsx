import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteConfigContext } from '../../../client/app/contexts';
import { Document } from '../../../client/components/shell/Document';
import type { SiteConfig } from '../../../shared/payload';
import { withI18n } from '../../support/i18n';

// The head links the stylesheet at the browser's own priority and names no module: the page's
// modules start after its first paint and largest picture (server/web/render/script-loader.ts),
// so they do not share the connection with what the shopper sees first.

const site: SiteConfig = {
  country: 'GB',
  language: '',
  basename: '',
  catalog: '',
  siteUrl: 'https://www.vitrine.example',
  assets: { entry: '/assets/entry.js', css: ['/assets/entry.css'], modulepreload: ['/assets/chunks/shell.js', '/assets/chunks/listing.route.js'] },
  isBot: false,
};

function head(): string {
  const html = renderToString(
    <SiteConfigContext.Provider value={site}>
      {withI18n(
        <Document>
          <main />
        </Document>,
      )}
    </SiteConfigContext.Provider>,
  );
  return /<head>(.*)<\/head>/s.exec(html)?.[1] ?? '';
}

describe('the document head', () => {
  it('names none of the page’s modules', () => {
    expect(head()).not.toContain('modulepreload');
    expect(head()).not.toContain('.js');
  });

  it('links the stylesheet at the browser’s own priority', () => {
    expect([...head().matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual(['<link rel="stylesheet" href="/assets/entry.css"/>']);
  });
});
