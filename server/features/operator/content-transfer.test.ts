import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

describe('operator content import and export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterAll(() => t.close());

  const exportFile = async () => {
    const response = await t.app.inject({ url: '/api/operator/content', headers: operator });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const importFile = (payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/operator/content',
      headers: operator,
      payload: payload as object,
    });

  it('refuses both calls without the operator token', async () => {
    expect((await t.app.inject('/api/operator/content')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/operator/content', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('exports everything, and importing the export changes nothing', async () => {
    const file = await exportFile();
    expect(file.points).toHaveLength(14);
    expect(file.news.length).toBeGreaterThan(0);
    expect(file.faq).toHaveLength(9);
    expect(Object.keys(file.documents).sort()).toEqual(['contacts', 'countdown', 'custom', 'join', 'rules']);
    expect(file.pictures.find((p: { name: string }) => p.name === 'favicon.png')).toMatchObject({
      contentType: 'image/png',
    });
    const points = (await t.app.inject('/api/points')).body;
    const imported = await importFile(file);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().imported).toMatchObject({ points: 14, faq: 9 });
    expect(await exportFile()).toEqual(file);
    expect((await t.app.inject('/api/points')).body).toBe(points);
    const favicon = await t.app.inject('/api/proxy/pictures/favicon.png');
    expect(favicon.statusCode).toBe(200);
  });

  it('refuses a broken file naming the field, and nothing changes', async () => {
    const file = await exportFile();
    const before = (await t.app.inject('/api/points')).body;
    const broken = structuredClone(file);
    broken.points[3].address.latitude = 123;
    broken.faq = [];
    const response = await importFile(broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Файл не загружен: points\[3\]\.address\.latitude: /);
    expect((await t.app.inject('/api/points')).body).toBe(before);
    expect((await t.app.inject('/api/faq')).json().questions).toHaveLength(9);

    const duplicate = structuredClone(file);
    duplicate.news[1].id = duplicate.news[0].id;
    const refused = await importFile(duplicate);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('news[1]');
  });

  it('a changed file shows on GET /api/points at once', async () => {
    const file = await exportFile();
    const before = await t.app.inject('/api/points');
    file.points[0].title = 'Новый магазин «Берёзка»';
    file.points = file.points.slice(0, 5);
    expect((await importFile(file)).statusCode).toBe(200);
    const after = await t.app.inject('/api/points');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const { points } = after.json();
    expect(points).toHaveLength(5);
    expect(points[0].title).toBe('Новый магазин «Берёзка»');
  });

  it('refuses a picture the upload would refuse (an active SVG), and nothing changes', async () => {
    const file = await exportFile();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>';
    file.pictures.push({
      name: 'evil.svg',
      contentType: 'image/svg+xml',
      data: Buffer.from(svg).toString('base64'),
    });
    const response = await importFile(file);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Файл не загружен: evil\.svg: SVG /);
    expect((await t.app.inject('/api/proxy/pictures/evil.svg')).statusCode).toBe(404);
  });
});
