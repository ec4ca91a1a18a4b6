import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadSiteRenderer, type SiteRendererKit } from '#server/test/site-renderer-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

let site: SiteRendererKit;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  site = await loadSiteRenderer();
  t = await createTestApp();
  app = await buildApp(t.deps, { logger: false, site: site.siteBundle() });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  await site?.close();
});

const page = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('a page as a browser receives it', () => {
  it('comes Brotli-compressed to a browser that takes br, and holds the same document', async () => {
    const plain = await page('/');
    const compressed = await page('/', 'gzip, deflate, br, zstd');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ru">/);
    expect(html).toContain('Берёзка');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('comes gzipped to one that takes only gzip, with its status (404 too)', async () => {
    const missing = await page('/no-such-page', 'gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(missing.rawPayload).toString('utf8')).toContain('Страница не найдена');
  });

  it('leaves the API’s answers as they were: uncompressed, whatever the browser takes', async () => {
    const news = await app.inject({ url: '/api/news', headers: { 'accept-encoding': 'br, gzip' } });
    expect(news.statusCode).toBe(200);
    expect(news.headers['content-encoding']).toBeUndefined();
    expect(news.json()).toHaveProperty('news');
  });
});
