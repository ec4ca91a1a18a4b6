import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRevision } from '#server/db/schema/brand';
import { auditLog } from '#server/db/schema/staff';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'content-items-operator-token-0123456789ab';

describe('the console edits news, FAQ, actions and points item by item', () => {
  let t: TestApp;
  const clock = fakeClock();
  let marketer: StaffLogin;
  let support: StaffLogin;
  let viewer: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
    marketer = await staffOfRole(t, clock, TOKEN, 'marketer');
    support = await staffOfRole(t, clock, TOKEN, 'support');
    viewer = await staffOfRole(t, clock, TOKEN, 'viewer');
  });
  afterAll(() => t.close());

  const revision = async () => (await t.deps.db.select().from(contentRevision))[0]?.revision ?? 0;
  const lastAudit = async () =>
    (await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const call = (who: StaffLogin, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    asStaff(t, who, { method, url, ...(payload && { payload }) });

  const newsBody = {
    title: 'Открылся новый магазин',
    date: '2026-11-20T09:00:00.000Z',
    preview: 'Ждём вас',
    text: 'Полный текст новости',
    images: [],
    pointIds: [],
  };

  it('adds a news item the site shows at once, edits and deletes it, each with its audit row', async () => {
    await t.app.inject('/api/news'); // the public list is cached now
    const before = await revision();
    const created = await call(marketer, 'POST', '/api/operator/news', newsBody);
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json() as { id: number };
    expect(item).toMatchObject(newsBody);
    expect(await revision()).toBe(before + 1);
    const site = (await t.app.inject('/api/news')).json() as { news: { id: number; title: string }[] };
    expect(site.news.find((n) => n.id === item.id)?.title).toBe(newsBody.title);
    expect(await lastAudit()).toMatchObject({
      action: 'news.create',
      entity: 'news',
      entityId: String(item.id),
      actorName: marketer.email,
      before: null,
      after: { ...newsBody, id: item.id },
    });

    const edited = await call(marketer, 'PUT', `/api/operator/news/${item.id}`, {
      ...newsBody,
      title: 'Новое',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.app.inject(`/api/news/${item.id}`)).json().title).toBe('Новое');
    expect(await lastAudit()).toMatchObject({
      action: 'news.update',
      before: { title: newsBody.title },
      after: { title: 'Новое' },
    });

    const removed = await call(marketer, 'DELETE', `/api/operator/news/${item.id}`);
    expect(removed.json()).toEqual({ deleted: true });
    expect((await t.app.inject(`/api/news/${item.id}`)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({
      action: 'news.delete',
      after: null,
      before: { title: 'Новое' },
    });
    expect((await call(marketer, 'DELETE', `/api/operator/news/${item.id}`)).statusCode).toBe(404);
  });

  it('refuses a bad body with the field named and changes nothing', async () => {
    const before = await revision();
    const audits = (await t.deps.db.select().from(auditLog)).length;
    const bad = await call(marketer, 'POST', '/api/operator/news', { ...newsBody, title: '', date: 'вчера' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { title: expect.any(String) } });
    const point = (await call(marketer, 'GET', '/api/operator/points')).json()[0];
    const { id, ...body } = point;
    const far = await call(marketer, 'PUT', `/api/operator/points/${id}`, {
      ...body,
      address: { ...body.address, latitude: 91 },
    });
    expect(far.statusCode).toBe(400);
    expect(Object.keys(far.json().fields)).toContain('address.latitude');
    expect(
      (await call(marketer, 'PUT', '/api/operator/faq/999999', { question: 'В?', answer: 'О' })).statusCode,
    ).toBe(404);
    expect(await revision()).toBe(before);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(audits);
  });

  it('moves a point on the map: its coordinates change on the site', async () => {
    const point = (await call(marketer, 'GET', '/api/operator/points')).json()[0];
    const { id, ...body } = point;
    const moved = await call(marketer, 'PUT', `/api/operator/points/${id}`, {
      ...body,
      address: { ...body.address, latitude: 55.75, longitude: 37.62 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const site = (await t.app.inject(`/api/points/${id}`)).json();
    expect(site.point.address).toMatchObject({ latitude: 55.75, longitude: 37.62 });
  });

  it("never gives a deleted point's id to a new one (till keys, campaigns and operations name points by id)", async () => {
    const points = (await call(marketer, 'GET', '/api/operator/points')).json();
    const last = points.reduce((a: { id: number }, b: { id: number }) => (b.id > a.id ? b : a));
    const { id, ...body } = last;
    expect((await call(marketer, 'DELETE', `/api/operator/points/${id}`)).statusCode).toBe(200);
    const added = await call(marketer, 'POST', '/api/operator/points', { ...body, title: 'Новая точка' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().id).toBeGreaterThan(id);
  });

  it('adds FAQ and actions last in the order', async () => {
    const q = await call(marketer, 'POST', '/api/operator/faq', {
      question: 'Новый вопрос?',
      answer: 'Ответ',
    });
    expect(q.statusCode, q.body).toBe(200);
    const faq = (await t.app.inject('/api/faq')).json().questions;
    expect(faq.at(-1)).toMatchObject({ question: 'Новый вопрос?' });
    const a = await call(marketer, 'POST', '/api/operator/actions', {
      title: 'Скидка',
      description: 'Описание',
      pointIds: [],
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
    });
    expect(a.statusCode, a.body).toBe(200);
    expect((await lastAudit())?.action).toBe('action.create');
  });

  it('lets support and the viewer read nothing they may not and change nothing', async () => {
    expect((await call(viewer, 'GET', '/api/operator/news')).statusCode).toBe(200);
    expect((await call(support, 'GET', '/api/operator/news')).statusCode).toBe(403);
    for (const who of [support, viewer]) {
      expect((await call(who, 'POST', '/api/operator/news', newsBody)).statusCode).toBe(403);
      expect((await call(who, 'DELETE', '/api/operator/faq/1')).statusCode).toBe(403);
      expect(
        (await call(who, 'PUT', '/api/operator/documents/custom', { headline: 'x', text: '' })).statusCode,
      ).toBe(403);
    }
  });

  it('edits a page with its schema', async () => {
    const docs = (await call(marketer, 'GET', '/api/operator/documents')).json();
    const join = { ...docs.join, title: 'Вступайте' };
    const saved = await call(marketer, 'PUT', '/api/operator/documents/join', join);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject('/api/join')).json().title).toBe('Вступайте');
    expect(await lastAudit()).toMatchObject({ action: 'document.update', entityId: 'join' });
    const bad = await call(marketer, 'PUT', '/api/operator/documents/countdown', {
      ...docs.countdown,
      date: 'завтра',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('date');
  });
});

describe('picture upload', () => {
  let t: TestApp;
  const clock = fakeClock();
  let marketer: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
    marketer = await staffOfRole(t, clock, TOKEN, 'marketer');
  });
  afterAll(() => t.close());

  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (name: string, contentType: string, data: Buffer) =>
    asStaff(t, marketer, {
      method: 'PUT',
      url: `/api/operator/pictures/${name}`,
      payload: { contentType, data: data.toString('base64') },
    });

  it('stores a picture the pictures route serves, with an audit row without the bytes', async () => {
    const saved = await upload('promo-1.png', 'image/png', PNG);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'promo-1.png', contentType: 'image/png', bytes: PNG.length });
    const served = await t.app.inject('/api/proxy/pictures/promo-1.png');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [row] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'picture.upload'));
    expect(row).toMatchObject({ entityId: 'promo-1.png', after: { bytes: PNG.length } });
    expect(JSON.stringify(row?.after)).not.toContain(PNG.toString('base64'));
    const list = (await asStaff(t, marketer, { url: '/api/operator/pictures' })).json();
    expect(list.map((p: { name: string }) => p.name)).toContain('promo-1.png');
  });

  it('refuses a file of another type, an active SVG, a bad name and one over 2 MB', async () => {
    expect((await upload('fake.png', 'image/png', Buffer.from('not a png'))).statusCode).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload('evil.svg', 'image/svg+xml', svg)).statusCode).toBe(400);
    expect((await upload('плохое', 'image/png', PNG)).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload('big.png', 'image/png', big)).statusCode).toBe(400);
    expect((await t.app.inject('/api/proxy/pictures/fake.png')).statusCode).toBe(404);
    expect((await t.app.inject('/api/proxy/pictures/evil.svg')).statusCode).toBe(404);
  });

  it('serves an SVG as a sandboxed document that runs and fetches nothing when opened at its address', async () => {
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    expect((await upload('logo-2.svg', 'image/svg+xml', logo)).statusCode).toBe(200);
    for (const url of ['/api/proxy/pictures/logo-2.svg', '/api/proxy/pictures/logo-2.svg?w=320']) {
      const served = await t.app.inject(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('deletes a picture', async () => {
    await upload('gone.png', 'image/png', PNG);
    const removed = await asStaff(t, marketer, { method: 'DELETE', url: '/api/operator/pictures/gone.png' });
    expect(removed.json()).toEqual({ deleted: true });
    expect((await t.app.inject('/api/proxy/pictures/gone.png')).statusCode).toBe(404);
  });
});
