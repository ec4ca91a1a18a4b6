import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_FORMATS, PICTURE_WIDTHS } from '#common/lib/picture-sizes';
import { forgetCopiesInProcess } from '#server/core/picture-variants';
import { savePicture } from '#server/core/pictures';
import { pictureVariants } from '#server/db/schema/brand';
import { cutPicture, hugePng } from '#server/test/picture-fixtures';
import { createTestApp, type TestApp } from '#server/test/test-app';

/**
 * A stored picture whose copies cannot be made (one stored before uploads were decoded, issue 26 item 8): every
 * `srcset` request answered 500 and decoded it again. Now the original is served, and the failure is kept in
 * `picture_variants` for every width and format of that version, so no process decodes it again.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's first answers (a cold database) on a busy machine, so each test measures only its own.
  await t.app.inject('/api/proxy/pictures/favicon.png?w=320&f=webp');
});
afterAll(async () => {
  forgetCopiesInProcess();
  await t?.close();
});

const rowsOf = (name: string) =>
  t.deps.db
    .select({ width: pictureVariants.width, format: pictureVariants.format, bytes: pictureVariants.data })
    .from(pictureVariants)
    .where(eq(pictureVariants.name, name));

describe("a picture's copy that cannot be made", () => {
  for (const [label, name, data] of [
    ['a cut PNG', 'old-cut.png', () => cutPicture('png')],
    ['a PNG of 20,000 × 20,000 pixels', 'old-huge.png', async () => hugePng(20_000, 20_000)],
  ] as const) {
    it(`${label}: the original is served, and the failure is remembered for every copy`, async () => {
      const original = await data();
      await savePicture(t.deps.db, t.deps.cache, name, 'image/png', original);
      const first = await t.app.inject(`/api/proxy/pictures/${name}?w=320&f=avif`);
      expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.rawPayload.equals(original)).toBe(true);

      const remembered = await rowsOf(name);
      expect(remembered).toHaveLength(PICTURE_WIDTHS.length * PICTURE_FORMATS.length);
      expect(remembered.every((row) => row.bytes.length === 0)).toBe(true);

      // Another process (nothing in memory) finds the failure and serves the original without decoding.
      forgetCopiesInProcess();
      for (const query of ['w=640&f=webp', 'w=1280&f=avif']) {
        const again = await t.app.inject(`/api/proxy/pictures/${name}?${query}`);
        expect(again.statusCode, query).toBe(200);
        expect(again.rawPayload.equals(original)).toBe(true);
      }
      expect(await rowsOf(name)).toHaveLength(PICTURE_WIDTHS.length * PICTURE_FORMATS.length);
    });
  }
});
