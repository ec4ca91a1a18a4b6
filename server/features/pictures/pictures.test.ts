import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/proxy/pictures/{image}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the logo under the spec key xxhdpi_logo_small and the favicon', async () => {
    const logo = await t.app.inject('/api/proxy/pictures/xxhdpi_logo_small');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('<svg');
    const favicon = await t.app.inject('/api/proxy/pictures/favicon.png');
    expect(favicon.headers['content-type']).toBe('image/png');
    expect(favicon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('revalidates with the ETag', async () => {
    const first = await t.app.inject('/api/proxy/pictures/favicon.png');
    const again = await t.app.inject({
      url: '/api/proxy/pictures/favicon.png',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an unknown picture and 400 for a malformed name', async () => {
    const missing = await t.app.inject('/api/proxy/pictures/nothing.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Картинка не найдена');
    const bad = await t.app.inject('/api/proxy/pictures/..%2Fsecret');
    expect(bad.statusCode).toBe(400);
  });

  it('makes smaller copies of a raster picture in AVIF and WebP, never larger than the picture', async () => {
    const avif = await t.app.inject('/api/proxy/pictures/news-1.webp?w=480&f=avif');
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 480, format: 'heif' });
    const webp = await t.app.inject('/api/proxy/pictures/news-1.webp?w=320&f=webp');
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(320);
    const original = await t.app.inject('/api/proxy/pictures/news-1.webp');
    expect(webp.rawPayload.length).toBeLessThan(original.rawPayload.length);
    const widest = await t.app.inject('/api/proxy/pictures/news-1.webp?w=1280&f=webp');
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(1200);
    // The same copy again, revalidated by its own ETag.
    const again = await t.app.inject({
      url: '/api/proxy/pictures/news-1.webp?w=480&f=avif',
      headers: { 'if-none-match': avif.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves an SVG as it is at any size, and refuses widths and formats it does not make', async () => {
    const logo = await t.app.inject('/api/proxy/pictures/xxhdpi_logo_small?w=320&f=avif');
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    for (const query of ['w=333', 'w=0', 'f=gif', 'w=480&f=png', 'w=abc']) {
      const bad = await t.app.inject(`/api/proxy/pictures/news-1.webp?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
    expect((await t.app.inject('/api/proxy/pictures/nothing.webp?w=320&f=webp')).statusCode).toBe(404);
  });
});
