import { expect, type APIRequestContext } from '@playwright/test';
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
