import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

describe('GET /api/points and /api/points/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the demo points in the spec shape, with the actions', async () => {
    const response = await t.app.inject('/api/points');
    expect(response.statusCode).toBe(200);
    const { points, actions } = response.json();
    expect(points).toHaveLength(14);
    expect(actions).toHaveLength(5);
    expect(points[0]).toEqual({
      id: 1,
      title: 'Супермаркет «Берёзка» на Баумана',
      phone: '+7 (843) 212-34-56',
      rating: 4.8,
      currentBonus: 3,
      firmId: 1,
      categoryName: 'Супермаркеты',
      address: { city: 'Казань', street: 'ул. Баумана', house: '19', latitude: 55.7941, longitude: 49.1127 },
      workingHours: 'Ежедневно 8:00–23:00',
    });
    const categories = new Set(points.map((p: { categoryName: string }) => p.categoryName));
    expect([...categories]).toEqual(['Супермаркеты', 'Пекарни', 'Кофейни', 'Экспресс']);
    expect(
      points.filter((p: { address: { latitude: number | null } }) => p.address.latitude === null),
    ).toHaveLength(2);
    expect(actions[0]).toMatchObject({ id: 1, pointIds: [2, 4, 10, 14], validFrom: '2026-11-01' });
  });

  it('serves one point with the actions valid there, 304 when unchanged, 404 for unknown ids', async () => {
    const response = await t.app.inject('/api/points/3');
    expect(response.statusCode).toBe(200);
    const { point, actions } = response.json();
    expect(point.title).toBe('Кофейня «Берёзка» на Пушкина');
    expect(actions.map((a: { id: number }) => a.id)).toEqual([2, 3, 5]);
    const again = await t.app.inject({
      url: '/api/points/3',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    for (const id of ['99', 'x']) {
      const missing = await t.app.inject(`/api/points/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Магазин не найден');
    }
  });
});
