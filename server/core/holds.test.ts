import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../db/schema/ledger';
import { paymentDrafts } from '../db/schema/payments';
import { tillOperations } from '../db/schema/till';
import { releaseAllExpiredHolds } from '../hold-release-job';
import { fakeClock, type FakeClock } from '../test/auth-kit';
import { assertLedgerInvariants } from '../test/ledger-invariants';
import { createDraft, processDraft, RETURN_URL, setMaxSpendPercent } from '../test/payments-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '../test/till-kit';
import { inTransaction } from '../db/in-transaction';
import { TILL_HOLD_MINUTES } from '../features/till/holds';
import { postHold, postRelease, spendLimit } from './holds';
import { balancesOf, systemBalance } from './ledger';

const PAYER = '79007770001';
const SHOPPER = '79007770002';

/** The posting under `key`, with the key of the debit it restores (null when none). */
async function postingOf(t: TestApp, key: string) {
  const [row] = await t.deps.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key));
  if (!row) return null;
  const restored = row.restoresId
    ? (await t.deps.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, row.restoresId)))[0]
    : null;
  return { kind: row.kind, restores: restored?.idempotencyKey ?? null };
}

describe('the bonus hold (server/core/holds.ts) through both its callers', () => {
  let t: TestApp;
  let clock: FakeClock;
  let tillKey: string;

  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    tillKey = (await issueKey(t)).key;
    await setMaxSpendPercent(t, 50);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  /** A shop payment by card that holds 300 bonuses (half of 600), its bank order open. */
  async function heldPayment() {
    const draft = await createDraft(t, PAYER, { paySum: 600, spendBonus: true, payType: 'CARD' });
    const processed = await processDraft(t, PAYER, draft.draftId, { returnUrl: RETURN_URL });
    expect(processed.statusCode, processed.body).toBe(200);
    return draft.draftId as string;
  }

  /** A till spend of 200 bonuses on a cheque of 1000, held until the till confirms it. */
  async function heldTillSpend(card: { cardNum: string; secret: string }) {
    const verified = await till(t, tillKey, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const spent = await till(t, tillKey, 'POST', '/api/till/spend', {
      visitId: verified.json().visitId,
      sum: 1000,
      bonuses: 200,
      idempotencyKey: `spend-${clock.now().getTime()}`,
    });
    expect(spent.statusCode, spent.body).toBe(200);
    return spent.json().operationId as string;
  }

  it('holds each caller in its own account under its own keys, and the one job releases both', async () => {
    const payerId = (await cardholder(t, PAYER, 1000)).userId;
    const shopper = await cardholder(t, SHOPPER, 1000);
    const draftId = await heldPayment();
    const operationId = await heldTillSpend(shopper);

    expect(await postingOf(t, `payment-hold:${draftId}`)).toEqual({ kind: 'payment_hold', restores: null });
    expect(await postingOf(t, `till-hold:${operationId}`)).toEqual({ kind: 'till_hold', restores: null });
    expect(await systemBalance(t.deps.db, 'bonus_held')).toBe(30_000);
    expect(await systemBalance(t.deps.db, 'till_held')).toBe(20_000);
    expect((await balancesOf(t.deps.db, payerId)).bonus).toBe(70_000);
    expect((await balancesOf(t.deps.db, shopper.userId)).bonus).toBe(80_000);

    // Both holds outlive their time; one run of the one job releases both.
    clock.advance(Math.max(t.deps.config.paymentHoldMinutes, TILL_HOLD_MINUTES) * 60_000 + 60_000);
    const errors: string[] = [];
    expect(await releaseAllExpiredHolds(t.deps, (_, what) => errors.push(what))).toEqual({
      payments: 1,
      till: 1,
      coupons: 0,
    });
    expect(errors).toEqual([]);
    expect(await postingOf(t, `payment-release:${draftId}`)).toEqual({
      kind: 'payment_release',
      restores: `payment-hold:${draftId}`,
    });
    expect(await postingOf(t, `till-release:${operationId}`)).toEqual({
      kind: 'till_release',
      restores: `till-hold:${operationId}`,
    });
    expect(await systemBalance(t.deps.db, 'bonus_held')).toBe(0);
    expect(await systemBalance(t.deps.db, 'till_held')).toBe(0);
    expect((await balancesOf(t.deps.db, payerId)).bonus).toBe(100_000);
    expect((await balancesOf(t.deps.db, shopper.userId)).bonus).toBe(100_000);
    const [draft] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
    const [operation] = await t.deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.id, operationId));
    expect([draft?.state, operation?.state]).toEqual(['expired', 'expired']);
    // A second run finds nothing left.
    expect(await releaseAllExpiredHolds(t.deps, (_, what) => errors.push(what))).toEqual({
      payments: 0,
      till: 0,
      coupons: 0,
    });
  });

  it('settles each caller to bonus_spent with the earn in one posting under its settle key', async () => {
    const shopper = await cardholder(t, SHOPPER, 1000);
    await cardholder(t, PAYER, 1000);
    await setMaxSpendPercent(t, 100);
    const spentBefore = await systemBalance(t.deps.db, 'bonus_spent');
    // A payment bonuses cover completes inside processDraft.
    const draft = await createDraft(t, PAYER, { paySum: 100, spendBonus: true, payType: 'CARD' });
    expect((await processDraft(t, PAYER, draft.draftId, { returnUrl: RETURN_URL })).statusCode).toBe(200);
    const operationId = await heldTillSpend(shopper);
    const confirmed = await till(t, tillKey, 'POST', `/api/till/operations/${operationId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect(await postingOf(t, `payment-complete:${draft.draftId}`)).toEqual({
      kind: 'payment',
      restores: null,
    });
    expect(await postingOf(t, `till-complete:${operationId}`)).toEqual({
      kind: 'till_spend',
      restores: null,
    });
    expect(await systemBalance(t.deps.db, 'bonus_held')).toBe(0);
    expect(await systemBalance(t.deps.db, 'till_held')).toBe(0);
    expect((await systemBalance(t.deps.db, 'bonus_spent')) - spentBefore).toBe(10_000 + 20_000);
  });

  it('a hold of nothing posts nothing, and a repeated hold changes nothing', async () => {
    const { userId } = await cardholder(t, PAYER, 10);
    const count = async () => (await t.deps.db.select().from(ledgerTransactions)).length;
    const before = await count();
    await inTransaction(t.deps.db, (tx) => postHold(tx, 'till', { id: 'nothing', userId, spend: 0 }));
    await inTransaction(t.deps.db, (tx) =>
      postHold(tx, 'payment', { id: 'nothing', userId, spend: 0, extraSpend: 0 }),
    );
    expect(await count()).toBe(before);
    const id = '00000000-0000-4000-8000-00000000abcd';
    for (let i = 0; i < 2; i++)
      await inTransaction(t.deps.db, (tx) => postHold(tx, 'till', { id, userId, spend: 400 }));
    expect(await count()).toBe(before + 1);
    expect((await balancesOf(t.deps.db, userId)).bonus).toBe(600);
    // Put back what this test held by hand, so the till's table and till_held still agree.
    await inTransaction(t.deps.db, (tx) => postRelease(tx, 'till', { id, userId, spend: 400 }));
  });
});

describe('spendLimit', () => {
  it("is the brand's share of the cheque, rounded down to whole kopecks, for both callers", () => {
    expect(spendLimit(100_000, 50)).toBe(50_000);
    expect(spendLimit(999, 50)).toBe(499);
    expect(spendLimit(1, 99)).toBe(0);
    expect(spendLimit(12_345, 100)).toBe(12_345);
    expect(spendLimit(12_345, 0)).toBe(0);
  });
});
