// Helpers for the gift-card tests: the people and cards they use, an order bought and paid with the sandbox
// card, a company's details that pass every rule (inn, kpp, bic, accounts), and a real paid card.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { giftCardInvoices, giftCards } from '../db/schema/gift-cards';
import { isConsoleSmsProvider } from '../integrations/sms/console-provider';
import type { TestApp } from './test-app';
import { calendarDay } from '#common/lib/format';
import { readBrandSettings } from '../core/brand-settings';
import { callAs } from './cabinet-kit';
import { completeDraft, payOnSandbox, POINT, processDraft } from './payments-kit';

/** Today in the brand's zone by the app's clock: the date of a bank payment marking an invoice paid. */
export async function todayOfBrand(t: TestApp) {
  return calendarDay(t.deps.clock.now(), (await readBrandSettings(t.deps.db)).timeZone);
}

export const BUYER = '79005550101';
export const OTHER = '79005550102';
export const ALICE = '79005550201';
export const BOB = '79005550202';
export const CAROL = '79005550203';
export const GOOD_CARD = '4111 1111 1111 1111';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const HOUR = 60 * 60_000;

export const ORDER = {
  nominal: '1000',
  recipients: [{ phone: ALICE, name: 'Алиса' }],
  congratulation: 'С праздником!',
  imageId: 'gift-1.webp',
};

export async function setDiscount(t: TestApp, on: boolean, percent: number) {
  await t.deps.db.execute(
    sql`update brand_settings set settings = settings || jsonb_build_object('discount', ${on}::boolean, 'giftCardDiscountPercent', ${percent}::numeric)`,
  );
}

export const create = (t: TestApp, body: object, phone = BUYER) =>
  callAs(t, phone, 'POST', '/api/gc/create', body);

export async function createOrder(t: TestApp, body: object = {}, phone = BUYER) {
  const response = await create(t, { ...ORDER, ...body }, phone);
  if (response.statusCode !== 200) throw new Error(`create ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

export const giftDraft = (
  t: TestApp,
  orderId: string,
  paySumRoubles: number,
  body: object = {},
  phone = BUYER,
) =>
  callAs(t, phone, 'POST', '/api/loyalty/createDraft', {
    productType: 'GIFT_CARD',
    giftCardOrderId: orderId,
    paySum: paySumRoubles,
    payType: 'CARD',
    retailPointId: POINT,
    ...body,
  });

/** Orders and pays with the sandbox card; answers the order and the completed payment's result. */
export async function buyAndPay(t: TestApp, body: object = {}, card = GOOD_CARD) {
  const order = await createOrder(t, body);
  const draft = await giftDraft(t, order.orderId, order.bill.total);
  expect(draft.statusCode, draft.body).toBe(200);
  const processed = await processDraft(t, BUYER, draft.json().data.draftId, {
    returnUrl: 'http://localhost:3000/gc/result',
  });
  expect(processed.statusCode, processed.body).toBe(200);
  await payOnSandbox(t, processed.json().data.formUrl, card);
  const completed = await completeDraft(t, BUYER, draft.json().data.draftId);
  expect(completed.statusCode, completed.body).toBe(200);
  return { order, draftId: draft.json().data.draftId as string, result: completed.json().data };
}

export function outboxOf(t: TestApp, phone: string) {
  if (!isConsoleSmsProvider(t.deps.sms)) throw new Error('not the console SMS provider');
  return t.deps.sms.outbox(phone);
}

export const cardsOf = (t: TestApp) => t.deps.db.select().from(giftCards).orderBy(giftCards.position);

export const COMPANY = {
  companyName: 'ООО «Ромашка»',
  inn: '7701234567',
  kpp: '770101001',
  bic: '044525225',
  bankName: 'ПАО Сбербанк',
  payment: '40702810938000012345',
  corr: '30101810400000000225',
  phone: '79005550399',
  email: 'buh@romashka.example',
};

/**
 * One card of `nominal` roubles for `recipient`, bought by a company and marked paid by the operator (the
 * shortest way to a real card). The app needs `operatorToken` in its config.
 */
export async function paidGiftCard(
  t: TestApp,
  operatorToken: string,
  recipient: string,
  nominal = 1000,
  buyer = '79005550501',
): Promise<{ code: string; publicId: string }> {
  const invoice = await callAs(t, buyer, 'POST', '/api/gc/juridical', {
    ...COMPANY,
    balance: String(nominal),
    recipients: [{ phone: recipient, name: 'Анна' }],
    congratulation: 'С праздником!',
    imageId: 'gift-1.webp',
  });
  expect(invoice.statusCode, invoice.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/operator/gift-card-invoices/${invoice.json().data.number}/paid`,
    headers: { authorization: `Bearer ${operatorToken}` },
    payload: { paymentNumber: '1', paymentDate: await todayOfBrand(t) },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [invoiceRow] = await t.deps.db
    .select({ orderId: giftCardInvoices.orderId })
    .from(giftCardInvoices)
    .where(eq(giftCardInvoices.number, invoice.json().data.number));
  const [card] = await t.deps.db.select().from(giftCards).where(eq(giftCards.orderId, invoiceRow!.orderId));
  return { code: card!.code, publicId: card!.publicId };
}
