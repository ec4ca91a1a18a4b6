import type { BrandSettings } from '#common/contract/header';

/** The installable-app manifest, built from the brand's settings. */
export function buildWebManifest(settings: BrandSettings) {
  return {
    name: settings.name,
    short_name: settings.title,
    description: settings.description,
    lang: 'ru',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: settings.colorPrimary,
    background_color: '#ffffff',
    icons: [
      { src: '/api/proxy/pictures/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/api/proxy/pictures/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}
