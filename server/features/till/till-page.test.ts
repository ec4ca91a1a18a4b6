import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fakeClock, type FakeClock } from '../../test/auth-kit';
import { balancesOf } from '../../core/ledger';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN } from '../../test/till-kit';

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
    expect(page.body).toContain('Начислено 30,01 бонусов.');
    expect(page.body).toContain('130,01');
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
});
