import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { CLOUD, fakeAtolWithClient, FISCAL_OPERATOR, putFiscal } from '#server/test/fiscal-kit';
import { BUYER, buyAndPay } from '#server/test/gift-cards-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { sendDueReceipts } from './send-receipts';

/** `/gc/result`'s answer carries the order's 54-FZ receipt (decision 070): on its way, then issued. */
describe('a gift card bought on the site, with the cloud till', () => {
  let t: TestApp;
  let fake: FakeAtol;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    const atol = await fakeAtolWithClient(clock);
    fake = atol.fake;
    t = await createTestApp({ clock, fiscal: atol.provider, config: { operatorToken: FISCAL_OPERATOR } });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const view = async (orderId: string) => {
    const response = await callAs(t, BUYER, 'POST', '/api/gc/getcard', { orderId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows the receipt queued, then its ФН, ФД, ФП and OFD page once issued', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const { order } = await buyAndPay(t);
    expect((await view(order.orderId)).fiscalReceipt).toEqual({
      status: 'queued',
      ofdReceiptUrl: null,
      fnNumber: null,
      fiscalDocumentNumber: null,
      fiscalDocumentAttribute: null,
    });
    // Sent, then polled a few seconds later (decision 070), as the job's interval would.
    for (let run = 0; run < 3; run++) {
      await sendDueReceipts(t.deps);
      clock.advance(15_000);
    }
    const issued = (await view(order.orderId)).fiscalReceipt;
    expect(issued).toMatchObject({ status: 'done', fnNumber: '9999078900000001' });
    expect(issued.fiscalDocumentAttribute).toMatch(/^\d+$/);
    expect(issued.ofdReceiptUrl).toContain('fn=9999078900000001');
  });

  it('has no receipt where the shop’s till issues it (the default mode)', async () => {
    const { order } = await buyAndPay(t);
    expect(await view(order.orderId)).not.toHaveProperty('fiscalReceipt');
  });
});
