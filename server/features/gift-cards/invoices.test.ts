import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCardDeliveries, giftCardInvoices, giftCards } from '#server/db/schema/gift-cards';
import { isConsoleMailProvider } from '#server/integrations/mail/console-provider';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, login, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { POINT } from '#server/test/payments-kit';
import { deliverDueGiftCards } from './delivery';
import { COMPANY } from '#server/test/gift-cards-kit';
import { INVOICE_LIMITS } from './invoices';
import { calendarDay } from '#common/lib/format';

const BUYER = '79005550301';
const OTHER = '79005550302';
const OPERATOR_TOKEN = 'invoice-operator-token-0123456789';

const INVOICE = {
  ...COMPANY,
  balance: '3000',
  recipients: [
    { phone: '79005550401', name: 'Анна' },
    { phone: '79005550402', name: 'Борис' },
  ],
  congratulation: 'С Новым годом от коллег!',
  imageId: 'gift-2.webp',
};

const juridical = (t: TestApp, body: object, phone = BUYER) =>
  callAs(t, phone, 'POST', '/api/gc/juridical', body);
const operator = (t: TestApp, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
const markPaidNumber = (t: TestApp, number: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operator/gift-card-invoices/${number}/paid`,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    payload: { paymentNumber: '1', paymentDate: '2030-01-01' },
  });

function mailTo(t: TestApp, to: string) {
  if (!isConsoleMailProvider(t.deps.mail)) throw new Error('not the console mail provider');
  return t.deps.mail.outbox(to);
}

describe('gift cards bought by a company against an invoice', () => {
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

  it('prices the order like any other, numbers the invoice and e-mails its PDF link once', async () => {
    const idempotencyKey = '3f1c2a9e-5b7d-4e21-9a0c-1d2e3f4a5b6c';
    const response = await juridical(t, { ...INVOICE, idempotencyKey });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json().data;
    expect(invoice).toMatchObject({
      number: 1001,
      state: 'issued',
      quantity: 2,
      company: COMPANY,
      bill: { nominal: 3000, quantity: 2, nominalSum: 6000, discount: 0, deliverySum: 4, total: 6004 },
    });
    expect(invoice.pdfUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/gc\/invoice\/[0-9a-f-]{36}\/pdf\?k=[\w-]{22}$/,
    );

    const again = await juridical(t, { ...INVOICE, idempotencyKey });
    expect(again.json().data).toEqual(invoice);
    const mail = await mailTo(t, COMPANY.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Счёт № 1001 на подарочные карты «Берёзка»');
    expect(mail[0]!.text).toContain(invoice.pdfUrl);
    expect(mail[0]!.text).toContain('К оплате: 6\u00a0004\u00a0₽.');

    const own = await callAs(t, BUYER, 'GET', `/api/gc/invoice/${invoice.invoiceId}`);
    expect(own.json().data).toEqual(invoice);
    const foreign = await callAs(t, OTHER, 'GET', `/api/gc/invoice/${invoice.invoiceId}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('serves the PDF only with the link key', async () => {
    const invoice = (await juridical(t, INVOICE)).json().data;
    const url = new URL(invoice.pdfUrl);
    const pdf = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="invoice-1001.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(5_000);
    for (const bad of [`${url.pathname}?k=${'A'.repeat(22)}`, url.pathname, '/api/gc/invoice/nope/pdf?k=x']) {
      const refused = await t.app.inject({ method: 'GET', url: bad });
      expect(refused.statusCode, bad).toBe(404);
    }
  });

  it.each([
    ['inn', '12345678', 'Введены не все символы'],
    ['inn', '1234567890123', 'Слишком много символов'],
    ['kpp', '77010100A', 'Только цифры'],
    ['bic', '04452522', 'Введены не все символы'],
    ['payment', '4070281093800001234', 'Введены не все символы'],
    ['corr', '301018104000000002250', 'Слишком много символов'],
    ['email', 'buh@romashka', 'Неверный формат почты'],
    ['companyName', ' ', 'Обязательное поле'],
    ['balance', '12a', 'Только цифры'],
  ])('refuses %s %j with "%s" and stores nothing', async (field, value, message) => {
    const response = await juridical(t, { ...INVOICE, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await t.deps.db.select().from(giftCardInvoices)).toHaveLength(0);
  });

  it('limits how many invoices one payer asks for in an hour', async () => {
    for (let i = 0; i < INVOICE_LIMITS.perUser; i++) {
      expect((await juridical(t, INVOICE)).statusCode).toBe(200);
    }
    const refused = await juridical(t, INVOICE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Слишком много счетов подряд. Попробуйте позже.');
    expect(await t.deps.db.select().from(giftCardInvoices)).toHaveLength(INVOICE_LIMITS.perUser);
    // An hour later the same payer (a fresh session: the old access token has expired) may again.
    clock.advance(INVOICE_LIMITS.windowMs + 1000);
    const { token } = await login(t, BUYER, '10.88.0.1');
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/gc/juridical',
      payload: INVOICE,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('is refused while the brand names no seller for invoices', async () => {
    await t.deps.db.execute(sql`update brand_settings set settings = settings - 'invoiceSeller'`);
    const response = await juridical(t, INVOICE);
    expect(response.statusCode).toBe(409);
    expect(await t.deps.db.select().from(giftCardInvoices)).toHaveLength(0);
  });

  it('cannot also be paid by card; the operator marking it paid issues the cards once, and they go out', async () => {
    const invoice = (await juridical(t, INVOICE)).json().data;
    const byCard = await callAs(t, BUYER, 'POST', '/api/loyalty/createDraft', {
      productType: 'GIFT_CARD',
      giftCardOrderId: invoice.orderId,
      paySum: invoice.bill.total,
      payType: 'CARD',
      retailPointId: POINT,
    });
    expect(byCard.statusCode).toBe(409);
    expect(byCard.json().message).toBe('Этот заказ оплачивается по счёту');
    expect(await t.deps.db.select().from(giftCards)).toHaveLength(0);

    const listed = await operator(t, 'GET', '/api/operator/gift-card-invoices');
    expect(listed.json()).toEqual([
      expect.objectContaining({ number: 1001, state: 'issued', total: 6004, quantity: 2, inn: COMPANY.inn }),
    ]);
    const unauthorised = await t.app.inject({
      method: 'POST',
      url: '/api/operator/gift-card-invoices/1001/paid',
    });
    expect(unauthorised.statusCode).toBe(401);
    expect(await t.deps.db.select().from(giftCards)).toHaveLength(0);

    // Decision 053: the bank payment's number and date are required, checked, and kept with the invoice.
    const markPaid = (body?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/operator/gift-card-invoices/1001/paid',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        ...(body && { payload: body }),
      });
    const today = calendarDay(clock.now(), 'Europe/Moscow');
    for (const bad of [
      undefined,
      {},
      { paymentNumber: '512' },
      { paymentNumber: '', paymentDate: today },
      { paymentNumber: '512', paymentDate: '2026-02-30' },
      { paymentNumber: '512', paymentDate: '2999-01-01' },
      { paymentNumber: '512', paymentDate: '2001-01-01' },
    ]) {
      const refused = await markPaid(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().code).toMatch(/^(VALIDATION|BAD_REQUEST)$/);
    }
    expect(await t.deps.db.select().from(giftCards)).toHaveLength(0);
    const paid = await markPaid({ paymentNumber: ' 512 ', paymentDate: today });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      number: 1001,
      state: 'paid',
      paymentNumber: '512',
      paymentDate: today,
    });
    const again = await markPaid({ paymentNumber: '999', paymentDate: today });
    expect(again.json()).toEqual(paid.json());
    const audit = await t.app.inject({
      url: '/api/admin/audit?action=invoice.paid',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(audit.json().items).toMatchObject([
      { entityId: '1001', after: { state: 'paid', paymentNumber: '512', paymentDate: today } },
    ]);
    const cards = await t.deps.db.select().from(giftCards);
    expect(cards.map((c) => [c.phone, c.nominal])).toEqual([
      ['79005550401', 300_000],
      ['79005550402', 300_000],
    ]);
    expect(await t.deps.db.select().from(giftCardDeliveries)).toHaveLength(2);
    expect(await deliverDueGiftCards(t.deps)).toBe(2);
    expect((await markPaidNumber(t, 999)).statusCode).toBe(404);
  });
});
