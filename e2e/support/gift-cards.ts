import { expect, type APIRequestContext } from '@playwright/test';
import { freshPhone, lastCode } from './cabinet';
import { E2E } from './e2e-env';

/** A visitor buys one 1 000 ₽ card for `recipient` through the API and pays it on the sandbox card page. */
export async function buyGiftCardByCard(request: APIRequestContext, recipient: string): Promise<string> {
  const payer = await request.post('/api/loyalty/createUser', { data: {} });
  expect(payer.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await payer.json()) as { token: string }).token}` };
  const order = await request.post('/api/gc/create', {
    headers,
    data: {
      nominal: '1000',
      recipients: [{ phone: recipient, name: 'Мария' }],
      congratulation: 'С днём рождения!',
      imageId: 'gift-1.webp',
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { orderId, bill } = ((await order.json()) as { data: { orderId: string; bill: { total: number } } })
    .data;
  const draft = await request.post('/api/loyalty/createDraft', {
    headers,
    data: {
      productType: 'GIFT_CARD',
      giftCardOrderId: orderId,
      paySum: bill.total,
      payType: 'CARD',
      retailPointId: 1,
    },
  });
  const { draftId } = ((await draft.json()) as { data: { draftId: string } }).data;
  const processed = await request.post('/api/loyalty/processDraft', {
    headers,
    data: { draftId, returnUrl: `${E2E.mutableUrl}/gc/endpayment?d=${draftId}&o=${orderId}` },
  });
  const { formUrl } = ((await processed.json()) as { data: { formUrl: string } }).data;
  const paid = await request.post(new URL(formUrl).pathname, {
    form: { pan: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const done = await request.post('/api/loyalty/completeDraft', { headers, data: { draftId } });
  expect(((await done.json()) as { data: { status: number } }).data.status).toBe(0);
  const card = await request.post('/api/gc/getcard', { headers, data: { orderId } });
  return new URL(((await card.json()) as { cardUrl: string }).cardUrl).pathname;
}

/** A company's details as the invoice form sends them (a valid INN, KPP, BIC and accounts). */
export const COMPANY = {
  companyName: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  bic: '044525225',
  bankName: 'ПАО Сбербанк',
  payment: '40702810938000012345',
  corr: '30101810400000000225',
  phone: '79005550399',
  email: 'buh@romashka.example',
};

/** A company's purchase by invoice through the public API, as the site's form sends it; answers its number. */
export async function companyInvoice(
  request: APIRequestContext,
  phone: string,
  balance = '1000',
): Promise<number> {
  expect((await request.post('/api/auth/phone', { data: { phone } })).ok()).toBe(true);
  const token = await lastCode(request, phone);
  const pair = (await (await request.post('/api/auth/token', { data: { phone, token } })).json()) as {
    token: string;
  };
  const response = await request.post('/api/gc/juridical', {
    headers: { authorization: `Bearer ${pair.token}` },
    data: {
      ...COMPANY,
      balance,
      recipients: [{ phone: freshPhone(), name: 'Анна' }],
      congratulation: 'С праздником!',
      imageId: 'gift-1.webp',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { number: number } }).data.number;
}
