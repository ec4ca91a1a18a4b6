// Decision 086: the till reads a receipt paid on the site, and learns what its register prints. In the gateway mode
// the bank's receipt states the card money (the order's cart) and the register the money-like balance's «зачёт
// аванса», line by line: the two add up to each line's money, every kopeck stated once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxOrders } from '#server/db/schema/payments';
import type { FakeClock } from '#server/test/auth-kit';
import { CLOUD, GATEWAY_MODE, GOOD_CARD, putFiscal, receiptRows } from '#server/test/fiscal-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import {
  BAKERY_GATEWAY_FISCAL,
  openBakeryTill,
  payOnSandboxPage,
  payReceiptOnSite,
  registerReceipt,
  returnPaid,
  startPaying,
} from '#server/test/payment-return-kit';
import {
  completeDraft,
  createDraft,
  creditMoney,
  customerWithBonuses,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';
import type { TestApp } from '#server/test/test-app';
import { issueKey, till } from '#server/test/till-kit';

const PHONE = '79006660863';

describe('a receipt paid on the site, read by its till (decision 086)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let userId: string;
  beforeEach(async () => {
    ({ t, clock, key } = await openBakeryTill());
    userId = await customerWithBonuses(t, PHONE, 0);
  });
  afterEach(() => closeAfterLedgerCheck(t, clock));

  const stateOf = (receiptId: string, tillKey = key) =>
    till(t, tillKey, 'GET', `/api/till/payment-receipts/${receiptId}`);
  async function paidByCard(idempotencyKey: string) {
    const payAtBank = payOnSandboxPage(t);
    return (await payReceiptOnSite(t, { key, phone: PHONE, idempotencyKey, payAtBank })).receiptId;
  }

  it('unpaid, then paid in the till mode: the register prints the whole, by card and by the advance offset', async () => {
    await creditMoney(t, userId, 100);
    const receiptId = await registerReceipt(t, key, 'prs-receipt-0001');
    const unpaid = await stateOf(receiptId);
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json()).toMatchObject({ state: 'AWAITING', bank: 0, fiscal: null });
    const { draftId, formUrl } = await startPaying(t, PHONE, receiptId, false);
    await payOnSandbox(t, formUrl, GOOD_CARD);
    await completeDraft(t, PHONE, draftId);
    expect((await stateOf(receiptId)).json()).toMatchObject({
      receiptId,
      sum: 500,
      state: 'PAID',
      bonuses: 0,
      balance: 100,
      bank: 400,
      fiscal: {
        mode: 'till',
        issuedBySite: 0,
        register: {
          kind: 'sell',
          paymentMethod: 4,
          lines: [
            { line: 1, name: 'Хлеб', quantity: 3, sum: 300 },
            { line: 2, name: 'Сигареты', quantity: 1, sum: 200 },
          ],
          electronic: 400,
          prepaid: 100,
          total: 500,
        },
      },
    });
    // Another point's till does not see it.
    const other = (await issueKey(t, 2)).key;
    expect((await stateOf(receiptId, other)).statusCode).toBe(404);
  });

  it('the gateway mode: the bank’s cart and the register’s «зачёт аванса» add up to each line, every kopeck once', async () => {
    await creditMoney(t, userId, 100.02);
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const receiptId = await paidByCard('prs-receipt-0002');
    const state = (await stateOf(receiptId)).json();
    expect(state).toMatchObject({ state: 'PAID', balance: 100.02, bank: 399.98 });
    expect(state.fiscal).toEqual(BAKERY_GATEWAY_FISCAL);
    // The bank's cart, as the sandbox kept it, holds the rest of each line: together 300 ₽ and 200 ₽.
    const [order] = await t.deps.db.select().from(sandboxOrders);
    const cart = JSON.parse(order!.cart!).cartItems.items as { itemCode: string; itemAmount: number }[];
    const held = (prefix: string) =>
      cart.filter((i) => i.itemCode.startsWith(prefix)).reduce((s, i) => s + i.itemAmount, 0);
    expect(held('BREAD') + 6_001).toBe(30_000);
    expect(held('CIG') + 4_001).toBe(20_000);
    // The site recorded one receipt, the bank's, of the card money only: the advance offset is not on it.
    const rows = await receiptRows(t);
    expect(rows.map((row) => [row.provider, row.total, row.electronic])).toEqual([
      ['gateway', 39_998, 39_998],
    ]);
    expect(rows[0]!.document.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 39_998 }]);
  });

  it('the gateway mode: a payment wholly by the balance has no bank receipt, the register prints it all', async () => {
    await creditMoney(t, userId, 600);
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const receiptId = await registerReceipt(t, key, 'prs-receipt-0003');
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: false, payType: 'CARD', receiptId });
    expect((await processDraft(t, PHONE, draft.draftId)).json().data).toMatchObject({ leftToPay: 0 });
    const state = (await stateOf(receiptId)).json();
    expect(state.fiscal).toMatchObject({
      mode: 'gateway',
      issuedBySite: 0,
      register: { electronic: 0, prepaid: 500, total: 500 },
    });
    expect(state.fiscal.register.lines.map((l: { sum: number }) => l.sum)).toEqual([300, 200]);
    // Its return: the balance back, and the register's «возврат прихода» of it.
    const back = await returnPaid(t, key, receiptId, [{ line: 2, quantity: 1 }], 'prs-return-0003');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      refundedToBalance: 200,
      refundedToCard: 0,
      fiscal: {
        mode: 'gateway',
        issuedBySite: 0,
        register: {
          kind: 'sell_refund',
          lines: [{ line: 2, name: 'Сигареты', quantity: 1, sum: 200 }],
          prepaid: 200,
        },
      },
    });
    expect(await receiptRows(t)).toEqual([]);
  });

  it('the gateway mode: a payment by the sum alone (no till receipt) spends no balance; the cloud mode leaves the register nothing', async () => {
    await creditMoney(t, userId, 100);
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const bySum = await createDraft(t, PHONE, { paySum: 500, spendBonus: false, payType: 'CARD' });
    expect(bySum).toMatchObject({ leftToPay: 500 });
    expect(bySum.accountChanges).toContainEqual(expect.objectContaining({ type: 'EXTRA', spend: 0 }));

    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const receiptId = await paidByCard('prs-receipt-0004');
    expect((await stateOf(receiptId)).json().fiscal).toEqual({
      mode: 'cloud',
      issuedBySite: 500,
      register: null,
    });
  });
});
