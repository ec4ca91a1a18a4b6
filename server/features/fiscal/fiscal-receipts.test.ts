import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brandSettingsWithin } from '#server/core/brand-settings';
import { queueFiscalReceipt } from '#server/core/fiscal/queue';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import type { FakeClock } from '#server/test/auth-kit';
import { asOperator, CLOUD, openFiscalApp, payByCard, putFiscal, receiptRows } from '#server/test/fiscal-kit';
import { completeDraft } from '#server/test/payments-kit';
import { webhookEvents } from '#server/db/schema/webhooks';
import type { TestApp } from '#server/test/test-app';
import { FISCAL_JOB, sendDueReceipts } from './send-receipts';

const PHONE = '79005557001';

describe('fiscal receipts (decision 070)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let fake: FakeAtol;
  beforeEach(async () => {
    ({ t, clock, fake } = await openFiscalApp(PHONE, 1000));
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  /** Runs the job as the interval would, the clock moving `stepMs` before each run, until nothing is due. */
  async function runJob(runs = 5, stepMs: number = FISCAL_JOB.maxDelayMs) {
    for (let i = 0; i < runs; i++) {
      await sendDueReceipts(t.deps);
      clock.advance(stepMs);
    }
  }

  it('a mode other than till needs every detail and an INN whose check digits hold', async () => {
    const badInn = await putFiscal(t, { ...CLOUD, inn: '7707083894' });
    expect(badInn.statusCode).toBe(400);
    expect(badInn.json().message).toContain('ИНН');
    const noEmail = await putFiscal(t, { ...CLOUD, sellerEmail: '' });
    expect(noEmail.statusCode).toBe(400);
    // The gateway mode needs the same details (decision 080); outside production the sandbox takes its cart.
    expect((await putFiscal(t, { ...CLOUD, mode: 'gateway', inn: '7707083894' })).statusCode).toBe(400);
    const stored = (await t.app.inject({ url: '/api/operator/settings', headers: asOperator })).json();
    expect(stored.fiscal.mode).toBe('till');
    expect((await putFiscal(t, { mode: 'till', inn: '' })).statusCode).toBe(200);
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    // The public header never carries them.
    expect((await t.app.inject({ url: '/api/header' })).json()).not.toHaveProperty('fiscal');
  });

  it('the till mode (the default) queues nothing', async () => {
    await payByCard(t, PHONE, 500);
    expect(await receiptRows(t)).toEqual([]);
  });

  it('a card payment with bonuses in the cloud mode: queued with the settlement, issued once, net of the bonuses', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    // The chain's systems hear of each receipt issued (decision 073).
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/operator/webhooks',
      headers: asOperator,
      payload: {
        url: 'http://127.0.0.1:9/hooks',
        description: 'Бухгалтерия',
        eventTypes: ['receipt.fiscalised'],
      },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const { draftId, leftToPay } = await payByCard(t, PHONE, 500, true);
    expect(leftToPay).toBe(25000); // half by bonuses
    const [queued] = await receiptRows(t);
    expect(queued).toMatchObject({
      externalId: `sell:${draftId}`,
      kind: 'sell',
      status: 'queued',
      total: 25000,
    });
    expect(queued!.document.items).toEqual([
      expect.objectContaining({
        sum: 25000,
        price: 25000,
        paymentMethod: { tag: 4, atol: 'full_payment' },
        paymentObject: 10,
      }),
    ]);
    await runJob(3, 15_000); // seconds apart: the payer's session is still good after
    const [done] = await receiptRows(t);
    expect(done).toMatchObject({
      status: 'done',
      fnNumber: '9999078900000001',
      provider: 'atol',
      lastError: null,
    });
    expect(done!.fiscalDocumentAttribute).toMatch(/^\d+$/);
    expect(done!.ofdReceiptUrl).toContain('fn=9999078900000001');
    expect(fake.receipts.size).toBe(1);
    const events = await t.deps.db.select().from(webhookEvents);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'receipt.fiscalised',
        payload: expect.objectContaining({
          receiptId: done!.id,
          sourceType: 'payment_draft',
          sourceId: draftId,
          total: 25000,
          fiscalSign: done!.fiscalDocumentAttribute,
        }),
      }),
    ]);
    // The payer's answer carries the receipt's link once it is issued.
    const answer = await completeDraft(t, PHONE, draftId);
    expect(answer.statusCode, answer.body).toBe(200);
    const again = answer.json().data;
    expect(again.fiscalReceipt).toEqual({
      status: 'done',
      ofdReceiptUrl: done!.ofdReceiptUrl,
      fnNumber: '9999078900000001',
      fiscalDocumentNumber: done!.fiscalDocumentNumber,
      fiscalDocumentAttribute: done!.fiscalDocumentAttribute,
    });
    // So does the cheque page the e-mailed cheque links to: ФН, ФД, ФП and the OFD's check page.
    const cheque = new URL(again.chequeUrl);
    const chequePage = await t.app.inject({ url: cheque.pathname + cheque.search });
    expect(chequePage.body).toContain(
      `ФН 9999078900000001, ФД ${done!.fiscalDocumentNumber}, ФП ${done!.fiscalDocumentAttribute}`,
    );
    expect(chequePage.body).toContain('data-testid="cheque-fiscal-link"');
    const sent = fake.receipts.get(`sell:${draftId}`)!.body;
    expect(sent.receipt).toMatchObject({
      total: 250,
      payments: [{ type: 1, sum: 250 }],
      company: {
        inn: CLOUD.inn,
        sno: 'osn',
        email: CLOUD.sellerEmail,
        payment_address: CLOUD.paymentAddress,
      },
      client: { phone: `+${PHONE}` },
    });
    expect(sent.timestamp).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/);
  });

  it('the same external id queues one row and the provider keeps one receipt', async () => {
    const settings = { ...(await brandSettingsWithin(t.deps.db, t.deps.cache)), fiscal: CLOUD };
    const sale = {
      settlement: 'full' as const,
      lines: [{ name: 'Кофе', quantityMilli: 1000, sum: 10000, object: 'commodity' as const, vat: null }],
      discount: 0,
      payments: { electronic: 10000 },
      client: { email: 'buyer@example.ru' },
    };
    const receipt = {
      kind: 'sell' as const,
      externalId: 'sell:twice',
      sourceType: 'refund' as const,
      sourceId: 'x',
      sale,
    };
    const first = await queueFiscalReceipt(t.deps.db, settings, clock.now(), receipt);
    const second = await queueFiscalReceipt(t.deps.db, settings, clock.now(), receipt);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await receiptRows(t)).toHaveLength(1);
    // A sale whose lines do not add up to the money neither blocks its settlement nor goes without a receipt.
    const broken = {
      ...receipt,
      externalId: 'sell:broken',
      sale: { ...sale, payments: { electronic: 9_999 } },
    };
    expect(await queueFiscalReceipt(t.deps.db, settings, clock.now(), broken)).not.toBeNull();
    const [row] = (await receiptRows(t)).filter((r) => r.externalId === 'sell:broken');
    expect(row!.document.items).toEqual([
      expect.objectContaining({ name: 'Оплата покупки', sum: 9_999, paymentObject: 10 }),
    ]);
    expect(row!.lastError).toContain('Строки не сошлись с суммой');
  });

  it('a receipt refused for good is failed with the provider’s reason; the operator retries it', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const { draftId } = await payByCard(t, PHONE, 200);
    fake.refuseWith = 'ККТ не зарегистрирована на этот ИНН';
    await runJob(2);
    const [failed] = await receiptRows(t);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.lastError).toContain('ККТ не зарегистрирована на этот ИНН');
    const list = await t.app.inject({
      url: '/api/operator/fiscal-receipts?status=failed',
      headers: asOperator,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().receipts).toEqual([
      expect.objectContaining({
        externalId: `sell:${draftId}`,
        status: 'failed',
        total: 20000,
        lastError: failed!.lastError,
      }),
    ]);
    fake.refuseWith = null;
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/operator/fiscal-receipts/${failed!.id}/retry`,
      headers: asOperator,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'queued' });
    await runJob(3);
    expect((await receiptRows(t))[0]).toMatchObject({ status: 'done' });
    // A done receipt is not retried.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/operator/fiscal-receipts/${failed!.id}/retry`,
      headers: asOperator,
    });
    expect(again.statusCode).toBe(409);
  });

  it('the cloud till down for 10 minutes in a storm of payments: every receipt issued once, totals equal the money', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    fake.down = true;
    const taken: number[] = [];
    for (let minute = 0; minute < 10; minute++) {
      for (let i = 0; i < 3; i++)
        taken.push((await payByCard(t, PHONE, 100 + minute * 10 + i, i === 0)).leftToPay);
      await sendDueReceipts(t.deps); // the job keeps running against the outage
      clock.advance(60_000);
    }
    expect(fake.receipts.size).toBe(0);
    const waiting = await receiptRows(t);
    expect(waiting.every((row) => row.status === 'queued' && row.lastError?.includes('503'))).toBe(true);
    fake.down = false;
    // Token renewals on the way back are the client's business: forget every token too.
    fake.expireTokens();
    await runJob(8);
    const rows = await receiptRows(t);
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.status === 'done')).toBe(true);
    expect(fake.receipts.size).toBe(30);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(rows.map((row) => row.total))).toBe(sum(taken));
    expect(sum([...fake.receipts.values()].map((r) => Math.round(r.body.receipt.total * 100)))).toBe(
      sum(taken),
    );
    const money = await t.deps.db.execute(
      sql`select coalesce(sum(left_to_pay), 0)::bigint as money from payment_drafts where state = 'completed'`,
    );
    expect(Number((money as unknown as { rows: Array<{ money: string }> }).rows[0]!.money)).toBe(sum(taken));
  });

  it('killed between the provider’s acceptance and recording it: the same external id again, still one receipt', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const { draftId } = await payByCard(t, PHONE, 400);
    const [queued] = await receiptRows(t);
    // The run that died: the provider accepted the document, nothing reached the database.
    const accepted = await t.deps.fiscal.send(queued!.externalId, queued!.document, clock.now());
    await t.deps.db
      .update(fiscalReceipts)
      .set({ claimedAt: clock.now(), attempts: 1 })
      .where(eq(fiscalReceipts.id, queued!.id));
    // After the restart the lease runs out and the next run sends the same external id.
    clock.advance(FISCAL_JOB.leaseMs + 1);
    await runJob(3);
    const [done] = await receiptRows(t);
    expect(done).toMatchObject({
      status: 'done',
      providerUuid: accepted.uuid,
      externalId: `sell:${draftId}`,
    });
    expect(fake.receipts.size).toBe(1);
  });
});
