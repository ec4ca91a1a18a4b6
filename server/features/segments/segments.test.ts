import { count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import { segments } from '#server/db/schema/segments';
import { auditLog } from '#server/db/schema/staff';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
/** Our two members registered in January 2001, long before the demo brand's own. */
const JANUARY_2001: SegmentDefinition = {
  match: 'all',
  conditions: [{ field: 'registered', period: { from: '2001-01-01', to: '2001-01-31' } }],
};
const WITH_SMS: SegmentDefinition = {
  match: 'all',
  conditions: [...JANUARY_2001.conditions, { field: 'consent', channel: 'sms', granted: true }],
};

describe('segments in the console (decision 075)', () => {
  let t: TestApp;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = fakeClock(Date.parse('2026-11-29T09:00:00Z'));
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await t.deps.db.execute(sql`
      with u as (
        insert into users (phone, first_name, last_name, registered_at) values
          ('79001112201', 'Анна', 'Иванова', '2001-01-10T10:00:00Z'),
          ('79001112202', 'Пётр', '=HYPERLINK("x")', '2001-01-20T10:00:00Z')
        returning id, phone)
      , c as (insert into cards (user_id, card_num, qr_secret)
          select id, '700000' || substr(phone, 2), 'SECRET' from u)
      , a as (insert into ledger_accounts (user_id, kind, balance)
          select id, 'bonus', case when phone = '79001112201' then 12345 else 0 end from u)
      , m as (insert into marketing_consents (user_id, channel, granted, changed_at)
          select id, 'sms', true, now() from u where phone = '79001112201')
      select 1`);
    await t.deps.db.execute(sql`update users set active_card_id = c.id from cards c
      where users.id = c.user_id and users.phone like '7900111220_'`);
  });
  afterEach(() => t.close());

  const call = (options: InjectOptions) => t.app.inject({ ...options, headers: operator });
  const countOf = async (definition: SegmentDefinition) => {
    const response = await call({
      method: 'POST',
      url: '/api/operator/segments/count',
      payload: { definition },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().count as number;
  };
  const rows = async (table: typeof segments | typeof auditLog) =>
    (await t.deps.db.select({ n: count() }).from(table))[0]!.n;
  const save = (name: string, definition: SegmentDefinition) =>
    call({ method: 'POST', url: '/api/operator/segments', payload: { name, definition } });

  it('counts a definition as it is edited', async () => {
    expect(await countOf(JANUARY_2001)).toBe(2);
    expect(await countOf(WITH_SMS)).toBe(1);
    const all = await countOf({ match: 'all', conditions: [] });
    expect(all).toBeGreaterThanOrEqual(2);
  });

  it('lists the demo brand’s two segments, each counted', async () => {
    const list = await call({ method: 'GET', url: '/api/operator/segments' });
    expect(list.statusCode, list.body).toBe(200);
    const demo = list.json().filter((s: { createdBy: string }) => s.createdBy === 'system');
    expect(demo.map((s: { name: string }) => s.name)).toEqual(['Давно не покупали', 'Именинники месяца']);
    for (const segment of demo) expect(segment).toMatchObject({ count: expect.any(Number), problem: null });
  });

  it('lists the names alone for pickers, none counted, with what no longer evaluates (decision 082)', async () => {
    const id = (await save('Январь 2001', JANUARY_2001)).json().id as string;
    await t.deps.db.execute(
      sql`update segments set definition = ${JSON.stringify({ match: 'all', conditions: [{ field: 'level', levels: ['Нет такого'] }] })}::jsonb where id = ${id}`,
    );
    const names = await call({ method: 'GET', url: '/api/operator/segments/names' });
    expect(names.statusCode, names.body).toBe(200);
    const mine = names.json().find((s: { id: string }) => s.id === id);
    expect(mine).toEqual({ id, name: 'Январь 2001', problem: expect.stringContaining('Нет такого') });
    const demo = names.json().filter((s: { id: string }) => s.id !== id);
    expect(demo.map((s: { name: string; problem: string | null }) => [s.name, s.problem])).toEqual([
      ['Давно не покупали', null],
      ['Именинники месяца', null],
    ]);
    const support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    expect(
      (await asStaff(t, support, { method: 'GET', url: '/api/operator/segments/names' })).statusCode,
    ).toBe(403);
    await call({ method: 'DELETE', url: `/api/operator/segments/${id}` });
  });

  it('saves, lists with counts, renames and deletes, each audited', async () => {
    const created = await save('Январь 2001', JANUARY_2001);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({
      name: 'Январь 2001',
      count: 2,
      problem: null,
      createdBy: 'system',
    });

    expect((await save('январь 2001', WITH_SMS)).json()).toMatchObject({ code: 'SEGMENT_NAME_TAKEN' });

    const renamed = await call({
      method: 'PATCH',
      url: `/api/operator/segments/${id}`,
      payload: { name: 'С согласием', definition: WITH_SMS },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'С согласием', count: 1 });

    const list = await call({ method: 'GET', url: '/api/operator/segments' });
    expect(list.json().find((s: { id: string }) => s.id === id)).toMatchObject({
      name: 'С согласием',
      count: 1,
    });

    const deleted = await call({ method: 'DELETE', url: `/api/operator/segments/${id}` });
    expect(deleted.json()).toEqual({ deleted: true });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'segment'))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['segment.create', 'segment.update', 'segment.delete']);
    expect(audit[1]!.before).toMatchObject({ name: 'Январь 2001' });
    expect(audit[1]!.after).toMatchObject({ name: 'С согласием', definition: WITH_SMS });
  });

  it('exports the members as CSV: card, whole phone for the owner, name defused, balance; audited', async () => {
    const id = (await save('Январь 2001', JANUARY_2001)).json().id as string;
    const exported = await call({ method: 'POST', url: `/api/operator/segments/${id}/export` });
    expect(exported.statusCode, exported.body).toBe(200);
    const { csv, rows: count, fileName } = exported.json();
    expect(count).toBe(2);
    expect(fileName).toBe('segment-2026-11-29.csv');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFНомер карты;Телефон;Имя;Баланс бонусов',
      '7000009001112201;+79001112201;Иванова Анна;123,45',
      `7000009001112202;+79001112202;"'=HYPERLINK(""x"") Пётр";0,00`,
      '',
    ]);
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'segment.export'));
    expect(audit).toMatchObject({ actorName: 'system', entityId: id });
    expect(audit!.after).toMatchObject({ name: 'Январь 2001', rows: 2, phones: 'whole' });
  });

  it('masks the phones in the marketer’s file, as the console shows them to her', async () => {
    const marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    const created = await asStaff(t, marketer, {
      method: 'POST',
      url: '/api/operator/segments',
      payload: { name: 'Январь', definition: JANUARY_2001 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().createdBy).toBe(marketer.email);
    const exported = await asStaff(t, marketer, {
      method: 'POST',
      url: `/api/operator/segments/${created.json().id}/export`,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().csv).toContain('7000009001112201;+7 900 •••-••-••;Иванова Анна;123,45');
    expect(exported.json().csv).not.toContain('79001112201');
  });

  it('refuses the roles that do not see member lists', async () => {
    const id = (await save('Январь 2001', JANUARY_2001)).json().id as string;
    const support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    const viewer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'viewer');
    const accountant = await staffOfRole(t, clock, OPERATOR_TOKEN, 'accountant');
    const countCall = {
      method: 'POST',
      url: '/api/operator/segments/count',
      payload: { definition: JANUARY_2001 },
    } as const;
    const exportCall = { method: 'POST', url: `/api/operator/segments/${id}/export` } as const;
    const saveCall = {
      method: 'POST',
      url: '/api/operator/segments',
      payload: { name: 'x', definition: JANUARY_2001 },
    } as const;
    for (const who of [support, accountant]) {
      expect((await asStaff(t, who, countCall)).statusCode).toBe(403);
      expect((await asStaff(t, who, exportCall)).statusCode).toBe(403);
    }
    // The viewer reads the definitions and counts, but neither saves nor takes the list out.
    expect((await asStaff(t, viewer, { method: 'GET', url: '/api/operator/segments' })).statusCode).toBe(200);
    expect((await asStaff(t, viewer, saveCall)).statusCode).toBe(403);
    expect((await asStaff(t, viewer, exportCall)).statusCode).toBe(403);
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'segment.export'))).toEqual([]);
    expect(await t.deps.db.select().from(segments).where(eq(segments.name, 'x'))).toEqual([]);
  });

  it('refuses a condition that cannot be evaluated with a 400 naming it, and changes nothing', async () => {
    const bad = async (condition: unknown, message: RegExp) => {
      const definition = { match: 'all', conditions: [condition] };
      for (const response of [
        await call({ method: 'POST', url: '/api/operator/segments/count', payload: { definition } }),
        await call({
          method: 'POST',
          url: '/api/operator/segments',
          payload: { name: 'Плохой', definition },
        }),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    };
    const segmentsBefore = await rows(segments);
    const auditBefore = await rows(auditLog);
    await bad({ field: 'shoeSize', op: 'gte', value: 42 }, /Неизвестное условие/);
    await bad(
      { field: 'expiringBonuses', days: 7, op: 'lte', value: 100 },
      /«Сгорающие бонусы»: оператор не подходит/,
    );
    await bad(
      { field: 'purchaseSum', period: { from: '2026-10-01', to: '2026-09-01' }, op: 'gte', value: 1 },
      /«Сумма покупок за период»: начало периода позже конца/,
    );
    await bad({ field: 'balance', op: 'gte', value: 1e9 }, /«Баланс бонусов»: сумма не больше 100 000 000 ₽/);
    await bad({ field: 'birthdayMonth', months: [13] }, /«Месяц рождения»: месяц от 1 до 12/);
    await bad(
      { field: 'points', pointIds: [99999] },
      /^Условие 1 «Покупал в точках»: нет точки продаж с кодом 99999$/,
    );
    await bad({ field: 'level', levels: ['Платиновый'] }, /^Условие 1 «Уровень»: нет уровня «Платиновый»$/);
    await bad(
      { field: 'categories', categoryIds: ['no-such'] },
      /^Условие 1 «Покупал категории»: нет категории «no-such» в каталоге$/,
    );
    const nested = { field: 'group', match: 'any', conditions: [{ field: 'points', pointIds: [99999] }] };
    await bad(nested, /^Условие 1\.1 «Покупал в точках»/);

    const surrogate = await save('Сегмент \ud800', JANUARY_2001);
    expect(surrogate.statusCode).toBe(400);
    expect(await rows(segments)).toBe(segmentsBefore);
    expect(await rows(auditLog)).toBe(auditBefore);
  });
});
