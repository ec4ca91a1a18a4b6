// Decision 084: a till's receipt paid on the site, returned by lines at the till: the bonuses as a till
// operation's return, the money back the way it came (the card by partial refunds, the money-like balance).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import {
  openBakeryTill,
  payOnSandboxPage,
  payReceiptOnSite,
  registerReceipt,
  returnPaid,
} from '#server/test/payment-return-kit';
import {
  bonusesOf,
  creditMoney,
  customerWithBonuses,
  moneyOf,
  spendBonusesElsewhere,
} from '#server/test/payments-kit';
import type { TestApp } from '#server/test/test-app';
import { issueKey, OPERATOR_TOKEN, OTHER_POINT } from '#server/test/till-kit';

const PHONE = '79006660841';

describe('returns by lines of a receipt paid on the site (decision 084)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;

  beforeEach(async () => {
    ({ t, clock, key } = await openBakeryTill());
  });
  afterEach(() => closeAfterLedgerCheck(t, clock));

  /** The receipt paid by card (and bonuses, and the money-like balance if the customer has it). */
  const paid = (idempotencyKey: string, spendBonus: boolean) =>
    payReceiptOnSite(t, { key, phone: PHONE, idempotencyKey, payAtBank: payOnSandboxPage(t), spendBonus });
  const refundedAtBank = async (orderId: string) =>
    (await t.deps.acquirer.getOrderStatus(orderId)).refundedAmount;

  it('returns add up to the whole receipt: bonuses spent back, the earn taken back, the card and the balance refunded', async () => {
    const userId = await customerWithBonuses(t, PHONE, 1000);
    await creditMoney(t, userId, 100);
    const { receiptId, draft } = await paid('pr-receipt-0001', true);
    // The balance pays first (100 ₽), bonuses the bread's half of the rest (150 ₽), the card 250 ₽.
    expect(draft).toMatchObject({ extraSpend: 10_000, spend: 15_000, leftToPay: 25_000 });
    expect(await moneyOf(t, PHONE)).toBe(0);
    const afterPay = await bonusesOf(t, PHONE);
    expect(afterPay).toBe(1000 - 150 + draft.earn / 100);

    const one = await returnPaid(t, key, receiptId, [{ sku: 'BREAD', quantity: 1 }], 'pr-return-0001');
    expect(one.statusCode, one.body).toBe(200);
    // The bread's money is 150 ₽: 3/7 of the 100 ₽ balance (42.85) and the rest (107.15) by card; a third each.
    expect(one.json()).toMatchObject({
      receiptId,
      bonusesGivenBack: 50,
      withheld: 0,
      refundedToCard: 35.71,
      refundedToBalance: 14.28,
    });
    const two = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'pr-return-0002');
    expect(two.json()).toMatchObject({
      bonusesGivenBack: 100,
      refundedToCard: 71.44,
      refundedToBalance: 28.57,
    });
    // Replayed: the same answer, nothing moves; the same key with other lines: a 409.
    const again = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 1 }], 'pr-return-0001');
    expect(again.json()).toEqual(one.json());
    const reused = await returnPaid(t, key, receiptId, [{ line: 2, quantity: 1 }], 'pr-return-0001');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const tooMuch = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 0.001 }], 'pr-return-0003');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('Строка 1: вернуть можно не больше 0');

    const three = await returnPaid(t, key, receiptId, [{ line: 2, quantity: 1 }], 'pr-return-0004');
    expect(three.json()).toMatchObject({ bonusesGivenBack: 0, bonusesTakenBack: 0, refundedToCard: 142.85 });
    const answers = [one, two, three].map((a) => a.json());
    const total = (field: string) => Math.round(answers.reduce((s, a) => s + (a[field] as number) * 100, 0));
    expect(total('refundedToCard')).toBe(draft.leftToPay);
    expect(total('refundedToBalance')).toBe(draft.extraSpend);
    expect(total('bonusesGivenBack')).toBe(draft.spend);
    expect(total('bonusesTakenBack')).toBe(draft.earn);
    expect(await refundedAtBank(draft.orderId!)).toBe(draft.leftToPay);
    expect(await bonusesOf(t, PHONE)).toBe(1000);
    expect(await moneyOf(t, PHONE)).toBe(100);

    // The customer's history: three «Возврат товаров» rows, the goods' money as their sum.
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    const returns = history.filter((op: { type: string }) => op.type === 'RETURN');
    expect(returns.map((op: { amount: number }) => op.amount).sort()).toEqual([100, 200, 200]);
    // The reports by category and by point: sold and all returned, nothing left (decision 068).
    const report = await t.app.inject({
      url: '/api/operator/reports?from=2026-11-29&to=2026-12-01',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(report.json().byCategory).toEqual([
      expect.objectContaining({
        categoryId: 'BAKERY',
        lines: 1,
        goodsSum: 0,
        bonusesEarned: 0,
        bonusesSpent: 0,
      }),
      expect.objectContaining({
        categoryId: 'TOB',
        lines: 1,
        goodsSum: 0,
        bonusesEarned: 0,
        bonusesSpent: 0,
      }),
    ]);
    expect(report.json().byPoint).toEqual([
      expect.objectContaining({ retailPointId: 1, bonusesIssued: 0, bonusesSpent: 0 }),
    ]);
    // The console's «Чеки» shows what came back of each line.
    const shown = await t.app.inject({
      url: `/api/operator/receipts/${draft.id}`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(
      shown
        .json()
        .lines.map((l: { returnedMilli: number; spendGivenBack: number }) => [
          l.returnedMilli,
          l.spendGivenBack,
        ]),
    ).toEqual([
      [3000, 15_000],
      [1000, 0],
    ]);
  });

  it('what the customer no longer has is withheld from the card’s money, never a negative balance', async () => {
    const userId = await customerWithBonuses(t, PHONE, 0);
    const { receiptId, draft } = await paid('pr-receipt-0002', false);
    expect(draft).toMatchObject({ spend: 0, extraSpend: 0, leftToPay: 50_000, earn: 900 }); // 3 % of the bread
    await spendBonusesElsewhere(t, userId, 'test-credit:payment-return-spent-elsewhere', 900);
    const back = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 3 }], 'pr-return-0101');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ bonusesTakenBack: 9, withheld: 9, refundedToCard: 291 });
    expect(await refundedAtBank(draft.orderId!)).toBe(29_100);
    expect(await bonusesOf(t, PHONE)).toBe(0);
  });

  it('two returns at once cannot return more than the line: the draft row is locked', async () => {
    await customerWithBonuses(t, PHONE, 0);
    const { receiptId, draft } = await paid('pr-receipt-0005', false);
    const both = await Promise.all([
      returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'pr-return-0301'),
      returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'pr-return-0302'),
    ]);
    // One wins; the other finds the line taken (400) or, on PostgreSQL, may find the winner's card part still
    // on its way to the bank (409: one part in flight). Either way nothing more comes back.
    const codes = both.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    const more = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'pr-return-0303');
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('Строка 1: вернуть можно не больше 1');
    expect(await refundedAtBank(draft.orderId!)).toBe(20_000);
  });

  it('refused with a clear 4xx, nothing moved: another point’s receipt, an unknown one, one not paid, a line not in it', async () => {
    await customerWithBonuses(t, PHONE, 0);
    const { receiptId } = await paid('pr-receipt-0003', false);
    const otherKey = (await issueKey(t, OTHER_POINT, 'Касса 2')).key;
    const other = await returnPaid(t, otherKey, receiptId, [{ line: 1, quantity: 1 }], 'pr-return-0201');
    expect(other.statusCode).toBe(404);
    const unknown = await returnPaid(t, key, randomUUID(), [{ line: 1, quantity: 1 }], 'pr-return-0202');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Чек не найден');
    const unpaid = await registerReceipt(t, key, 'pr-receipt-0004');
    const notPaid = await returnPaid(t, key, unpaid, [{ line: 1, quantity: 1 }], 'pr-return-0203');
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('Чек не оплачен на сайте: возвращать по нему нечего');
    const noLine = await returnPaid(t, key, receiptId, [{ line: 3, quantity: 1 }], 'pr-return-0204');
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json().message).toBe('Строки 3 в чеке нет');
    const noGoods = await returnPaid(t, key, receiptId, [{ sku: 'MILK', quantity: 1 }], 'pr-return-0205');
    expect(noGoods.statusCode).toBe(400);
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history.filter((op: { type: string }) => op.type === 'RETURN')).toEqual([]);
  });
});
