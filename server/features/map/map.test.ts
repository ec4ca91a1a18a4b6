import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { pageCsp } from '#server/lib/security-headers';
import { createTestApp, type TestApp } from '#server/test/test-app';

describe('GET /api/map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapAttribution: '© Example' },
    });
  });
  afterAll(() => t.close());

  it('answers the configured tile server and attribution, with an ETag', async () => {
    const response = await t.app.inject('/api/map');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
      floorsWidgetUrl: null,
    });
    expect(response.headers.etag).toBeTruthy();
  });
});

describe('map configuration', () => {
  it('defaults to OpenStreetMap and allows its tiles in the CSP img-src', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.mapAttribution).toContain('OpenStreetMap');
    expect(pageCsp({ embedOrigins: [], imageOrigins: [config.mapTileOrigin] })).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
  });

  it('turns a {s} subdomain into a wildcard origin and refuses a URL without {z}', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
    });
    expect(config.mapTileOrigin).toBe('https://*.tiles.example');
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'https://tiles.example/a.png' })).toThrow(
      /MAP_TILE_URL/,
    );
  });

  it('allows the floors widget’s script origin only when FLOORS_WIDGET_URL is set', () => {
    const none = loadConfig({ NODE_ENV: 'test' });
    expect(none.floorsWidgetUrl).toBeNull();
    expect(pageCsp({ embedOrigins: [] })).toContain("script-src 'self';");
    const config = loadConfig({
      NODE_ENV: 'test',
      FLOORS_WIDGET_URL: 'https://floors-widget.api.2gis.ru/loader.js',
    });
    expect(config.floorsWidgetUrl).toBe('https://floors-widget.api.2gis.ru/loader.js');
    const csp = pageCsp({ embedOrigins: [], scriptOrigins: [config.floorsWidgetOrigin!] });
    expect(csp).toContain("script-src 'self' https://floors-widget.api.2gis.ru;");
    expect(() => loadConfig({ NODE_ENV: 'test', FLOORS_WIDGET_URL: 'loader.js' })).toThrow(
      /FLOORS_WIDGET_URL/,
    );
  });
});
