import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { balancesOf, customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { tillOperations } from '#server/db/schema/till';
import { reverseCompleted } from './refunds';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { callAs } from '#server/test/cabinet-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: point 1 earns 3%. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660063';

describe('partial returns by lines at the till (decision 063)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;
  let visitId: string;

  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    const updatedAt = new Date(MONDAY_NOON);
    await t.deps.db.insert(catalogueCategories).values({ id: 'BAKERY', name: 'Пекарня', updatedAt });
    await t.deps.db
      .insert(catalogueItems)
      .values({ sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', vatRate: 'VAT10', updatedAt });
    key = (await issueKey(t)).key;
    card = await cardholder(t, PHONE, 1000);
    const opened = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    visitId = opened.json().visitId;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const accrueBread = async () => {
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId,
      sum: 350,
      idempotencyKey: 'return-accrue-1',
      items: [
        { name: 'Хлеб', sku: 'BREAD', quantity: 3, price: 100, sum: 300 },
        { name: 'Пакет', quantity: 1, price: 50, sum: 50 },
      ],
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    return accrued.json() as { operationId: string; earned: number };
  };
  const giveBack = (id: string, items: object[], idempotencyKey: string) =>
    till(t, key, 'POST', `/api/till/operations/${id}/return`, { items, idempotencyKey });

  it('takes back each returned line’s share of its earn, the returns of a line adding up to the whole line', async () => {
    const op = await accrueBread();
    expect(op.earned).toBe(10.5); // 3% of 350
    const first = await giveBack(op.operationId, [{ line: 1, quantity: 1.001 }], 'return-1');
    expect(first.statusCode, first.body).toBe(200);
    // 9 ₽ × 1.001 / 3, rounded down to the kopeck.
    expect(first.json()).toMatchObject({
      lines: [{ line: 1, quantity: 1.001, bonusesTakenBack: 3, bonusesGivenBack: 0, withheld: 0 }],
      bonusesTakenBack: 3,
      withheld: 0,
    });
    // The same key answers the same return and changes nothing; another body under it is a 409.
    const again = await giveBack(op.operationId, [{ line: 1, quantity: 1.001 }], 'return-1');
    expect(again.json()).toEqual(first.json());
    expect((await giveBack(op.operationId, [{ line: 1, quantity: 1 }], 'return-1')).statusCode).toBe(409);
    const rest = await giveBack(
      op.operationId,
      [
        { line: 1, quantity: 1.999 },
        { line: 2, quantity: 1 },
      ],
      'return-2',
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().lines.map((l: { bonusesTakenBack: number }) => l.bonusesTakenBack)).toEqual([6, 1.5]);
    // The visit's answer says what came back of the operation, summed over both returns (the till offers the rest).
    const visit = (await till(t, key, 'GET', `/api/till/visits/${visitId}`)).json();
    expect(visit.operations[0].returned).toEqual({
      lines: [
        { line: 1, quantity: 3 },
        { line: 2, quantity: 1 },
      ],
      bonusesTakenBack: 10.5,
      bonusesGivenBack: 0,
      withheld: 0,
      refundedToCard: null,
      pending: null,
    });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(100_000);
    // The customer's history says why the balance moved: each return is a «Возврат товаров» row with the goods'
    // money and the bonuses taken back; a repeated key wrote no second row.
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(
      history
        .filter((o: { type: string }) => o.type === 'RETURN')
        .map((o: { amount: number; amountEarn: number; amountSpend: number }) => [
          o.amount,
          o.amountEarn,
          o.amountSpend,
        ])
        // Both at the same moment of the test's clock: in the order of their sums.
        .sort((a: number[], b: number[]) => b[0]! - a[0]!),
    ).toEqual([
      [249.9, 0, 7.5], // 199,90 ₽ of bread and the 50 ₽ bag
      [100.1, 0, 3],
    ]);
    // Nothing is left to return; the full refund is refused after a return by lines.
    const over = await giveBack(op.operationId, [{ line: 1, quantity: 0.001 }], 'return-3');
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('RETURN_INVALID');
    const refund = await till(t, key, 'POST', `/api/till/operations/${op.operationId}/refund`);
    expect(refund.statusCode).toBe(409);
  });

  it('a full refund racing a return is refused under the operation’s lock, whichever came first', async () => {
    const op = await accrueBread();
    const [row] = await t.deps.db.select().from(tillOperations).where(eq(tillOperations.id, op.operationId));
    // The refund read the row before the return: its check before the update saw no return.
    const returned = await giveBack(op.operationId, [{ line: 2, quantity: 1 }], 'race-return');
    expect(returned.statusCode, returned.body).toBe(200);
    await expect(reverseCompleted(t.deps, row!, 'refunded')).rejects.toMatchObject({
      code: 'OPERATION_STATE',
    });
    const [after] = await t.deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.id, op.operationId));
    expect(after!.state).toBe('completed');
    // 10,50 earned, 1,50 of it taken back by the return: nothing else moved.
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(100_000 + 900);
  });

  it('refuses bad lines and quantities with a 400 that changes nothing', async () => {
    const op = await accrueBread();
    const before = await balancesOf(t.deps.db, card.userId);
    for (const items of [
      [{ line: 9, quantity: 1 }],
      [{ line: 1, quantity: 0 }],
      [{ line: 1, quantity: -1 }],
      [{ line: 1, quantity: 1e-10 }], // positive, yet no thousandth of the line
      [
        { line: 1, quantity: 1 },
        { line: 2, quantity: 1e-10 },
      ],
      [{ line: 1, quantity: 1.0001 }],
      [{ line: 1, quantity: 3.001 }],
      [
        { line: 1, quantity: 1 },
        { line: 1, quantity: 1 },
      ],
      [],
    ]) {
      const refused = await giveBack(op.operationId, items, 'return-bad');
      expect(refused.statusCode, JSON.stringify(items)).toBe(400);
    }
    expect(await balancesOf(t.deps.db, card.userId)).toEqual(before);
    // A refunded operation is a 409.
    expect((await till(t, key, 'POST', `/api/till/operations/${op.operationId}/refund`)).statusCode).toBe(
      200,
    );
    expect((await giveBack(op.operationId, [{ line: 1, quantity: 1 }], 'return-late')).statusCode).toBe(409);
  });

  it('names the goods by the SKU or barcode scanned back, as one line; goods on two lines ask for the number', async () => {
    const op = await accrueBread();
    const bySku = await giveBack(op.operationId, [{ sku: 'BREAD', quantity: 1 }], 'return-by-sku');
    expect(bySku.statusCode, bySku.body).toBe(200);
    expect(bySku.json().lines).toEqual([expect.objectContaining({ line: 1, quantity: 1 })]);
    // The same key and goods answer the same return, whether named by SKU or by the line's number.
    const again = await giveBack(op.operationId, [{ line: 1, quantity: 1 }], 'return-by-sku');
    expect(again.json()).toEqual(bySku.json());
    const before = await balancesOf(t.deps.db, card.userId);
    for (const [items, message] of [
      [[{ sku: 'MILK', quantity: 1 }], 'Товара с артикулом MILK в чеке нет'],
      [[{ barcode: '4600000000011', quantity: 1 }], 'Товара со штрихкодом 4600000000011 в чеке нет'],
      [[{ line: 1, sku: 'BREAD', quantity: 1 }], 'укажите одно из трёх'],
      [[{ quantity: 1 }], 'укажите одно из трёх'],
      [[{ sku: '\ud800', quantity: 1 }], ''],
    ] as const) {
      const refused = await giveBack(op.operationId, [...items], 'return-bad-goods');
      expect(refused.statusCode, JSON.stringify(items)).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    expect(await balancesOf(t.deps.db, card.userId)).toEqual(before);

    const twoLines = await till(t, key, 'POST', '/api/till/accrue', {
      visitId,
      sum: 200,
      idempotencyKey: 'return-accrue-2',
      items: [
        { name: 'Хлеб', sku: 'BREAD', quantity: 1, price: 100, sum: 100 },
        { name: 'Хлеб со скидкой', sku: 'BREAD', quantity: 1, price: 100, sum: 100 },
      ],
    });
    expect(twoLines.statusCode, twoLines.body).toBe(200);
    const ambiguous = await giveBack(
      twoLines.json().operationId,
      [{ sku: 'BREAD', quantity: 1 }],
      'return-two',
    );
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().message).toBe('Артикул BREAD — в строках 1, 2: укажите номер строки');
  });

  it('withholds from the money what the customer no longer has: the balance never goes below zero', async () => {
    const op = await accrueBread();
    // The customer spends all but 2 ₽ elsewhere.
    const { bonus } = await customerAccounts(t.deps.db, card.userId);
    const left = (await balancesOf(t.deps.db, card.userId)).bonus - 200;
    await postTransaction(t.deps.db, {
      idempotencyKey: 'test-credit:spent-elsewhere',
      kind: 'test_credit',
      entries: transfer(bonus, SYSTEM_ACCOUNTS.bonus_spent, kopecks(left)),
    });
    const returned = await giveBack(op.operationId, [{ line: 1, quantity: 3 }], 'return-short');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      lines: [{ line: 1, quantity: 3, bonusesTakenBack: 9, bonusesGivenBack: 0, withheld: 7 }],
      withheld: 7,
    });
    expect((await balancesOf(t.deps.db, card.userId)).bonus).toBe(0);
  });
});
