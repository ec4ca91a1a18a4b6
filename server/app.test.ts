import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('the application frame', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { embedOrigins: ['https://partner.example'] } });
  });
  afterAll(() => t.close());

  it('sends the security headers on API answers, and no-store', async () => {
    const response = await t.app.inject('/api/header');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const health = await t.app.inject('/api/proxy/pictures/nothing.png');
    expect(health.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON with a 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('publishes the OpenAPI document with the contract endpoints', async () => {
    const response = await t.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/header'].get.summary).toBeTruthy();
    expect(
      doc.paths['/api/header'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('colorPrimary');
  });

  it('is live and ready while the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database is gone', async () => {
    const t = await createTestApp();
    await t.database.close();
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    await t.app.close();
  });
});
