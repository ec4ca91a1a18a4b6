// The gateway mode (decision 080) end to end: the shop payment's bank order carries its receipt's cart to the
// fake RBS, which checks it as the bank does; no cloud-till receipt is queued; refunds carry the positions.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fiscalDocumentOf } from '#server/core/fiscal/fiscal-document';
import { RbsGatewayError } from '#server/integrations/acquirer/rbs-client';
import { fakeClock } from '#server/test/auth-kit';
import { FISCAL_OPERATOR, GATEWAY_MODE, putFiscal, receiptRows } from '#server/test/fiscal-kit';
import { completeDraft, createDraft, customerWithBonuses, processDraft } from '#server/test/payments-kit';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { createTestApp, type TestApp } from '#server/test/test-app';

const PHONE = '79005558001';
const orderIdOf = (formUrl: string) => new URL(formUrl).searchParams.get('mdOrder') ?? '';

describe('fiscal receipts by the gateway (decision 080)', () => {
  let fake: RbsFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    t = await createTestApp({
      clock: fakeClock(),
      acquirer: rbsAcquirerOf(fake),
      config: { operatorToken: FISCAL_OPERATOR },
    });
    await customerWithBonuses(t, PHONE, 1000);
  });
  afterEach(() => t.close());

  it('a shop payment with bonuses registers its cart; the fake takes it; the receipt is recorded as the gateway’s, none queued', async () => {
    expect((await putFiscal(t, GATEWAY_MODE)).statusCode).toBe(200);
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true, payType: 'CARD' });
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(processed.state).toBe('processing');
    const order = fake.orders.get(orderIdOf(processed.formUrl))!;
    expect(order.amount).toBe(25_000);
    expect(order.taxSystem).toBe('0');
    const bundle = JSON.parse(order.orderBundle!);
    expect(bundle.customerDetails).toEqual({ phone: `+${PHONE}` });
    expect(bundle.cartItems.items).toEqual([
      expect.objectContaining({
        positionId: 1,
        quantity: { value: 1, measure: 0 },
        itemAmount: 25_000,
        itemPrice: 25_000,
        tax: { taxType: 6 },
        itemAttributes: {
          attributes: [
            { name: 'paymentMethod', value: '4' },
            { name: 'paymentObject', value: '10' },
          ],
        },
      }),
    ]);
    fake.pay(order.orderId);
    const done = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(done.state).toBe('completed');
    expect(done).not.toHaveProperty('fiscalReceipt');
    const rows = await receiptRows(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'done', provider: 'gateway', total: 25_000, kind: 'sell' });
    expect(rows.filter((row) => row.status === 'queued' || row.status === 'sent')).toEqual([]);
  });

  it('outside the gateway mode the order has no cart', async () => {
    const draft = await createDraft(t, PHONE, { paySum: 300, payType: 'CARD' });
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(fake.orders.get(orderIdOf(processed.formUrl))!.orderBundle).toBeNull();
  });

  it('a cart that does not add up is refused by the gateway with its code; a refund carries its positions', async () => {
    const acquirer = rbsAcquirerOf(fake);
    const document = fiscalDocumentOf(
      'sell',
      {
        settlement: 'full',
        lines: [{ name: 'Кофе', quantityMilli: 3000, sum: 29_999, object: 'commodity', vat: 'VAT20' }],
        discount: 0,
        payments: { electronic: 29_999 },
        client: { email: 'buyer@example.ru' },
      },
      { ...GATEWAY_MODE, email: GATEWAY_MODE.sellerEmail },
    );
    const receipt = { document, ffdVersion: '1.2' as const };
    const base = {
      method: 'card' as const,
      description: 'Кофе',
      returnUrl: 'http://localhost/x',
      createBinding: false,
    };
    const refused = acquirer.registerOrder({ ...base, orderNumber: 'bad-cart-1', amount: 30_000, receipt });
    await expect(refused).rejects.toBeInstanceOf(RbsGatewayError);
    await expect(refused).rejects.toMatchObject({ gatewayCode: 4 });
    const { orderId } = await acquirer.registerOrder({
      ...base,
      orderNumber: 'cart-1',
      amount: 29_999,
      receipt,
    });
    fake.pay(orderId);
    const refund = { document: { ...document, kind: 'sell_refund' as const }, ffdVersion: '1.2' as const };
    expect((await acquirer.refund(orderId, 29_999, refund)).state).toBe('refunded');
    const items = JSON.parse(fake.orders.get(orderId)!.refunds[0]!.refundItems!).items;
    expect(items.map((item: { itemAmount: number }) => item.itemAmount)).toEqual([19_998, 10_001]);
  });
});
