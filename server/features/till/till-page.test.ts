import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { balancesOf } from '#server/core/ledger';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN } from '#server/test/till-kit';

const PHONE = '79006660001';

describe('the reference till page', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const form = (url: string, fields: Record<string, string>, cookie = '', origin?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        ...(origin && { origin, host: 'localhost:80' }),
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('keeps the key in a strict HttpOnly cookie, scans a code, accrues, shows the visit and refunds', async () => {
    const { key } = await issueKey(t);
    const card = await cardholder(t, PHONE, 100);
    const first = await t.app.inject({ url: '/till' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Ключ кассы');
    expect(first.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(first.body).not.toMatch(/<script/);

    expect((await form('/till/key', { key: 'till_wrong' })).statusCode).toBe(401);
    const login = await form('/till/key', { key });
    expect(login.statusCode).toBe(303);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/till_key=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/till/);
    const cookie = `till_key=${key}`;

    const scan = await form('/till/scan', { code: memberCode(card, clock.now().getTime()) }, cookie);
    expect(scan.statusCode).toBe(303);
    const visitUrl = scan.headers.location as string;
    // Looked up again at the same till before anything was done: the same visit (decision 048).
    const lookedUp = await form('/till/scan', { code: memberCode(card, clock.now().getTime()) }, cookie);
    expect(lookedUp.statusCode).toBe(303);
    expect(lookedUp.headers.location).toBe(visitUrl);

    const accrued = await form(
      visitUrl,
      { action: 'accrue', sum: '1 000,50', idempotencyKey: 'page-key-0001' },
      cookie,
    );
    expect(accrued.statusCode).toBe(303);
    const again = await form(
      visitUrl,
      { action: 'accrue', sum: '1 000,50', idempotencyKey: 'page-key-0001' },
      cookie,
    );
    expect(again.headers.location).toBe(accrued.headers.location);
    const page = await t.app.inject({ url: accrued.headers.location as string, headers: { cookie } });
    expect(page.body).toContain('Начислено 30,01\u00a0бонуса: 3% оплаченного деньгами (ставка точки 3%).');
    expect(page.body).toContain('130,01\u00a0бонуса');
    expect(page.body).toContain('Вернуть');

    const bad = await form(
      visitUrl,
      { action: 'spend', sum: 'abc', idempotencyKey: 'page-key-0002' },
      cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');

    const operationId = /data-operation="([^"]+)"/.exec(page.body)![1]!;
    const visitId = visitUrl.split('/').pop()!;
    const refunded = await form(`/till/operations/${operationId}/refund`, { visitId }, cookie);
    expect(refunded.statusCode).toBe(303);
    expect(
      (await t.app.inject({ url: refunded.headers.location as string, headers: { cookie } })).body,
    ).toContain('возвращено');
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(10_000);

    const foreign = await form('/till/scan', { code: '1' }, cookie, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
  });

  it('speaks to the cashier in whole sentences, in the brand’s look, with the expiry’s year', async () => {
    // Bonuses earned now expire in 400 days: in another year.
    await t.deps.db.execute(sql`update brand_settings set settings = settings
      || jsonb_build_object('bonusExpiryDays', 400::int)`);
    const { key } = await issueKey(t);
    const cookie = `till_key=${key}`;
    const card = await cardholder(t, PHONE, 0);
    const start = await t.app.inject({ url: '/till', headers: { cookie } });
    expect(start.body).toContain('src="/api/proxy/pictures/xxhdpi_logo_small"');
    expect(start.body).toMatch(/--primary:#2E7D32/i);
    expect(start.body).toContain('<title>Касса — Берёзка</title>');
    expect(start.body).not.toMatch(/<script/i);

    // A refused code reads as its rule, not as the API's field name.
    const wrong = await form('/till/scan', { code: '1' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Код: 22 цифры');
    expect(wrong.body).not.toContain('Неверные данные');
    expect(wrong.body).not.toContain('code:');

    const scan = await form('/till/scan', { code: memberCode(card, clock.now().getTime()) }, cookie);
    const visitUrl = scan.headers.location as string;
    const accrued = await form(
      visitUrl,
      { action: 'accrue', sum: '1 000', idempotencyKey: 'page-key-0101' },
      cookie,
    );
    const page = await t.app.inject({ url: accrued.headers.location as string, headers: { cookie } });
    expect(page.body).toContain('Начислено 30\u00a0бонусов: 3% оплаченного деньгами (ставка точки 3%).');
    // (The lots' dates are the database's: 400 days from any day is in another year.)
    expect(page.body).toMatch(/data-testid="till-expiring">30\u00a0бонусов \d\d\.\d\d\.\d{4}</);

    const operationId = /data-operation="([^"]+)"/.exec(page.body)![1]!;
    const refunded = await form(
      `/till/operations/${operationId}/refund`,
      { visitId: visitUrl.split('/').pop()! },
      cookie,
    );
    const after = await t.app.inject({ url: refunded.headers.location as string, headers: { cookie } });
    expect(after.body).toContain('Операция возвращена: бонусы пересчитаны.');
    expect(after.body).not.toContain('Операция возвращено');
  }, 90_000);

  it('names the rate an operation applied, a campaign with its effect included, not the point’s plain rate', async () => {
    // Point 1 follows the chain's base rate (the demo's 5 %), and a ×3 campaign runs there today.
    await t.deps.db.execute(sql`update retail_points set current_bonus = null where id = 1`);
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/api/operator/campaigns',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: {
        title: 'Тройные бонусы',
        startsOn: '2029-01-01',
        effect: { kind: 'MULTIPLIER', factor: 3 },
        priority: 10,
        stacks: false,
      },
    });
    expect(campaign.statusCode, campaign.body).toBe(200);
    const { key } = await issueKey(t);
    const cookie = `till_key=${key}`;
    const card = await cardholder(t, PHONE, 0);
    const scan = await form('/till/scan', { code: memberCode(card, clock.now().getTime()) }, cookie);
    const visitUrl = scan.headers.location as string;
    const before = await t.app.inject({ url: visitUrl, headers: { cookie } });
    expect(before.body).toContain('Начисление: 5% оплаченного деньгами (ставка сети) и действующие акции.');
    const accrued = await form(
      visitUrl,
      { action: 'accrue', sum: '1 000', idempotencyKey: 'rate-0001' },
      cookie,
    );
    const page = await t.app.inject({ url: accrued.headers.location as string, headers: { cookie } });
    const applied = '15% оплаченного деньгами (ставка сети 5%, акция «Тройные бонусы» ×3)';
    expect(page.body).toContain(`Начислено 150\u00a0бонусов: ${applied}.`);
    expect(page.body).toContain(`Последняя операция начислила ${applied}.`);
    expect(page.body).not.toContain('Начисление: 5%');
  }, 90_000);
});
