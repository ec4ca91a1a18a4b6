// Decision 070: a saved-card payment at the till, in the cloud mode, queues its receipt with its completion,
// and its refund a «возврат прихода» once the money is back on the card.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import { sandboxWalletToken } from '#server/integrations/acquirer/sandbox-acquirer';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import {
  CLOUD,
  fakeAtolWithClient,
  FISCAL_OPERATOR,
  GATEWAY_MODE,
  putFiscal,
  receiptRows,
} from '#server/test/fiscal-kit';
import { tillReturnLines } from '#server/db/schema/till';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, till } from '#server/test/till-kit';

const PHONE = '79006667101';

describe('the till’s saved-card payment and its fiscal receipt', () => {
  let t: TestApp;
  let clock: FakeClock;
  let fake: FakeAtol;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;
  beforeEach(async () => {
    clock = fakeClock();
    const atol = await fakeAtolWithClient(clock);
    fake = atol.fake;
    t = await createTestApp({ clock, fiscal: atol.provider, config: { operatorToken: FISCAL_OPERATOR } });
    key = (await issueKey(t)).key;
    card = await cardholder(t, PHONE, 1000);
    await t.deps.acquirer.bindings!.bindWalletToken!({
      clientId: card.userId,
      wallet: 'google',
      token: sandboxWalletToken('1111'),
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const pay = async (idempotencyKey: string, items?: object[]) => {
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const paid = await till(t, key, 'POST', '/api/till/card-payment', {
      visitId: visit.json().visitId,
      sum: 1000,
      bonuses: 200,
      idempotencyKey,
      ...(items ? { items } : {}),
    });
    expect(paid.json()).toMatchObject({ state: 'COMPLETED', paidByCard: 800 });
    return paid.json().operationId as string;
  };

  it('the till mode queues nothing; the cloud mode a sell of the card money, and a sell_refund on its refund', async () => {
    await pay('fiscal-card-0001');
    expect(await receiptRows(t)).toEqual([]);
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    clock.advance(3 * 60_000); // a fresh member code
    const operationId = await pay('fiscal-card-0002');
    const [sold] = await receiptRows(t);
    expect(sold).toMatchObject({
      externalId: `sell:${operationId}`,
      sourceType: 'till_card_payment',
      total: 80_000,
    });
    expect(sold!.document.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 80_000 }]);
    const refunded = await till(t, key, 'POST', `/api/till/operations/${operationId}/refund`);
    expect(refunded.json()).toMatchObject({ state: 'REFUNDED' });
    const rows = await receiptRows(t);
    expect(rows.map((row) => [row.externalId, row.kind, row.total]).sort()).toEqual([
      [`sell:${operationId}`, 'sell', 80_000],
      [`sell_refund:${operationId}`, 'sell_refund', 80_000],
    ]);
    // Refunding again changes nothing: one refund receipt.
    await till(t, key, 'POST', `/api/till/operations/${operationId}/refund`);
    expect(await receiptRows(t)).toHaveLength(2);
  });

  it('a return by lines refunds its part to the card with a «возврат прихода» of that part, once (decision 063)', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const operationId = await pay('fiscal-card-0003', [
      { name: 'Кофе', quantity: 2, price: 300, sum: 600 },
      { name: 'Сыр', quantity: 1, price: 400, sum: 400 },
    ]);
    const body = { items: [{ line: 2, quantity: 1 }], idempotencyKey: 'fiscal-card-return-1' };
    const returned = await till(t, key, 'POST', `/api/till/operations/${operationId}/return`, body);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().refundedToCard).toBe(320); // 400 ₽ less its 80 ₽ of bonuses
    await till(t, key, 'POST', `/api/till/operations/${operationId}/return`, body);
    const rows = await receiptRows(t);
    expect(rows).toHaveLength(2);
    const part = rows.find((row) => row.kind === 'sell_refund')!;
    // One receipt per return, named by the return's key (scoped by the point, as the till's keys are).
    expect(part.externalId).toMatch(new RegExp(`^sell_refund:${operationId}:.+:fiscal-card-return-1$`));
    expect(part.total).toBe(32_000);
    expect(part.document.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 32_000 }]);
  });

  it('in the gateway mode the order’s cart holds the lines and a return by lines names its positions (decision 086)', async () => {
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const operationId = await pay('fiscal-card-0004', [
      { name: 'Кофе', quantity: 2, price: 300, sum: 600 },
      { name: 'Сыр', quantity: 1, price: 400, sum: 400 },
    ]);
    const [sold] = await receiptRows(t);
    expect(sold!.document.items.map((i) => [i.name, i.quantity, i.sum, i.paymentObject, i.line])).toEqual([
      ['Кофе', 2, 48_000, 1, 1],
      ['Сыр', 1, 32_000, 1, 2],
    ]);
    const body = { items: [{ line: 2, quantity: 1 }], idempotencyKey: 'fiscal-card-return-2' };
    const back = await till(t, key, 'POST', `/api/till/operations/${operationId}/return`, body);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().refundedToCard).toBe(320);
    const [row] = await t.deps.db.select().from(tillReturnLines);
    expect(row!.gatewayItems).toEqual([
      { position: 2, value: 1, share: 32_000, amount: 32_000, price: 32_000 },
    ]);
    const refund = (await receiptRows(t)).find((r) => r.kind === 'sell_refund');
    expect(refund).toMatchObject({ provider: 'gateway', status: 'done', total: 32_000 });
  });
});
