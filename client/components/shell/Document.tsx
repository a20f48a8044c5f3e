import type { ReactNode } from 'react';
import { useLocale } from '../../app/i18n';
import { useSiteConfig } from '../../app/contexts';

/** The whole HTML document: React renders and hydrates it from <html> down. */
export function Document({ children }: { children: ReactNode }) {
  const site = useSiteConfig();
  return (
    <html lang={useLocale()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {site.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
