import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCardInvoices, giftCardOrders, giftCards } from '#server/db/schema/gift-cards';
import { auditLog } from '#server/db/schema/staff';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { POINT } from '#server/test/payments-kit';
import { COMPANY, todayOfBrand } from '#server/test/gift-cards-kit';

const BUYER = '79005550311';
const OPERATOR_TOKEN = 'invoice-cancel-operator-token-0123456789';

const INVOICE = {
  ...COMPANY,
  balance: '2000',
  recipients: [{ phone: '79005550411', name: 'Анна' }],
  congratulation: 'С праздником!',
  imageId: 'gift-1.webp',
};

const operator = async (t: TestApp, url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    // Marking paid names the bank payment (decision 053); a cancel takes no body.
    ...(url.endsWith('/paid') && { payload: { paymentNumber: '1', paymentDate: await todayOfBrand(t) } }),
  });

async function newInvoice(t: TestApp) {
  const response = await callAs(t, BUYER, 'POST', '/api/gc/juridical', INVOICE);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { number: number; orderId: string; bill: { total: string } };
}

describe('the operator cancels an unpaid gift-card invoice', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('cancels the invoice and its order once, audited; it can then be paid neither by the operator nor by card', async () => {
    const invoice = await newInvoice(t);
    const cancelled = await operator(t, `/api/operator/gift-card-invoices/${invoice.number}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ number: invoice.number, state: 'cancelled', paidAt: null });
    const again = await operator(t, `/api/operator/gift-card-invoices/${invoice.number}/cancel`);
    expect(again.json()).toEqual(cancelled.json());

    const [order] = await t.deps.db
      .select()
      .from(giftCardOrders)
      .where(eq(giftCardOrders.id, invoice.orderId));
    expect(order?.state).toBe('cancelled');
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.cancelled'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'invoice',
      entityId: String(invoice.number),
      actorKind: 'system',
      before: { state: 'issued' },
      after: { state: 'cancelled' },
    });

    const paid = await operator(t, `/api/operator/gift-card-invoices/${invoice.number}/paid`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('INVOICE_CANCELLED');
    const byCard = await callAs(t, BUYER, 'POST', '/api/loyalty/createDraft', {
      productType: 'GIFT_CARD',
      giftCardOrderId: invoice.orderId,
      paySum: invoice.bill.total,
      payType: 'CARD',
      retailPointId: POINT,
    });
    expect(byCard.statusCode).toBe(409);
    expect(await t.deps.db.select().from(giftCards)).toHaveLength(0);
    const [row] = await t.deps.db
      .select()
      .from(giftCardInvoices)
      .where(eq(giftCardInvoices.number, invoice.number));
    expect(row?.state).toBe('cancelled');
    expect(row?.cancelledAt).not.toBeNull();
  });

  it('refuses a paid invoice and changes nothing; an unknown number is 404', async () => {
    const invoice = await newInvoice(t);
    expect((await operator(t, `/api/operator/gift-card-invoices/${invoice.number}/paid`)).statusCode).toBe(
      200,
    );
    const refused = await operator(t, `/api/operator/gift-card-invoices/${invoice.number}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVOICE_PAID');
    const [order] = await t.deps.db
      .select()
      .from(giftCardOrders)
      .where(eq(giftCardOrders.id, invoice.orderId));
    expect(order?.state).toBe('paid');
    expect(await t.deps.db.select().from(giftCards)).toHaveLength(1);
    expect(
      await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.cancelled')),
    ).toHaveLength(0);

    expect((await operator(t, '/api/operator/gift-card-invoices/999/cancel')).statusCode).toBe(404);
    expect((await operator(t, '/api/operator/gift-card-invoices/abc/cancel')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/operator/gift-card-invoices/1001/cancel' }))
        .statusCode,
    ).toBe(401);
  });
});
