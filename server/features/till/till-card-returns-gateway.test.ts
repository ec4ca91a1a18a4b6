// Decision 086: in the `gateway` fiscal mode a till's saved-card payment is registered with its lines as the bank
// cart, and a return by lines names that cart's positions in refund.do's `refundItems` (the fake checks them
// against the cart and the earlier parts); what the cart cannot state is refused before anything moves.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tillReturnLines } from '#server/db/schema/till';
import type { FakeClock } from '#server/test/auth-kit';
import { GATEWAY_MODE, putFiscal, receiptRows } from '#server/test/fiscal-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import { MONDAY_NOON } from '#server/test/payment-return-kit';
import { spendBonusesElsewhere } from '#server/test/payments-kit';
import { startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import {
  cartItemsOf,
  forgetSaleLines,
  refundItemsOf,
  openTillWithSavedCard,
  type TillWithSavedCard,
} from '#server/test/rbs-kit';
import type { TestApp } from '#server/test/test-app';
import { memberCode, till } from '#server/test/till-kit';

const PHONE = '79006660862';
const ITEMS = [
  { name: 'Кофе', quantity: 2, price: 300, sum: 600 },
  { name: 'Сыр', quantity: 0.5, price: 800, sum: 400 },
];

describe('returns by lines of a till card payment whose bank order carries the cart (decision 086)', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: TillWithSavedCard['card'];
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    ({ t, clock, key, card } = await openTillWithSavedCard(fake, PHONE, { start: MONDAY_NOON }));
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
  });
  afterEach(() => closeAfterLedgerCheck(t, clock));

  /** 1,000 ₽ in two lines, 200 ₽ of bonuses (120 ₽ on the coffee, 80 ₽ on the cheese): the card pays 800 ₽. */
  async function payByCard(idempotencyKey: string, items = ITEMS, bonuses = 200) {
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const sum = items.reduce((s, item) => s + Math.round(item.sum * 100), 0) / 100;
    const paid = await till(t, key, 'POST', '/api/till/card-payment', {
      visitId: visit.json().visitId,
      sum,
      ...(bonuses > 0 ? { bonuses } : {}),
      items,
      idempotencyKey,
    });
    expect(paid.json(), paid.body).toMatchObject({ state: 'COMPLETED', paidByCard: sum - bonuses });
    return paid.json().operationId as string;
  }
  const giveBack = (operationId: string, items: object[], idempotencyKey: string) =>
    till(t, key, 'POST', `/api/till/operations/${operationId}/return`, { items, idempotencyKey });
  const orderOf = (operationId: string) => fake.findByNumber(operationId.replace(/-/g, ''))!;
  const parts = (operationId: string) =>
    refundItemsOf(orderOf(operationId)).map((items) =>
      items.map((i) => [i.positionId, i.name, i.quantity.value, i.itemAmount]),
    );

  it('the cart holds the lines; two returns of the coffee and the cheese whole name its positions, adding up', async () => {
    const operationId = await payByCard('gw-card-pay-1');
    const cart = cartItemsOf(orderOf(operationId));
    expect(
      cart.map((i) => [i.positionId, i.name, i.itemCode, i.quantity.value, i.itemPrice, i.itemAmount]),
    ).toEqual([
      [1, 'Кофе', 'line-1', 2, 24_000, 48_000],
      [2, 'Сыр', 'line-2', 0.5, 64_000, 32_000],
    ]);

    const first = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'gw-card-return-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refundedToCard).toBe(240);
    const second = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'gw-card-return-2');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refundedToCard).toBe(240);

    // Part of the weighed cheese cannot be stated in the bank's cart: refused, nothing moved.
    const part = await giveBack(operationId, [{ line: 2, quantity: 0.25 }], 'gw-card-return-3');
    expect(part.statusCode).toBe(400);
    expect(part.json().message).toMatch(/только целиком/);
    expect(orderOf(operationId).refunds).toHaveLength(2);

    const cheese = await giveBack(operationId, [{ line: 2, quantity: 0.5 }], 'gw-card-return-4');
    expect(cheese.statusCode, cheese.body).toBe(200);
    expect(cheese.json().refundedToCard).toBe(320);
    expect(parts(operationId)).toEqual([
      [[1, 'Кофе', 1, 24_000]],
      [[1, 'Кофе', 1, 24_000]],
      [[2, 'Сыр', 0.5, 32_000]],
    ]);
    expect(orderOf(operationId).refunded).toBe(80_000);
    const rows = await t.deps.db.select().from(tillReturnLines);
    expect(rows.reduce((s, r) => s + r.cardShare - r.withheld, 0)).toBe(80_000);
    const refunds = (await receiptRows(t)).filter((row) => row.kind === 'sell_refund');
    expect(refunds.map((row) => [row.provider, row.total]).sort()).toEqual([
      ['gateway', 24_000],
      ['gateway', 24_000],
      ['gateway', 32_000],
    ]);
  });

  it('a card payment whose cart is one «платёж» line (made before the lines were kept) is refused before anything moves', async () => {
    const operationId = await payByCard('gw-card-pay-2');
    await forgetSaleLines(t, operationId);
    const refused = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'gw-card-return-5');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/верните покупку целиком/);
    expect(await t.deps.db.select().from(tillReturnLines)).toEqual([]);
    expect(orderOf(operationId).refunds).toEqual([]);
  });

  it('what is withheld comes off the card’s pieces, each piece’s money one its quantity states: never more withheld', async () => {
    // Three coffees for 1,000.70 ₽ by card (two at 333.56 ₽, one at 333.58 ₽), 30.02 ₽ earned; then spent elsewhere.
    const coffee = [{ name: 'Кофе', quantity: 3, price: 333.57, sum: 1000.7 }];
    const operationId = await payByCard('gw-card-pay-3', coffee, 0);
    await spendBonusesElsewhere(t, card.userId, 'test-credit:gw-card-spent-elsewhere');
    const back = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'gw-card-return-6');
    expect(back.statusCode, back.body).toBe(200);
    // Two coffees earned 20.01 ₽ (2/3 of 30.02 ₽), gone. 667.12 ₽ − 20.01 ₽ is an odd number of kopecks, which two
    // pieces cannot state at one price: 647.12 ₽ goes back (323.56 ₽ each), 20 ₽ withheld, a kopeck left issued.
    expect(back.json()).toMatchObject({ bonusesTakenBack: 20.01, withheld: 20, refundedToCard: 647.12 });
    expect(parts(operationId)).toEqual([[[1, 'Кофе', 2, 64_712]]]);
    // The last coffee: 10.01 ₽ earned and gone, off position 2's 333.58 ₽: one piece states any amount.
    const last = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'gw-card-return-7');
    expect(last.json()).toMatchObject({ withheld: 10.01, refundedToCard: 323.57 });
    expect(orderOf(operationId).refunded).toBe(64_712 + 32_357);
  });

  it('a whole refund names the cart as registered, and its receipt is that cart', async () => {
    const operationId = await payByCard('gw-card-pay-4');
    const refunded = await till(t, key, 'POST', `/api/till/operations/${operationId}/refund`);
    expect(refunded.json(), refunded.body).toMatchObject({ state: 'REFUNDED' });
    const cart = cartItemsOf(orderOf(operationId));
    expect(refundItemsOf(orderOf(operationId))[0]).toEqual(cart);
    const rows = await receiptRows(t);
    const sold = rows.find((row) => row.kind === 'sell')!;
    const refund = rows.find((row) => row.kind === 'sell_refund')!;
    expect(refund).toMatchObject({ provider: 'gateway', total: 80_000 });
    expect(refund.document.items).toEqual(sold.document.items);
  });
});
