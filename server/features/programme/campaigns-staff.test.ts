import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '#server/db/schema/programme';
import { auditLog } from '#server/db/schema/staff';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'programme-staff-operator-token-0123456789';
/** Saturday 28.11.2026, 12:00 in Moscow (the demo brand's zone). */
const SATURDAY_NOON = Date.parse('2026-11-28T09:00:00Z');

const weekend = {
  title: 'Тройные бонусы в аэропорту',
  startsOn: '2026-11-01',
  weekdays: [6, 7],
  pointIds: [13],
  minCheque: 5000,
  effect: { kind: 'MULTIPLIER', factor: 3 },
};

/**
 * The console's Programme screen (decision 034) calls the campaign and settings endpoints with a staff
 * session: the marketer and the owner change them (each change audited under their e-mail), the viewer reads,
 * and a refused call changes nothing and records nothing.
 */
describe('campaigns and programme settings through staff sessions', () => {
  let t: TestApp;
  const clock = fakeClock(SATURDAY_NOON);
  let marketer: StaffLogin;
  let viewer: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
    marketer = await staffOfRole(t, clock, TOKEN, 'marketer');
    viewer = await staffOfRole(t, clock, TOKEN, 'viewer');
  });
  afterAll(() => t.close());

  const as = (who: StaffLogin, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    asStaff(t, who, { method, url, ...(payload && { payload }) });
  const campaignCount = async () => (await t.deps.db.select({ n: count() }).from(campaigns))[0]!.n;
  const campaignAudits = () =>
    t.deps.db.select().from(auditLog).where(like(auditLog.action, 'campaign.%')).orderBy(auditLog.id);

  it('lets the marketer create, edit and delete a campaign, each audited in their name', async () => {
    const created = await as(marketer, 'POST', '/api/operator/campaigns', weekend);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: string }>().id;

    const preview = await as(marketer, 'POST', '/api/operator/earn-preview', {
      retailPointId: 13,
      sum: 6000,
      at: '2026-11-28T12:00:00+03:00',
    });
    expect(preview.json()).toMatchObject({
      earn: 900,
      rules: [{ kind: 'BASE' }, { kind: 'CAMPAIGN', id, title: weekend.title }],
    });

    const edited = await as(marketer, 'PUT', `/api/operator/campaigns/${id}`, { ...weekend, priority: 7 });
    expect(edited.json()).toMatchObject({ id, priority: 7 });
    expect((await as(marketer, 'DELETE', `/api/operator/campaigns/${id}`)).statusCode).toBe(200);

    const audits = await campaignAudits();
    expect(audits.map((a) => [a.action, a.actorKind, a.actorName, a.entityId])).toEqual([
      ['campaign.create', 'staff', marketer.email, id],
      ['campaign.update', 'staff', marketer.email, id],
      ['campaign.delete', 'staff', marketer.email, id],
    ]);
    expect(audits[1]).toMatchObject({ before: { priority: 0 }, after: { priority: 7 } });
  });

  it('refuses the viewer and bad input, changing and recording nothing', async () => {
    const before = await campaignCount();
    const audits = (await campaignAudits()).length;
    expect((await as(viewer, 'GET', '/api/operator/campaigns')).statusCode).toBe(200);
    const refused = await as(viewer, 'POST', '/api/operator/campaigns', weekend);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const bad = await as(marketer, 'POST', '/api/operator/campaigns', {
      ...weekend,
      title: ' ',
      endsOn: '2026-10-01',
      effect: { kind: 'MULTIPLIER', factor: 20 },
    });
    expect(bad.statusCode).toBe(400);
    // Each bad field named by its path, as the console's form shows them.
    expect(bad.json().fields).toMatchObject({
      title: 'Название обязательно',
      'effect.factor': 'Множитель не больше 10',
    });
    expect(await campaignCount()).toBe(before);
    expect(await campaignAudits()).toHaveLength(audits);
  });

  it("saves the programme's settings for the marketer, audited; bad levels change nothing", async () => {
    const current = (await as(marketer, 'GET', '/api/operator/settings')).json<Record<string, unknown>>();
    const levels = [
      { title: 'Базовый', fromSpend: 0, earnPercent: 0 },
      { title: 'Серебряный', fromSpend: 10_000, earnPercent: 5 },
    ];
    const saved = await as(marketer, 'PUT', '/api/operator/settings', {
      ...current,
      welcomeBonus: 100,
      bonusExpiryDays: 365,
      levels,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...current, welcomeBonus: 100, bonusExpiryDays: 365, levels });
    const [audit] = await t.deps.db.select().from(auditLog).where(like(auditLog.action, 'settings.%'));
    expect(audit).toMatchObject({ actorName: marketer.email });

    const bad = await as(marketer, 'PUT', '/api/operator/settings', {
      ...current,
      levels: [{ title: 'Серебряный', fromSpend: 10_000, earnPercent: 5 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ levels: 'Первый уровень начинается с 0 ₽' });
    expect((await as(viewer, 'PUT', '/api/operator/settings', current)).statusCode).toBe(403);
    expect((await as(viewer, 'GET', '/api/operator/settings')).json()).toMatchObject({ levels });
    expect(await t.deps.db.select().from(auditLog).where(like(auditLog.action, 'settings.%'))).toHaveLength(
      1,
    );
  });
});
