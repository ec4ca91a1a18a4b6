import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

describe('GET /api/news and /api/news/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the demo news newest first, with picture URLs and the points taking part', async () => {
    const response = await t.app.inject('/api/news');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const { news } = response.json();
    expect(news).toHaveLength(5);
    expect(news.map((n: { id: number }) => n.id)).toEqual([5, 4, 3, 2, 1]);
    expect(news[0]).toEqual({
      id: 5,
      title: 'Новогодняя распродажа начнётся 20 декабря',
      date: '2026-11-20T06:00:00.000Z',
      preview: expect.stringContaining('С 20 декабря'),
      images: ['/api/proxy/pictures/news-3.webp'],
      pointIds: [1, 5, 8, 12],
    });
    expect(news[0]).not.toHaveProperty('text');
    const picture = await t.app.inject(news[0].images[0]);
    expect(picture.statusCode).toBe(200);
  });

  it('answers 304 when the list has not changed', async () => {
    const first = await t.app.inject('/api/news');
    const again = await t.app.inject({
      url: '/api/news',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves one item with its text, and 404 for an unknown or malformed id', async () => {
    const item = await t.app.inject('/api/news/4');
    expect(item.statusCode).toBe(200);
    expect(item.json().text.length).toBeGreaterThan(100);
    expect(item.json().images).toHaveLength(2);
    const etag = item.headers.etag as string;
    expect((await t.app.inject({ url: '/api/news/4', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    for (const id of ['999', 'abc', '0', '-1', '1.5']) {
      const missing = await t.app.inject(`/api/news/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().message).toBe('Новость не найдена');
    }
  });
});
