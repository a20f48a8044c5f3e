import type { ReactNode } from 'react';
import { COUNTRIES } from '../../../shared/countries';
import { useSiteConfig } from '../../app/contexts';
import { INLINE_CSS_ID, useInlineCss } from '../../app/inline-css';

/** The whole HTML document: React renders and hydrates it from <html> down. */
export function Document({ children }: { children: ReactNode }) {
  const site = useSiteConfig();
  const css = useInlineCss();
  return (
    <html lang={COUNTRIES[site.country].locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The stylesheet's text (inline-css.ts); the CSP allows exactly this text by its hash. */}
        <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />
        {/* Low priority: the scripts hydrate a page already painted; the stylesheet and the
            largest image come first on a slow link. */}
        {site.assets.modulepreload.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
