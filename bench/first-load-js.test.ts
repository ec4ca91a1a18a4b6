import { describe, expect, it } from 'vitest';
import { routeFiles, type Manifest } from './first-load-js';

// The shape Vite writes to dist/client/.vite/manifest.json: an entry, shared chunks, and one chunk per page.
const manifest: Manifest = {
  'web/entry-client.tsx': {
    file: 'assets/entry.js',
    isEntry: true,
    imports: ['_runtime.js'],
    dynamicImports: ['web/features/home/home-page.tsx', 'web/features/map/map-page.tsx'],
  },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_formats.js': { file: 'assets/formats.js', imports: ['web/entry-client.tsx'] },
  'style.css': { file: 'assets/style.css' },
  'web/features/home/home-page.tsx': {
    file: 'assets/home-page.js',
    name: 'home-page',
    isDynamicEntry: true,
    imports: ['web/entry-client.tsx', '_runtime.js', '_formats.js', 'style.css'],
  },
  'web/features/map/map-page.tsx': {
    file: 'assets/map-page.js',
    name: 'map-page',
    isDynamicEntry: true,
    imports: ['_formats.js'],
    dynamicImports: ['web/ui/leaflet-map.ts'],
  },
  'web/ui/leaflet-map.ts': {
    file: 'assets/leaflet-map.js',
    name: 'leaflet-map',
    isDynamicEntry: true,
    imports: ['_formats.js', '_leaflet.js'],
  },
  '_leaflet.js': { file: 'assets/leaflet.js' },
};

describe('first-load JavaScript of a route', () => {
  it('is the entry with its static imports, then the page chunk with the imports the entry lacks', () => {
    expect(routeFiles(manifest, 'home-page')).toEqual({
      entry: ['assets/entry.js', 'assets/runtime.js'],
      page: ['assets/home-page.js', 'assets/formats.js'],
      later: [],
    });
  });

  it('lists what the page imports dynamically apart, without what is already loaded', () => {
    expect(routeFiles(manifest, 'map-page')).toEqual({
      entry: ['assets/entry.js', 'assets/runtime.js'],
      page: ['assets/map-page.js', 'assets/formats.js'],
      later: ['assets/leaflet-map.js', 'assets/leaflet.js'],
    });
  });

  it('refuses a page name no chunk carries (the server could not preload it either)', () => {
    expect(() => routeFiles(manifest, 'loyalty-finish-page')).toThrow(
      /no page chunk named loyalty-finish-page/,
    );
  });
});
