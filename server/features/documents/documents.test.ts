import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { saveDocument } from '#server/core/content-documents';

describe('the content documents', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('serves the rules with the picture as a URL', async () => {
    const response = await t.app.inject('/api/rules');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const rules = response.json();
    expect(Object.keys(rules).sort()).toEqual(['about', 'creators', 'email', 'img', 'link', 'phone']);
    expect(rules.img).toBe('/api/proxy/pictures/rules.webp');
    expect(rules.phone).toBe('+7 (800) 555-35-35');
    expect((await t.app.inject(rules.img)).statusCode).toBe(200);
  });

  it('serves custom, contacts, join and countdown', async () => {
    expect((await t.app.inject('/api/custom')).json().headline).toBe('Клуб любителей выпечки');
    const contacts = (await t.app.inject('/api/contacts')).json();
    expect(contacts.email).toBe('help@berezka.example');
    expect(contacts.socials).toHaveLength(2);
    const join = (await t.app.inject('/api/join')).json();
    expect(join.steps).toHaveLength(4);
    expect(join.benefits).toHaveLength(4);
    expect((await t.app.inject('/api/countdown')).json().date).toBe('2026-12-20T10:00:00+03:00');
  });

  it('a saved document shows at once with a new ETag and bumps the revision; a bad one is refused', async () => {
    const first = await t.app.inject('/api/custom');
    const etag = first.headers.etag as string;
    expect((await t.app.inject({ url: '/api/custom', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    const other = await createTestApp({ database: t.database, config: { contentPollMs: 50 } });
    try {
      other.deps.cache.start();
      expect((await other.app.inject('/api/custom')).json().headline).toBe('Клуб любителей выпечки');
      await saveDocument(t.deps.db, t.deps.cache, 'custom', { headline: 'Новый клуб', text: 'Текст' });
      const changed = await t.app.inject({ url: '/api/custom', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ headline: 'Новый клуб', text: 'Текст' });
      await expect
        .poll(async () => (await other.app.inject('/api/custom')).json().headline, { timeout: 5000 })
        .toBe('Новый клуб');
    } finally {
      await other.close();
    }
    await expect(saveDocument(t.deps.db, t.deps.cache, 'custom', { headline: 1 })).rejects.toThrow(
      /headline/,
    );
    expect((await t.app.inject('/api/custom')).json().headline).toBe('Новый клуб');
  });
});
