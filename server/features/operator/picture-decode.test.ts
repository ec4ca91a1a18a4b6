import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cutPicture, hugePng, noisePicture } from '#server/test/picture-fixtures';

/**
 * A raster picture is decoded once before it is stored (issue 26 item 8, decision 050): a file that only starts
 * like a PNG, or a real PNG of 20,000 × 20,000 pixels, was stored, and every visitor's copy of it was a 500.
 */

const OPERATOR = 'picture-decode-operator-token-0123456789';
const operator = { authorization: `Bearer ${OPERATOR}` };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR } });
  // The app's first answers (a cold database) on a busy machine, so each test measures only its own.
  await t.app.inject({ url: '/api/operator/pictures', headers: operator });
});
afterAll(async () => t?.close());

const upload = (name: string, contentType: string, data: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/operator/pictures/${name}`,
    headers: operator,
    payload: { contentType, data: data.toString('base64') },
  });

describe('a picture upload', () => {
  it('refuses a cut PNG, JPEG or WebP, and stores nothing', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const name = `cut-${format}.${format}`;
      const response = await upload(name, type, await cutPicture(format));
      expect(response.statusCode, `${format}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/не читается/),
      });
      expect((await t.app.inject(`/api/proxy/pictures/${name}`)).statusCode).toBe(404);
    }
  });

  it('refuses a real PNG of 20,000 × 20,000 pixels, naming its size', async () => {
    const response = await upload('huge.png', 'image/png', hugePng(20_000, 20_000));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('20000 × 20000');
    expect((await t.app.inject('/api/proxy/pictures/huge.png')).statusCode).toBe(404);
  });

  it('refuses a WebP sent as a PNG (its header passes the first bytes check of neither)', async () => {
    const response = await upload('renamed.png', 'image/png', await noisePicture('webp'));
    expect(response.statusCode).toBe(400);
  });

  it('takes a whole picture, and its copies are made', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const name = `whole.${format}`;
      const response = await upload(name, `image/${format}`, await noisePicture(format));
      expect(response.statusCode, response.body).toBe(200);
      const copy = await t.app.inject(`/api/proxy/pictures/${name}?w=320&f=webp`);
      expect(copy.headers['content-type']).toBe('image/webp');
    }
  });

  it('the content import refuses a cut picture as the upload does, and changes nothing', async () => {
    const file = (await t.app.inject({ url: '/api/operator/content', headers: operator })).json();
    const before = file.pictures.length;
    file.pictures.push({
      name: 'cut-import.png',
      contentType: 'image/png',
      data: (await cutPicture('png')).toString('base64'),
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/content',
      headers: operator,
      payload: file,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Файл не загружен: cut-import\.png: /);
    const after = (await t.app.inject({ url: '/api/operator/content', headers: operator })).json();
    expect(after.pictures).toHaveLength(before);
  });
});
