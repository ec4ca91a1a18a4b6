import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { balancesOf, systemBalance } from '#server/core/ledger';
import { releaseExpiredHolds } from './expire-drafts';
import { completeDraft as completeDraftService } from './settle-draft';
import {
  bonusesOf,
  completeDraft,
  createDraft,
  creditMoney,
  customerWithBonuses,
  moneyOf,
  payOnSandbox,
  processDraft,
  setMaxSpendPercent,
} from '#server/test/payments-kit';
import { splitPayment } from './split';

/**
 * The money-like balance (certificates, gift value) in shop payments (decision 023): spent first, held like
 * bonuses, posted on completion, given back on failure or expiry; demo point 1 earns 3%.
 */
const PHONE = '79005550071';
const GOOD_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

const operationsOf = async (t: TestApp) =>
  (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;

describe('splitPayment', () => {
  const base = { paySumKopecks: 100_000, payType: 'CARD' as const, maxSpendPercent: 50 };
  it('spends the money-like balance first, then bonuses within the limit of what is left', () => {
    expect(
      splitPayment({
        ...base,
        spendBonus: true,
        bonusBalance: 100_000,
        spendExtra: true,
        moneyBalance: 30_000,
      }),
    ).toEqual({ extraSpend: 30_000, spend: 35_000, leftToPay: 35_000, earnable: 65_000 });
  });
  it('covers the whole sum from the balance, leaving nothing for bonuses or the bank', () => {
    expect(
      splitPayment({
        ...base,
        spendBonus: true,
        bonusBalance: 100_000,
        spendExtra: true,
        moneyBalance: 250_000,
      }),
    ).toEqual({ extraSpend: 100_000, spend: 0, leftToPay: 0, earnable: 100_000 });
  });
  it('spends none of it when the customer says no, at the till, or when it is absent', () => {
    const money = { spendBonus: false, bonusBalance: 0, moneyBalance: 50_000 };
    expect(splitPayment({ ...base, ...money, spendExtra: false }).extraSpend).toBe(0);
    expect(splitPayment({ ...base, ...money, spendExtra: true, payType: 'IN_RETAIL_POINT' })).toEqual({
      extraSpend: 0,
      spend: 0,
      leftToPay: 100_000,
      earnable: 0,
    });
    expect(splitPayment({ ...base, spendBonus: false, bonusBalance: 0 }).extraSpend).toBe(0);
  });
  it('splits exactly on a table of sums', () => {
    for (const paySumKopecks of [1, 99, 100, 12_345, 99_999_999]) {
      for (const moneyBalance of [0, 1, 50, paySumKopecks - 1, paySumKopecks, paySumKopecks * 2]) {
        const split = splitPayment({
          ...base,
          paySumKopecks,
          spendBonus: true,
          bonusBalance: 7_777,
          spendExtra: true,
          moneyBalance,
        });
        expect(split.extraSpend + split.spend + split.leftToPay).toBe(paySumKopecks);
        expect(split.extraSpend).toBe(Math.max(0, Math.min(paySumKopecks, moneyBalance)));
        expect(split.spend).toBeLessThanOrEqual(Math.floor(((paySumKopecks - split.extraSpend) * 50) / 100));
        for (const v of Object.values(split)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
      }
    }
  });
});

describe('shop payments spend the money-like balance', () => {
  let t: TestApp;
  let clock: FakeClock;
  let userId: string;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock });
    userId = await customerWithBonuses(t, PHONE, 1000);
    await creditMoney(t, userId, 300);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('answers EXTRA first, then bonuses within the limit of the rest, then the card; completes exactly', async () => {
    const draft = await createDraft(t, PHONE, { paySum: 1000, spendBonus: true, payType: 'CARD' });
    expect(draft).toMatchObject({
      spendExtra: true,
      leftToPay: 350,
      accountChanges: [
        { type: 'GLOBAL', spend: 350, earn: 19.5 },
        { type: 'EXTRA', spend: 300, earn: 0 },
      ],
    });
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(processed).toMatchObject({ status: 1, spent: 350, spentExtra: 300, leftToPay: 350 });
    // Both on hold: neither spendable while the bank is asked.
    expect(await moneyOf(t, PHONE)).toBe(0);
    expect(await bonusesOf(t, PHONE)).toBe(650);

    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    const done = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(done).toMatchObject({ status: 0, state: 'completed', spent: 350, spentExtra: 300, earned: 19.5 });
    expect(await moneyOf(t, PHONE)).toBe(0);
    expect(await bonusesOf(t, PHONE)).toBe(669.5);
    const [operation] = await operationsOf(t);
    expect(operation).toMatchObject({
      type: 'PAYMENT',
      amount: 1000,
      amountSpend: 350,
      amountSpendExtra: 300,
      amountEarn: 19.5,
    });
    // System accounts keep no cached balance (decision 021): the sum of their entries is their balance.
    expect(await systemBalance(t.deps.db, 'money_spent')).toBe(30_000);
    // The cheque names it.
    const cheque = await t.app.inject({
      method: 'GET',
      url: new URL(done.chequeUrl).pathname + new URL(done.chequeUrl).search,
    });
    expect(cheque.body).toContain('Оплачено с баланса');
  });

  it('a balance that covers the sum completes at once without the bank; spendExtra false leaves it alone', async () => {
    const kept = await createDraft(t, PHONE, { paySum: 200, spendBonus: false, spendExtra: false });
    expect(kept).toMatchObject({ spendExtra: false, leftToPay: 200, accountChanges: [{}, { spend: 0 }] });
    const again = await createDraft(t, PHONE, { paySum: 200, spendBonus: false, draftId: kept.draftId });
    expect(again).toMatchObject({ spendExtra: true, leftToPay: 0, accountChanges: [{}, { spend: 200 }] });
    const result = (await processDraft(t, PHONE, kept.draftId)).json().data;
    expect(result).toMatchObject({
      status: 0,
      state: 'completed',
      formUrl: null,
      spentExtra: 200,
      earned: 6,
    });
    expect(await moneyOf(t, PHONE)).toBe(100);
    expect(await bonusesOf(t, PHONE)).toBe(1006);
  });

  it('with a 100% limit the balance and bonuses together pay it all, without the bank', async () => {
    await setMaxSpendPercent(t, 100);
    const draft = await createDraft(t, PHONE, { paySum: 1000, spendBonus: true });
    expect(draft).toMatchObject({ leftToPay: 0, accountChanges: [{ spend: 700, earn: 9 }, { spend: 300 }] });
    const result = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(result).toMatchObject({ status: 0, state: 'completed', spent: 700, spentExtra: 300, earned: 9 });
    expect(await moneyOf(t, PHONE)).toBe(0);
    expect(await bonusesOf(t, PHONE)).toBe(309);
  });

  it('at the till and for gift cards none of it is spent', async () => {
    const atTill = await createDraft(t, PHONE, { paySum: 100, payType: 'IN_RETAIL_POINT' });
    expect(atTill).toMatchObject({
      spendExtra: false,
      leftToPay: 100,
      accountChanges: [{ spend: 0 }, { spend: 0 }],
    });
    expect((await processDraft(t, PHONE, atTill.draftId)).json().data).toMatchObject({
      status: 0,
      spentExtra: 0,
    });
    expect(await moneyOf(t, PHONE)).toBe(300);

    const order = await callAs(t, PHONE, 'POST', '/api/gc/create', {
      nominal: '1000',
      recipients: [{ phone: '79005550072', name: 'Алиса' }],
      congratulation: 'С праздником!',
      imageId: 'gift-1.webp',
    });
    expect(order.statusCode, order.body).toBe(200);
    const { orderId, bill } = order.json().data;
    const gift = await createDraft(t, PHONE, {
      productType: 'GIFT_CARD',
      giftCardOrderId: orderId,
      paySum: bill.total,
      spendExtra: true,
    });
    expect(gift).toMatchObject({ spendExtra: false, leftToPay: bill.total });
    expect(gift.accountChanges).toEqual([
      { type: 'GLOBAL', spend: 0, earn: 0 },
      { type: 'EXTRA', spend: 0, earn: 0 },
    ]);
  });

  it('a declined card gives the held balance back; the card then pays a new draft', async () => {
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: false });
    const { formUrl } = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(await moneyOf(t, PHONE)).toBe(0);
    await payOnSandbox(t, formUrl, DECLINED_CARD);
    expect((await completeDraft(t, PHONE, draft.draftId)).json().data).toMatchObject({
      status: 2,
      spentExtra: 300,
    });
    expect(await moneyOf(t, PHONE)).toBe(300);
    expect(await operationsOf(t)).toEqual([]);
  });

  it('the expiry job gives an abandoned hold back once', async () => {
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true });
    await processDraft(t, PHONE, draft.draftId);
    expect((await balancesOf(t.deps.db, userId)).money).toBe(0);
    clock.advance(21 * 60_000);
    expect(await releaseExpiredHolds(t.deps)).toBe(1);
    expect(await releaseExpiredHolds(t.deps)).toBe(0);
    expect(await balancesOf(t.deps.db, userId)).toEqual({ money: 30_000, bonus: 100_000 });
    expect(await completeDraftService(t.deps, userId, draft.draftId)).toMatchObject({
      status: 3,
      state: 'expired',
    });
  });

  it('processDraft 20 times at once holds once', async () => {
    const draft = await createDraft(t, PHONE, { paySum: 250, spendBonus: false });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => processDraft(t, PHONE, draft.draftId)),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await moneyOf(t, PHONE)).toBe(50);
  });

  it('parallel payments never spend more than the balance: the late ones are refused and hold nothing', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createDraft(t, PHONE, { paySum: 200, spendBonus: false }));
    // Each was computed against the whole 300 ₽; only one of them (or two that fit) can hold it.
    const answers = await Promise.all(made.map((d) => processDraft(t, PHONE, d.draftId)));
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().message).toBe('Недостаточно средств на счёте');
    expect(await moneyOf(t, PHONE)).toBe(100);
    // A refused draft stays `created`: recomputed, it spends what is left now.
    const redo = await createDraft(t, PHONE, {
      paySum: 200,
      spendBonus: false,
      draftId: made[answers.findIndex((a) => a.statusCode === 409)]!.draftId,
    });
    expect(redo).toMatchObject({ leftToPay: 100, accountChanges: [{}, { spend: 100 }] });
  });
});
