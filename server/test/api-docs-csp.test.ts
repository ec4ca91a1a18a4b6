import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { SiteBundle } from '../features/site/site-renderer';
import { API_DOCS_UI_CSP, pageCsp } from '../lib/security-headers';
import { createTestApp, type TestApp } from './test-app';
import { parseCsp } from './security-header-rules';

/**
 * The API documentation's page (/api/docs/ui, Swagger UI: docs/decisions/024) has a CSP of its own, chosen by
 * its path, and nothing else changes: in the style of security-headers.test.ts, with EMBED_ORIGINS set, unset
 * and in production, the UI gets no inline or evaluated script or style, `object-src 'none'`, `base-uri 'none'`
 * and is never framed, while every page of the site, the till's page, the OpenAPI JSON at /api/docs, the UI's
 * own files and the API keep exactly the CSP they had. (security-headers.test.ts also sweeps the UI's routes
 * with every other route of the app.)
 */

const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
const UNSAFE = /'unsafe-|'wasm-unsafe-eval'|^\*$|^(data|blob|https?):$/;

const cspOf = (response: LightMyRequestResponse) => String(response.headers['content-security-policy']);

let assetsDir: string;
beforeAll(() => {
  assetsDir = mkdtempSync(join(tmpdir(), 'kopilka-docs-csp-'));
  mkdirSync(join(assetsDir, 'assets'));
  writeFileSync(join(assetsDir, 'assets', 'entry-T3st.js'), 'console.log("entry")');
});
afterAll(() => rmSync(assetsDir, { recursive: true, force: true }));

/** A site whose renderer answers every page with a plain document: the CSP comes from the server alone. */
const site = (): SiteBundle => ({
  render: async (request) => {
    const stream = new PassThrough();
    stream.end(
      `<!DOCTYPE html><html lang="ru"><head><title>${request.url}</title></head><body></body></html>`,
    );
    return { status: request.url.endsWith('/no-such-page') ? 404 : 200, stream };
  },
  clientDir: assetsDir,
  routeChunks: {},
  assets: { entry: '/assets/entry-T3st.js', styles: [], preload: [] },
});

const VARIANTS: { name: string; config: Partial<Config> }[] = [
  {
    name: 'EMBED_ORIGINS set',
    config: { embedOrigins: ['https://shop.example', 'https://partner.example:8443'] },
  },
  { name: 'EMBED_ORIGINS unset', config: { embedOrigins: [] } },
  {
    name: 'production, a floors widget',
    config: {
      env: 'production',
      isProduction: true,
      seedDemo: false,
      embedOrigins: ['https://shop.example'],
      floorsWidgetOrigin: 'https://floors.example',
    },
  },
];

describe.each(VARIANTS)('the API documentation CSP: $name', ({ config }) => {
  let t: TestApp;
  let app: FastifyInstance;
  let sitePageCsp: string;
  let staffPageCsp: string;

  beforeAll(async () => {
    t = await createTestApp({ config });
    app = await buildApp(t.deps, { logger: false, site: site() });
    await app.ready();
    // The site's CSP as security-headers.ts builds it from the configuration, with the docs UI or without.
    const options = {
      embedOrigins: t.deps.config.embedOrigins,
      imageOrigins: [t.deps.config.mapTileOrigin],
      scriptOrigins: t.deps.config.floorsWidgetOrigin ? [t.deps.config.floorsWidgetOrigin] : [],
    };
    sitePageCsp = pageCsp(options);
    staffPageCsp = pageCsp({ ...options, embedOrigins: [] });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('the UI page: no inline or evaluated script or style, nothing from elsewhere, never framed', async () => {
    for (const url of ['/api/docs/ui', '/api/docs/ui/', '/api/docs/ui?urls.primaryName=x']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(cspOf(page), url).toBe(API_DOCS_UI_CSP);
      const csp = parseCsp(cspOf(page));
      for (const directive of ['default-src', 'script-src', 'style-src', 'connect-src', 'font-src']) {
        expect(csp.get(directive), `${url} ${directive}`).toEqual(["'self'"]);
      }
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
      // Only its icons may be data: URLs (swagger-ui.css draws them so); nothing else is loosened.
      const unsafe = [...csp]
        .filter(([name]) => name !== 'img-src')
        .flatMap(([, sources]) => sources.filter((source) => UNSAFE.test(source)));
      expect(unsafe, url).toEqual([]);
      // The CSP refuses inline script, so the page has none.
      for (const tag of page.body.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toMatch(/\bsrc=/);
      expect(page.body).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(page.body).not.toMatch(/<style\b|\sstyle=/i);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-frame-options']).toBeUndefined();
    }
  });

  it("the rest of the site keeps its CSP: the pages, the till's page, the JSON document, the UI's files, the API", async () => {
    const expectations: [string, string][] = [
      ['/', sitePageCsp],
      ['/about', sitePageCsp],
      ['/no-such-page', sitePageCsp],
      ['/api-docs-ui', sitePageCsp],
      ['/docs/ui', sitePageCsp],
      ['/till', staffPageCsp],
      ['/api/docs', API_CSP],
      ['/api/docs/ui/json', API_CSP],
      ['/api/docs/ui/static/swagger-ui-bundle.js', API_CSP],
      ['/api/docs/ui/static/swagger-ui.css', API_CSP],
      ['/api/docs/ui/static/swagger-initializer.js', API_CSP],
      ['/api/docs/uix', API_CSP],
      ['/api/header', API_CSP],
      ['/api/no-such-thing', API_CSP],
      ['/assets/entry-T3st.js', API_CSP],
    ];
    const wrong: string[] = [];
    for (const [url, expected] of expectations) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBeLessThan(500);
      if (cspOf(response) !== expected) wrong.push(`${url}: ${cspOf(response)}`);
    }
    expect(wrong).toEqual([]);
    // The site's pages are framed by the partners, and allow what the UI's CSP does not list.
    const page = parseCsp(sitePageCsp);
    expect(page.get('frame-ancestors')).toEqual(
      t.deps.config.embedOrigins.length ? t.deps.config.embedOrigins : ["'none'"],
    );
    expect(page.get('script-src')).toEqual([
      "'self'",
      ...(t.deps.config.floorsWidgetOrigin ? [t.deps.config.floorsWidgetOrigin] : []),
    ]);
    expect(sitePageCsp).not.toBe(API_DOCS_UI_CSP);
  });
});
