// What the tests of a till's receipt paid on the site share: an app with the bakery's goods and a till key, the
// receipt registered, paid by card and returned, and what the shop's register prints of it.
import { expect } from 'vitest';
import type { PaymentFiscal } from '#common/contract/till-register-receipt';
import { catalogueCategories, catalogueItems } from '#server/db/schema/catalogue';
import { paymentDrafts } from '#server/db/schema/payments';
import type { Acquirer } from '#server/integrations/acquirer/acquirer';
import type { FiscalProvider } from '#server/integrations/fiscal/fiscal-provider';
import { eq } from 'drizzle-orm';
import { fakeClock, type FakeClock } from './auth-kit';
import { GOOD_CARD } from './fiscal-kit';
import { completeDraft, createDraft, payOnSandbox, processDraft, setMaxSpendPercent } from './payments-kit';
import { createTestApp, type TestApp } from './test-app';
import { issueKey, OPERATOR_TOKEN, till } from './till-kit';

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

/**
 * What the register prints of the bakery's receipt paid with 100.02 ₽ of the balance in the gateway mode: the
 * balance's part of each line as «зачёт аванса»; the bank's receipt states the other 399.98 ₽ (decision 086).
 */
export const BAKERY_GATEWAY_FISCAL: PaymentFiscal = {
  mode: 'gateway',
  issuedBySite: 399.98,
  register: {
    kind: 'sell',
    paymentMethod: 4,
    lines: [
      { line: 1, name: 'Хлеб', quantity: 3, sum: 60.01 },
      { line: 2, name: 'Сигареты', quantity: 1, sum: 40.01 },
    ],
    electronic: 0,
    prepaid: 100.02,
    total: 100.02,
  },
};

export interface BakeryTill {
  t: TestApp;
  clock: FakeClock;
  key: string;
}

/**
 * The app at Monday noon with the bakery's goods, bonuses up to half a receipt and point 1's till key: where each
 * test of a receipt paid on the site starts. The test's own bank or cloud till, and its clock if they need it.
 */
export async function openBakeryTill(
  options: { clock?: FakeClock; acquirer?: Acquirer; fiscal?: FiscalProvider } = {},
): Promise<BakeryTill> {
  const clock = options.clock ?? fakeClock(MONDAY_NOON);
  const t = await createTestApp({ ...options, clock, config: { operatorToken: OPERATOR_TOKEN } });
  await loadBakery(t);
  await setMaxSpendPercent(t, 50);
  const { key } = await issueKey(t);
  return { t, clock, key };
}

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

/** The customer pays on the sandbox's card form (the built-in acquirer's bank page). */
export const payOnSandboxPage = (t: TestApp) => (formUrl: string) => payOnSandbox(t, formUrl, GOOD_CARD);

/**
 * The bakery's receipt registered at the till and paid on the site: by card on the bank's page (`payAtBank`), and
 * with bonuses if `spendBonus`. Answers the receipt's id and the payment's draft as stored.
 */
export async function payReceiptOnSite(
  t: TestApp,
  payment: {
    key: string;
    phone: string;
    idempotencyKey: string;
    payAtBank: (formUrl: string) => unknown;
    spendBonus?: boolean;
  },
) {
  const receiptId = await registerReceipt(t, payment.key, payment.idempotencyKey);
  const { draftId, formUrl } = await startPaying(t, payment.phone, receiptId, payment.spendBonus ?? false);
  await payment.payAtBank(formUrl);
  expect((await completeDraft(t, payment.phone, draftId)).json().data).toMatchObject({ state: 'completed' });
  return { receiptId, draft: await draftRow(t, draftId) };
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
