// Decisions 070, 084: a site payment's return by lines, in the cloud mode, queues a «возврат прихода» of the
// returned lines (their quantities and the money going back) once that money is refunded; the till mode none;
// the gateway mode (decision 086) the bank's refund receipt of the cart's positions.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import { paymentDrafts, sandboxOrders } from '#server/db/schema/payments';
import { paymentReturnLines } from '#server/db/schema/payment-returns';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import {
  asOperator,
  CLOUD,
  fakeAtolWithClient,
  GATEWAY_MODE,
  putFiscal,
  receiptRows,
} from '#server/test/fiscal-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import {
  MONDAY_NOON,
  openBakeryTill,
  payOnSandboxPage,
  payReceiptOnSite,
  returnPaid,
} from '#server/test/payment-return-kit';
import { creditMoney, customerWithBonuses } from '#server/test/payments-kit';
import type { TestApp } from '#server/test/test-app';

const PHONE = '79006660843';

describe('the refund receipt of a site payment’s return by lines', () => {
  let t: TestApp;
  let clock: FakeClock;
  let fake: FakeAtol;
  let key: string;
  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    const atol = await fakeAtolWithClient(clock);
    fake = atol.fake;
    ({ t, key } = await openBakeryTill({ clock, fiscal: atol.provider }));
  });
  afterEach(async () => {
    await closeAfterLedgerCheck(t, clock);
    await fake.close();
  });

  async function paid(idempotencyKey: string) {
    const payAtBank = payOnSandboxPage(t);
    const { receiptId, draft } = await payReceiptOnSite(t, { key, phone: PHONE, idempotencyKey, payAtBank });
    return { receiptId, draftId: draft.id };
  }

  it('the till mode queues nothing; the cloud mode a «возврат прихода» of the lines, card and balance', async () => {
    const userId = await customerWithBonuses(t, PHONE, 0);
    await creditMoney(t, userId, 100);
    const first = await paid('prf-receipt-0001');
    const till = await returnPaid(t, key, first.receiptId, [{ line: 2, quantity: 1 }], 'prf-return-0001');
    expect(till.json()).toMatchObject({ refundedToCard: 160, refundedToBalance: 40 });
    expect(await receiptRows(t)).toEqual([]);

    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    await creditMoney(t, userId, 100, 'second');
    const { receiptId, draftId } = await paid('prf-receipt-0002');
    const body = [{ line: 1, quantity: 3 }];
    const back = await returnPaid(t, key, receiptId, body, 'prf-return-0002');
    expect(back.statusCode, back.body).toBe(200);
    // The balance paid 140 ₽ (the 40 ₽ the first return gave back, and 100 ₽): the bread's 300 ₽ is 3/5 of it
    // (84 ₽) and 216 ₽ by card; its 9 ₽ earned taken back.
    expect(back.json()).toMatchObject({ refundedToCard: 216, refundedToBalance: 84, bonusesTakenBack: 9 });
    await returnPaid(t, key, receiptId, body, 'prf-return-0002'); // replayed: no second receipt
    const refunds = (await receiptRows(t)).filter((row) => row.kind === 'sell_refund');
    expect(refunds).toHaveLength(1);
    const [refund] = refunds;
    expect(refund!.externalId).toMatch(new RegExp(`^sell_refund:${draftId}:.+:prf-return-0002$`));
    expect(refund).toMatchObject({ sourceType: 'refund', sourceId: draftId, total: 30_000 });
    expect(refund!.document.items).toEqual([
      expect.objectContaining({ name: 'Хлеб', quantity: 3, sum: 30_000, code: 'BREAD' }),
    ]);
    expect(refund!.document.payments).toEqual([
      { type: 'electronic', atolType: 1, sum: 21_600 },
      { type: 'prepaid', atolType: 2, sum: 8_400 },
    ]);
    // The report's reconciliation (decision 083) counts the card part sent back on its day, as the receipt does:
    // the second payment's sale and refund receipts, still pending, match its money less the part.
    const draftOf = async (id: string) =>
      (await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, id)))[0]!;
    const second = await draftOf(draftId);
    const before = await draftOf(first.draftId);
    const day = calendarDay(clock.now(), 'Europe/Moscow');
    const report = await t.app.inject({
      url: `/api/operator/reports?from=${day}&to=${day}`,
      headers: asOperator,
    });
    const { total } = report.json().fiscal;
    expect(total.receipts.pending).toBe(second.leftToPay - 21_600);
    // The first payment, made in the till mode, has no receipt: its money less its part back stays unmatched.
    expect(total.money.shop - total.receipts.pending).toBe(before.leftToPay - 16_000);
  });

  it('the gateway mode on the sandbox: the part names the cart’s positions, the bank’s refund receipt is recorded', async () => {
    await customerWithBonuses(t, PHONE, 0);
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const { receiptId, draftId } = await paid('prf-receipt-0003');
    const back = await returnPaid(t, key, receiptId, [{ line: 1, quantity: 1 }], 'prf-return-0003');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      refundedToCard: 100,
      fiscal: { mode: 'gateway', issuedBySite: 100, register: null },
    });
    const [row] = await t.deps.db.select().from(paymentReturnLines);
    expect(row!.gatewayItems).toEqual([
      { position: 1, value: 1, share: 10_000, amount: 10_000, price: 10_000 },
    ]);
    // The sandbox kept the order's cart and this part's positions, for the next part's check (decision 086).
    const [order] = await t.deps.db.select().from(sandboxOrders);
    expect(order!.cart).toContain('BREAD-1');
    expect(order!.refundItems).toHaveLength(1);
    const refunds = (await receiptRows(t)).filter((r) => r.kind === 'sell_refund');
    expect(refunds).toEqual([
      expect.objectContaining({ provider: 'gateway', status: 'done', sourceId: draftId, total: 10_000 }),
    ]);
    expect(refunds[0]!.document.items).toEqual([
      expect.objectContaining({ name: 'Хлеб', quantity: 1, sum: 10_000, code: 'BREAD', line: 1 }),
    ]);
  });
});
