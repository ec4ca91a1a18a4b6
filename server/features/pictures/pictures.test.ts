import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCopiesInProcess } from '#server/core/picture-variants';
import { savePicture } from '#server/core/pictures';
import { pictures, pictureVariants } from '#server/db/schema/brand';
import { createTestApp, type TestApp } from '#server/test/test-app';

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

  it('keeps each copy in the database for every process, replaces it with the picture, drops it with it (decision 045)', async () => {
    const url = '/api/proxy/pictures/news-2.webp?w=320&f=webp';
    const first = await t.app.inject(url);
    const variantsOf = (name: string) =>
      t.deps.db
        .select({ etag: pictureVariants.sourceEtag, data: pictureVariants.data })
        .from(pictureVariants)
        .where(eq(pictureVariants.name, name));
    const [stored] = await variantsOf('news-2.webp');
    expect(stored!.data.equals(first.rawPayload)).toBe(true);

    // Another process finds the stored copy: a marker put in its place is what it serves.
    const marker = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .webp()
      .toBuffer();
    await t.deps.db
      .update(pictureVariants)
      .set({ data: marker })
      .where(eq(pictureVariants.name, 'news-2.webp'));
    forgetCopiesInProcess();
    expect((await t.app.inject(url)).rawPayload.equals(marker)).toBe(true);

    // A replaced picture gets new copies, and its earlier versions' copies go.
    const replacement = await sharp({ create: { width: 800, height: 400, channels: 3, background: 'blue' } })
      .webp()
      .toBuffer();
    await savePicture(t.deps.db, t.deps.cache, 'news-2.webp', 'image/webp', replacement);
    const replaced = await t.app.inject(url);
    expect((await sharp(replaced.rawPayload).metadata()).width).toBe(320);
    const now = await variantsOf('news-2.webp');
    expect(now).toHaveLength(1);
    expect(now[0]!.etag).not.toBe(stored!.etag);

    // A deleted picture takes its copies with it.
    await t.deps.db.delete(pictures).where(eq(pictures.name, 'news-2.webp'));
    expect(await variantsOf('news-2.webp')).toEqual([]);
    // The marker stays out of this process's memory: test files share a worker's modules (vitest.config.ts).
    forgetCopiesInProcess();
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
