import type { ReactNode } from 'react';
import { SSR_DATA_ELEMENT_ID, type SsrAssets } from '#common/ssr';
import { BrandStyle } from '../features/branding/brand-style';
import { useSettings } from '../lib/settings';

/**
 * The whole HTML document, rendered by React on the server and hydrated as one. The head carries the
 * brand's colours, so the first paint is branded; the data block carries what the client hydrates from.
 */
export function Document({
  assets,
  data,
  children,
}: {
  assets: SsrAssets;
  data: string;
  children: ReactNode;
}) {
  const settings = useSettings();
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={settings.colorPrimary} />
        <link rel="icon" type="image/png" href="/api/proxy/pictures/favicon.png" />
        <link rel="apple-touch-icon" href="/api/proxy/pictures/icon-192.png" />
        <link rel="manifest" href="/manifest.json" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        <BrandStyle settings={settings} />
      </head>
      <body>
        {children}
        <script type="application/json" id={SSR_DATA_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: data }} />
        <script type="module" src={assets.entry} fetchPriority="low" />
      </body>
    </html>
  );
}
