import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, OPERATOR_TOKEN } from '#server/test/till-kit';

/** Monday 30.11.2026, 23:40 in Moscow (the demo brand's zone): the brand's next day starts in 20 minutes. */
const LATE_MONDAY = Date.parse('2026-11-30T20:40:00Z');
const MINUTE = 60_000;

/**
 * Issue 26: support's 1 000-bonus limit could be split into many adjustments, and a retried adjustment with
 * another amount answered the first one. Decision 046: the limit also holds per member per brand's day, for
 * all of support together; a key reused with another amount is a 409 that moves nothing.
 */
describe('manual adjustments: the daily limit and retried keys', () => {
  let t: TestApp;
  const clock = fakeClock(LATE_MONDAY);
  let support: StaffLogin;
  let support2: StaffLogin;
  let owner: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    support2 = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  const adjust = (who: StaffLogin, userId: string, amount: number, idempotencyKey = randomUUID()) =>
    asStaff(t, who, {
      method: 'POST',
      url: `/api/admin/members/${userId}/adjustments`,
      payload: { amount, reason: 'Компенсация', idempotencyKey },
    });

  it("holds support's 1 000 bonuses per member per brand's day, however split and by whom in support", async () => {
    const member = await cardholder(t, '79554000001', 0);
    const other = await cardholder(t, '79554000002', 0);
    expect((await adjust(support, member.userId, 600)).json()).toEqual({ bonus: 600 });
    const split = await adjust(support2, member.userId, 500);
    expect(split.statusCode, split.body).toBe(403);
    expect(split.json().code).toBe('ADJUSTMENT_LIMIT');
    expect(split.json().message).toContain('за день');
    // Taking back counts too: 600 + 300 = 900, then 200 more is past 1 000.
    expect((await adjust(support, member.userId, -300)).json()).toEqual({ bonus: 300 });
    expect((await adjust(support, member.userId, 200)).json().code).toBe('ADJUSTMENT_LIMIT');
    expect((await adjust(support, member.userId, 100)).json()).toEqual({ bonus: 400 });
    // Another member has a day of their own; the owner's adjustments are not support's.
    expect((await adjust(support, other.userId, 1000)).json()).toEqual({ bonus: 1000 });
    expect((await adjust(owner, member.userId, 5000)).json()).toEqual({ bonus: 5400 });
    expect((await adjust(support, member.userId, 1)).json().code).toBe('ADJUSTMENT_LIMIT');

    clock.advance(25 * MINUTE); // past midnight in Moscow: a new brand's day (the sessions still live)
    expect((await adjust(support, member.userId, 1000)).json()).toEqual({ bonus: 6400 });
  });

  it('answers a retry with the first result, and a key reused with another amount with 409', async () => {
    const member = await cardholder(t, '79554000003', 0);
    const key = randomUUID();
    expect((await adjust(support, member.userId, 700, key)).json()).toEqual({ bonus: 700 });
    // A retry of the same adjustment is not a new one: the day's limit does not refuse it.
    expect((await adjust(support, member.userId, 700, key)).json()).toEqual({ bonus: 700 });
    const reused = await adjust(support, member.userId, 70, key);
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const taken = await adjust(support, member.userId, -700, key);
    expect(taken.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const page = await asStaff(t, support, { url: `/api/admin/members/${member.userId}` });
    expect(page.json().balances.bonus).toBe(700);
  });
});
