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
});
