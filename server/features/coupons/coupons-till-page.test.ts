import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillOperations } from '#server/db/schema/till';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { loadBreadAndCigarettes, postTillForm } from '#server/test/till-page-kit';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN } from '#server/test/till-kit';

describe('the reference till page with a promo code (decision 064)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let cookie: string;
  let visitUrl: string;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const updatedAt = clock.now();
    await loadBreadAndCigarettes(t, updatedAt);
    const promo = await t.app.inject({
      method: 'POST',
      url: '/api/operator/promos',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { title: 'Лето', kind: 'SHARED', code: 'ЛЕТО', effect: 'DISCOUNT_PERCENT', value: 10 },
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const { key } = await issueKey(t);
    cookie = `till_key=${key}`;
    const card = await cardholder(t, '79006660264', 100);
    const scan = await form('/till/scan', { code: memberCode(card, clock.now().getTime()) });
    visitUrl = scan.headers.location as string;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const form = (url: string, fields: Record<string, string>) => postTillForm(t, cookie, url, fields);

  it('accrues with the typed code: the discount off the bread, none off the tobacco, shown on the operation', async () => {
    const page = await t.app.inject({ url: visitUrl, headers: { cookie } });
    expect(page.body).toContain('<label for="coupon">Промокод или купон (необязательно)</label>');
    const accrued = await form(visitUrl, {
      action: 'accrue',
      sum: '',
      items: 'BREAD 2\r\nCIG 1 250',
      coupon: 'лето',
      idempotencyKey: 'page-coupon-0001',
    });
    expect(accrued.statusCode, accrued.body).toBe(303);
    const shown = await t.app.inject({ url: accrued.headers.location as string, headers: { cookie } });
    expect(shown.body).toContain('<dt>Промокод ЛЕТО</dt><dd>скидка 10,00\u00a0₽</dd>');
    // The cheque is 350 ₽ less 10 ₽ (10% of the bread's 100 ₽).
    expect(shown.body).toContain('340,00\u00a0₽');
  });

  it('shows a code’s refusal in Russian and does nothing', async () => {
    const refused = await form(visitUrl, {
      action: 'accrue',
      sum: '100',
      coupon: 'ЗИМА',
      idempotencyKey: 'page-coupon-0002',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Такого промокода нет');
    expect(await t.deps.db.$count(tillOperations)).toBe(0);
  });
});
