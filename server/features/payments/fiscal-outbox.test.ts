import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '#server/db/in-transaction';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import { paymentDrafts } from '#server/db/schema/payments';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import { fakeClock } from '#server/test/auth-kit';
import {
  asOperator,
  CLOUD,
  fakeAtolWithClient,
  FISCAL_OPERATOR,
  GOOD_CARD,
  putFiscal,
  receiptRows,
} from '#server/test/fiscal-kit';
import {
  completeDraft,
  createDraft,
  creditMoney,
  customerWithBonuses,
  payOnSandbox,
  processDraft,
} from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { completePaid } from './settle-draft';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { issueKey, till } from '#server/test/till-kit';
import { ALICE, BOB, buyAndPay } from '#server/test/gift-cards-kit';

const PHONE = '79005557002';
const PHONE_RICH = '79005557003';

/** Decision 070: a shop payment's receipt is queued in the transaction that settles it, or not at all. */
describe('the fiscal outbox and the settlement', () => {
  let t: TestApp;
  let fake: FakeAtol;
  beforeEach(async () => {
    const clock = fakeClock();
    const atol = await fakeAtolWithClient(clock);
    fake = atol.fake;
    t = await createTestApp({ clock, fiscal: atol.provider, config: { operatorToken: FISCAL_OPERATOR } });
    await customerWithBonuses(t, PHONE, 0);
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('a settlement that rolls back queues nothing; a declined card queues nothing', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const draft = await createDraft(t, PHONE, { paySum: 300, spendBonus: false, payType: 'CARD' });
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    await expect(
      inTransaction(t.deps.db, async (tx) => {
        expect(await completePaid(t.deps, tx, draft.draftId, 'processing')).not.toBeNull();
        expect(await tx.select().from(fiscalReceipts)).toHaveLength(1); // there inside the transaction
        throw new Error('the process dies before the commit');
      }),
    ).rejects.toThrow('dies');
    expect(await receiptRows(t)).toEqual([]);
    const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draft.draftId));
    expect(row!.state).toBe('processing');
    // Declined: nothing settles, nothing is queued.
    const declined = await createDraft(t, PHONE, { paySum: 100, spendBonus: false, payType: 'CARD' });
    const form = (await processDraft(t, PHONE, declined.draftId)).json().data.formUrl;
    await payOnSandbox(t, form, '4000 0000 0000 0002');
    expect(await receiptRows(t)).toEqual([]);
    // The first one's card was charged: it completes on the next look, with its receipt.
    await payOnSandbox(t, processed.formUrl, '4111 1111 1111 1111');
    await completeDraft(t, PHONE, draft.draftId);
    expect((await receiptRows(t)).map((r) => r.externalId)).toEqual([`sell:${draft.draftId}`]);
  });

  it('a gift card bought online in the cloud mode: an advance (1214 = 3, 1212 = 10) at 20/120; its SMS delivery a service', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const { draftId } = await buyAndPay(t, {
      nominal: '1000',
      recipients: [
        { phone: ALICE, name: 'Алиса' },
        { phone: BOB, name: 'Боб' },
      ],
    });
    const [row] = await receiptRows(t);
    expect(row).toMatchObject({ externalId: `sell:${draftId}`, sourceType: 'payment_draft', total: 200_400 });
    expect(row!.document.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        price: 100_000,
        sum: 200_000,
        paymentMethod: { tag: 3, atol: 'advance' },
        paymentObject: 10,
        vat: { type: 'vat120', tag: 3 },
      }),
      // The SMS delivery is a service rendered now: full settlement at the settlement rate.
      expect.objectContaining({
        sum: 400,
        paymentMethod: { tag: 4, atol: 'full_payment' },
        paymentObject: 4,
        vat: { type: 'vat20', tag: 1 },
      }),
    ]);
    expect(row!.document.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 200_400 }]);
  });

  it('a till receipt paid on the site: its goods (1212 = 1) net of the bonuses each took, at the catalogue’s VAT', async () => {
    const updatedAt = new Date();
    await t.deps.db
      .insert(catalogueCategories)
      .values([{ id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt }]);
    await t.deps.db.insert(catalogueItems).values([
      { sku: 'BREAD', name: 'Хлеб', vatRate: 'VAT10', updatedAt },
      { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', vatRate: 'VAT22', updatedAt },
    ]);
    await customerWithBonuses(t, PHONE_RICH, 1000);
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const key = (await issueKey(t)).key;
    const items = [
      { name: 'Хлеб', sku: 'BREAD', quantity: 2, price: 100, sum: 200 },
      { name: 'Сигареты', sku: 'CIG', quantity: 1, price: 300, sum: 300 },
    ];
    const registered = await till(t, key, 'POST', '/api/till/payment-receipt', {
      idempotencyKey: 'fiscal-r-1',
      sum: 500,
      items,
    });
    const { receiptId } = registered.json();
    const draft = await createDraft(t, PHONE_RICH, {
      paySum: 500,
      spendBonus: true,
      payType: 'CARD',
      receiptId,
    });
    expect(draft.leftToPay).toBe(400); // bread's half in bonuses, tobacco none
    const processed = (await processDraft(t, PHONE_RICH, draft.draftId)).json().data;
    await payOnSandbox(t, processed.formUrl, '4111 1111 1111 1111');
    await completeDraft(t, PHONE_RICH, draft.draftId);
    const [row] = await receiptRows(t);
    expect(row!.total).toBe(40_000);
    expect(
      row!.document.items.map((item) => [
        item.name,
        item.quantity,
        item.price,
        item.sum,
        item.paymentObject,
        item.vat.type,
      ]),
    ).toEqual([
      ['Хлеб', 2, 5000, 10_000, 1, 'vat10'],
      ['Сигареты', 1, 30_000, 30_000, 1, 'vat22'],
    ]);
  });

  it('paid wholly from the money-like balance: completed at once, its receipt paid by the advance offset (type 2)', async () => {
    const userId = await customerWithBonuses(t, PHONE_RICH, 0);
    await creditMoney(t, userId, 500);
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const draft = await createDraft(t, PHONE_RICH, { paySum: 300, spendBonus: false, payType: 'CARD' });
    expect(draft.leftToPay).toBe(0);
    const done = (await processDraft(t, PHONE_RICH, draft.draftId)).json().data;
    expect(done).toMatchObject({ state: 'completed', spentExtra: 300 });
    const [row] = await receiptRows(t);
    expect(row).toMatchObject({ externalId: `sell:${draft.draftId}`, total: 30_000 });
    expect(row!.document.payments).toEqual([{ type: 'prepaid', atolType: 2, sum: 30_000 }]);
    expect(done.fiscalReceipt).toMatchObject({ status: 'queued', ofdReceiptUrl: null });
  });

  it('a promo code’s discount is off the receipt’s line: the receipt is the money taken (decision 071)', async () => {
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
    const promo = await t.app.inject({
      method: 'POST',
      url: '/api/operator/promos',
      headers: asOperator,
      payload: { title: 'Лето', kind: 'SHARED', code: 'ЛЕТО', effect: 'DISCOUNT_PERCENT', value: 10 },
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const draft = await createDraft(t, PHONE, {
      paySum: 1000,
      spendBonus: false,
      payType: 'CARD',
      coupon: 'ЛЕТО',
    });
    expect(draft.leftToPay).toBe(900);
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    expect((await completeDraft(t, PHONE, draft.draftId)).json().data.state).toBe('completed');
    const [row] = await receiptRows(t);
    expect(row).toMatchObject({ total: 90_000, lastError: null });
    expect(row!.document.items).toEqual([
      expect.objectContaining({ price: 90_000, quantity: 1, sum: 90_000 }),
    ]);
    expect(row!.document.payments).toEqual([{ type: 'electronic', atolType: 1, sum: 90_000 }]);
  });
});
