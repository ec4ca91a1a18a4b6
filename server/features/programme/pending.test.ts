import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdjustableClock, type AdjustableClock } from '#server/core/adjustable-clock';
import { readBrandSettings, saveBrandSettings } from '#server/core/brand-settings';
import { systemClock } from '#server/core/clock';
import { lotsTotal } from '#server/core/earn/lots';
import { earnCredit, releasePendingBonuses } from '#server/core/earn/pending';
import { inTransaction } from '#server/db/in-transaction';
import { balancesOf } from '#server/core/ledger';
import { bonusLots } from '#server/db/schema/programme';
import { login } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import {
  bonusesOf,
  completeDraft,
  createDraft,
  customerWithBonuses,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const DAY = 86_400_000;

/**
 * Pending bonuses (decision 030): with a return window, what a purchase earns waits in `bonus_pending` and
 * becomes spendable (a lot starts) when the window passes; a refund inside it takes the bonuses back.
 * The clock is the DEV_CLOCK kind: it moves forward by days.
 */
describe('pending bonuses (the return window)', () => {
  let t: TestApp;
  let clock: AdjustableClock;
  beforeEach(async () => {
    clock = createAdjustableClock(systemClock);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  async function setPendingDays(bonusPendingDays: number) {
    const settings = await readBrandSettings(t.deps.db);
    await saveBrandSettings(t.deps.db, t.deps.cache, { ...settings, levels: [], bonusPendingDays });
  }
  const dayOf = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(ms));

  async function visitFor(phone: string) {
    const { key } = await issueKey(t, 1);
    const card = await cardholder(t, phone, 0);
    const verify = async () => {
      clock.advance(150_000); // a member code is accepted once: the next one
      const visit = await till(t, key, 'POST', '/api/till/verify', {
        code: memberCode(card, clock.now().getTime()),
      });
      expect(visit.statusCode, visit.body).toBe(200);
      return visit.json();
    };
    return { key, card, verify };
  }

  it('holds what a purchase earns apart for N days, then makes it spendable (a lot starts then)', async () => {
    await setPendingDays(14);
    const phone = '79554000001';
    const { key, card, verify } = await visitFor(phone);
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: (await verify()).visitId,
      sum: 1000,
      idempotencyKey: 'pending-accrue-1',
    });
    expect(accrued.json()).toMatchObject({ earned: 30 });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(0);
    const from = dayOf(clock.now().getTime() + 14 * DAY);
    expect((await callAs(t, phone, 'GET', '/api/user/bonus-expiry')).json()).toEqual({
      expiring: null,
      pending: { bonuses: 30, from },
    });
    expect((await verify()).customer).toMatchObject({ bonuses: 0, pending: { bonuses: 30, from } });
    expect(await t.deps.db.select().from(bonusLots).where(eq(bonusLots.userId, card.userId))).toEqual([]);

    clock.advance(13 * DAY);
    expect(await releasePendingBonuses(t.deps)).toBe(0);
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    clock.advance(DAY);
    expect(await releasePendingBonuses(t.deps)).toBe(1);
    expect(await releasePendingBonuses(t.deps)).toBe(0); // once
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(3_000);
    expect(await lotsTotal(t.deps.db, card.userId)).toBe(3_000);
    const { token } = await login(t, phone, '10.30.4.1'); // the first session's token has expired by now
    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/user/bonus-expiry',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(shown.json()).toEqual({ expiring: null, pending: null });
    expect((await verify()).customer).toMatchObject({ bonuses: 30, pending: null });
  });

  it('a refund inside the window takes the pending bonuses back; they never become spendable', async () => {
    await setPendingDays(7);
    const { key, card, verify } = await visitFor('79554000002');
    const accrued = (
      await till(t, key, 'POST', '/api/till/accrue', {
        visitId: (await verify()).visitId,
        sum: 2000,
        idempotencyKey: 'pending-accrue-2',
      })
    ).json();
    expect(accrued).toMatchObject({ earned: 60 });
    const refunded = await till(t, key, 'POST', `/api/till/operations/${accrued.operationId}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    clock.advance(8 * DAY);
    expect(await releasePendingBonuses(t.deps)).toBe(0);
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(0);
    const states = await t.deps.db.execute(sql`select state from pending_bonuses`);
    expect((states as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'reversed' }]);
  });

  it('a shop payment by card: the spend is spent at once, the earn waits for the window', async () => {
    await setPendingDays(10);
    const phone = '79554000004';
    await customerWithBonuses(t, phone, 1000);
    const draft = await createDraft(t, phone, { paySum: 500, spendBonus: true, payType: 'CARD' });
    const processed = (await processDraft(t, phone, draft.draftId)).json().data;
    expect((await payOnSandbox(t, processed.formUrl, '4111 1111 1111 1111')).statusCode).toBe(303);
    const done = (await completeDraft(t, phone, draft.draftId)).json().data;
    expect(done).toMatchObject({ state: 'completed', spent: 250, earned: 7.5 });
    expect(await bonusesOf(t, phone)).toBe(750);
    clock.advance(10 * DAY);
    expect(await releasePendingBonuses(t.deps)).toBe(1);
    const { token } = await login(t, phone, '10.30.4.2');
    const balance = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/getUserBalance',
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(balance.json().balance.availableAmount).toBe(757.5);
  });

  it("a deleted account's pending bonuses are forfeited when due, never spendable", async () => {
    await setPendingDays(7);
    const phone = '79554000005';
    const { key, card, verify } = await visitFor(phone);
    await till(t, key, 'POST', '/api/till/accrue', {
      visitId: (await verify()).visitId,
      sum: 1000,
      idempotencyKey: 'pending-accrue-5',
    });
    const { token } = await login(t, phone, '10.30.4.5');
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete',
      payload: { confirm: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    clock.advance(7 * DAY);
    expect(await releasePendingBonuses(t.deps)).toBe(1);
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(0);
  });

  it('without a window (the default) the earn is spendable at once and nothing is pending', async () => {
    const { key, card, verify } = await visitFor('79554000003');
    await till(t, key, 'POST', '/api/till/accrue', {
      visitId: (await verify()).visitId,
      sum: 1000,
      idempotencyKey: 'pending-accrue-3',
    });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(3_000);
    expect((await verify()).customer).toMatchObject({ bonuses: 30, pending: null });
    const rows = await t.deps.db.execute(sql`select count(*)::int as n from pending_bonuses`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('an earn credited with the settings cache cold reads them in its own transaction (decision 065)', async () => {
    await setPendingDays(14);
    const card = await cardholder(t, '79554000009', 0);
    // Another journey's content write drops the cache just before a settlement credits its earn; on PGlite a
    // read through the root database from inside the transaction used to wait for itself, for ever.
    t.deps.cache.invalidate();
    const credit = await inTransaction(t.deps.db, (tx) => earnCredit(t.deps, tx, card.userId, 3000));
    expect(credit.entries).toHaveLength(2);
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(0);
  });
});
