import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow; Saturday 28.11 at noon the demo's weekend campaign ran at bakery point 2. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const DAY = 86_400_000;
const PHONE = '79006660229';

describe('late receipts after an outage (issue 29)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;
  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t, 2)).key;
    card = await cardholder(t, PHONE, 0);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const late = (atMs: number, receiptNo: string, body: object = {}) =>
    till(t, key, 'POST', '/api/till/late-accrue', {
      code: memberCode(card, atMs),
      occurredAt: new Date(atMs).toISOString(),
      receiptNo,
      sum: 1000,
      ...body,
    });

  it('earns by the rules of its own time: Saturday’s weekend campaign doubles what Monday earns', async () => {
    const saturday = await late(MONDAY_NOON - 2 * DAY, 'till2-000101');
    expect(saturday.statusCode, saturday.body).toBe(200);
    const monday = await late(MONDAY_NOON - 60_000, 'till2-000102');
    expect(monday.statusCode, monday.body).toBe(200);
    expect(saturday.json().earned).toBe(2 * monday.json().earned);
    expect(saturday.json().earnRules.map((r: { kind: string }) => r.kind)).toContain('CAMPAIGN');
    // The history shows the purchase at the receipt's time.
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history.map((o: { date: string }) => o.date)).toEqual([
      new Date(MONDAY_NOON - 60_000).toISOString(),
      new Date(MONDAY_NOON - 2 * DAY).toISOString(),
    ]);
  });

  it('is idempotent by the receipt number: the same receipt answers the same, another body is a 409', async () => {
    const first = await late(MONDAY_NOON - DAY, 'till2-000200');
    const again = await late(MONDAY_NOON - DAY, 'till2-000200');
    expect(again.json()).toEqual(first.json());
    const other = await late(MONDAY_NOON - DAY, 'till2-000200', { sum: 999 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a receipt older than the brand allows, one from the future, and a code not of its time', async () => {
    const old = await late(MONDAY_NOON - 4 * DAY, 'till2-000300');
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: 'RECEIPT_TOO_LATE' });
    const ahead = await late(MONDAY_NOON + 10 * 60_000, 'till2-000301');
    expect(ahead.json()).toMatchObject({ code: 'RECEIPT_TIME' });
    const wrongTime = await till(t, key, 'POST', '/api/till/late-accrue', {
      code: memberCode(card, MONDAY_NOON - 2 * DAY),
      occurredAt: new Date(MONDAY_NOON - DAY).toISOString(),
      receiptNo: 'till2-000302',
      sum: 1000,
    });
    expect(wrongTime.json()).toMatchObject({ code: 'CODE_EXPIRED' });
    // One scanned code is one receipt.
    expect((await late(MONDAY_NOON - DAY, 'till2-000303')).statusCode).toBe(200);
    const twice = await late(MONDAY_NOON - DAY, 'till2-000304');
    expect(twice.json()).toMatchObject({ code: 'CODE_USED' });
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history).toHaveLength(1);
  });
});
