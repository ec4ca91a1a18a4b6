// Decision 086: a site payment whose bank order carries the receipt's cart (the `gateway` fiscal mode) returned by
// lines through the RBS adapter and its fake: each part names the order cart's positions in refund.do's
// `refundItems` (checked by the fake against the cart and the earlier parts), the bank's refund receipt is
// recorded from them, and the balance's part is left to the shop's register. Bad mappings change nothing.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentReturnLines } from '#server/db/schema/payment-returns';
import type { FakeClock } from '#server/test/auth-kit';
import { GATEWAY_MODE, putFiscal, receiptRows } from '#server/test/fiscal-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import { draftRow, openBakeryTill, payReceiptOnSite, returnPaid } from '#server/test/payment-return-kit';
import {
  completeDraft,
  createDraft,
  creditMoney,
  customerWithBonuses,
  processDraft,
  spendBonusesElsewhere,
} from '#server/test/payments-kit';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { cartItemsOf, forgetSaleLines, payAtRbsFake, refundItemsOf } from '#server/test/rbs-kit';
import type { TestApp } from '#server/test/test-app';
import { till } from '#server/test/till-kit';

const PHONE = '79006660861';

describe('returns by lines of a site payment whose bank order carries the cart (decision 086)', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    ({ t, clock, key } = await openBakeryTill({ acquirer: rbsAcquirerOf(fake) }));
    const userId = await customerWithBonuses(t, PHONE, 0);
    // 100.02 ₽ of certificates: the bank's cart holds 239.99 ₽ of the bread (two at 79.99 ₽, one at 80.01 ₽).
    await creditMoney(t, userId, 100.02);
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
  });
  afterEach(() => closeAfterLedgerCheck(t, clock));

  async function paid(idempotencyKey: string) {
    const payAtBank = payAtRbsFake(fake);
    const { receiptId, draft } = await payReceiptOnSite(t, { key, phone: PHONE, idempotencyKey, payAtBank });
    return { receiptId, draftId: draft.id, orderId: draft.orderId! };
  }
  const refundsOf = (orderId: string) => refundItemsOf(fake.orders.get(orderId)!);
  const cartOf = (orderId: string) => cartItemsOf(fake.orders.get(orderId)!);

  it('two returns of the bread name its positions, add up to each and to the line; the balance’s part is the register’s', async () => {
    const { receiptId, draftId, orderId } = await paid('prg-receipt-0001');
    const cart = cartOf(orderId);
    expect(
      cart.map((item) => [item.positionId, item.itemCode, item.quantity.value, item.itemAmount]),
    ).toEqual([
      [1, 'BREAD-1', 2, 15_998],
      [2, 'BREAD-2', 1, 8_001],
      [3, 'CIG-3', 1, 15_999],
    ]);

    const first = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 1 }], 'prg-return-0001');
    expect(first.statusCode, first.body).toBe(200);
    // One loaf: 79.99 ₽ of the card's position 1; a third of the balance's 60.01 ₽ (20 ₽) back to the balance.
    expect(first.json()).toMatchObject({ refundedToCard: 79.99, refundedToBalance: 20 });
    expect(first.json().fiscal).toEqual({
      mode: 'gateway',
      issuedBySite: 79.99,
      register: {
        kind: 'sell_refund',
        paymentMethod: 4,
        lines: [{ line: 1, name: 'Хлеб', quantity: 1, sum: 20 }],
        electronic: 0,
        prepaid: 20,
        total: 20,
      },
    });
    expect(refundsOf(orderId)).toEqual([
      [
        expect.objectContaining({
          positionId: 1,
          name: 'Хлеб',
          itemCode: 'BREAD-1',
          quantity: expect.objectContaining({ value: 1 }),
          itemAmount: 7_999,
          itemPrice: 7_999,
        }),
      ],
    ]);

    // The same line again, the two loaves left: the last of position 1 and position 2's one piece.
    const second = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'prg-return-0002');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ refundedToCard: 160, refundedToBalance: 40.01 });
    expect(
      refundsOf(orderId)[1]!.map((i) => [i.positionId, i.quantity.value, i.itemAmount, i.itemPrice]),
    ).toEqual([
      [1, 1, 7_999, 7_999],
      [2, 1, 8_001, 8_001],
    ]);
    // Each part of the line adds up: the card's to its positions, the balance's to its share.
    const rows = await t.deps.db
      .select()
      .from(paymentReturnLines)
      .where(eq(paymentReturnLines.draftId, draftId));
    expect(rows.reduce((s, r) => s + r.cardBack, 0)).toBe(23_999);
    expect(rows.reduce((s, r) => s + r.balanceBack, 0)).toBe(6_001);
    expect(fake.orders.get(orderId)!.refunded).toBe(23_999);

    // The bank's refund receipts are recorded as it issued them, once each, from the positions sent.
    const refunds = (await receiptRows(t)).filter((row) => row.kind === 'sell_refund');
    expect(refunds).toHaveLength(2);
    expect(refunds.every((row) => row.provider === 'gateway' && row.status === 'done')).toBe(true);
    expect(refunds.map((row) => row.total).sort((a, b) => a - b)).toEqual([7_999, 16_000]);
    const replay = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'prg-return-0002');
    expect(replay.json()).toEqual(second.json());
    expect(fake.orders.get(orderId)!.refunds).toHaveLength(2);
    expect((await receiptRows(t)).filter((row) => row.kind === 'sell_refund')).toHaveLength(2);
  });

  it('a mapping the cart cannot state is refused before anything moves', async () => {
    const { receiptId, draftId, orderId } = await paid('prg-receipt-0002');
    const half = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 0.5 }], 'prg-return-0101');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/целыми штуками/);
    const more = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 4 }], 'prg-return-0102');
    expect(more.statusCode).toBe(400);

    // A sale whose kept cart names no lines (made before they were kept): 409, nothing written.
    await forgetSaleLines(t, draftId);
    const old = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 1 }], 'prg-return-0103');
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toMatch(/строки чека в его корзине не сохранены/);

    expect(await t.deps.db.select().from(paymentReturnLines)).toEqual([]);
    expect(fake.orders.get(orderId)!.refunds).toEqual([]);
    expect((await receiptRows(t)).filter((row) => row.kind === 'sell_refund')).toEqual([]);
  });

  it('what is withheld comes off the card’s pieces as far as they can state it, the rest off the balance’s part', async () => {
    // Three loaves for 300.70 ₽ (earning 9.02 ₽), cigarettes for 200 ₽; the bank's cart holds the bread as one
    // position of three pieces.
    const items = [
      { name: 'Хлеб', sku: 'BREAD', quantity: 3, price: 100.23, sum: 300.7 },
      { name: 'Сигареты', sku: 'CIG', quantity: 1, price: 200, sum: 200 },
    ];
    const registered = await till(t, key, 'POST', '/api/till/payment-receipt', {
      idempotencyKey: 'prg-receipt-0003',
      sum: 500.7,
      items,
    });
    const receiptId = registered.json().receiptId as string;
    const draft = await createDraft(t, PHONE, {
      paySum: 500.7,
      spendBonus: false,
      payType: 'CARD',
      receiptId,
    });
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    await payAtRbsFake(fake)(processed.formUrl);
    await completeDraft(t, PHONE, draft.draftId);
    const orderId = (await draftRow(t, draft.draftId)).orderId!;
    const userId = (await draftRow(t, draft.draftId)).userId;
    await spendBonusesElsewhere(t, userId, 'test-credit:prg-spent-elsewhere');
    const back = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 2 }], 'prg-return-0201');
    expect(back.statusCode, back.body).toBe(200);
    const answer = back.json();
    // All 6.01 ₽ taken back is withheld: the two pieces keep an even number of kopecks, the odd one off the balance.
    expect(answer).toMatchObject({ bonusesTakenBack: 6.01, withheld: 6.01 });
    const [refund] = refundsOf(orderId);
    expect(refund).toHaveLength(1);
    expect(refund![0]).toMatchObject({ positionId: 1, quantity: expect.objectContaining({ value: 2 }) });
    expect(refund![0]!.itemAmount).toBe(refund![0]!.itemPrice * 2);
    expect(Math.round(answer.refundedToCard * 100)).toBe(refund![0]!.itemAmount);
    const [row] = await t.deps.db.select().from(paymentReturnLines);
    expect(row!.withheld).toBe(row!.cardShare - row!.cardBack + row!.balanceShare - row!.balanceBack);
    expect(row!.balanceShare - row!.balanceBack).toBe(1);
  });
});
