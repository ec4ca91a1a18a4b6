import { expect } from 'vitest';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { paymentDrafts } from '#server/db/schema/payments';
import { eq } from 'drizzle-orm';
import { createDraft, processDraft } from './payments-kit';
import type { TestApp } from './test-app';
import { till } from './till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: no demo weekend campaign; point 1 earns 3%. */
export const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');

/** Bread (may take bonuses and earn) and cigarettes (tobacco: neither). */
export async function loadBakery(t: TestApp) {
  const updatedAt = new Date(MONDAY_NOON);
  await t.deps.db.insert(catalogueCategories).values([
    { id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt },
    { id: 'BAKERY', name: 'Пекарня', updatedAt },
  ]);
  await t.deps.db.insert(catalogueItems).values([
    { sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', vatRate: 'VAT10', updatedAt },
    { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', vatRate: 'VAT22', updatedAt },
  ]);
}

/** 500 ₽: three loaves at 100 ₽, cigarettes at 200 ₽. */
export const BAKERY_ITEMS = [
  { name: 'Хлеб', sku: 'BREAD', quantity: 3, price: 100, sum: 300 },
  { name: 'Сигареты', sku: 'CIG', quantity: 1, price: 200, sum: 200 },
];

/** The till registers the receipt; answers its id. */
export async function registerReceipt(t: TestApp, key: string, idempotencyKey: string): Promise<string> {
  const answer = await till(t, key, 'POST', '/api/till/payment-receipt', {
    idempotencyKey,
    sum: 500,
    items: BAKERY_ITEMS,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().receiptId as string;
}

/** The customer starts paying the receipt on the site by card; answers the draft's id and the bank's page. */
export async function startPaying(t: TestApp, phone: string, receiptId: string, spendBonus: boolean) {
  const draft = await createDraft(t, phone, { paySum: 500, spendBonus, payType: 'CARD', receiptId });
  const processed = (await processDraft(t, phone, draft.draftId)).json().data;
  expect(processed.formUrl).toBeTruthy();
  return { draftId: draft.draftId as string, formUrl: processed.formUrl as string };
}

export async function draftRow(t: TestApp, draftId: string) {
  const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
  return row!;
}

/** The till's return of a paid receipt's lines. */
export const returnPaid = (
  t: TestApp,
  key: string,
  receiptId: string,
  items: object[],
  idempotencyKey: string,
) => till(t, key, 'POST', `/api/till/payment-receipts/${receiptId}/return`, { items, idempotencyKey });
