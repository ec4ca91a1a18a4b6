import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueCategories, catalogueItems, receiptLines } from '#server/db/schema/catalogue';
import { paymentDrafts, paymentReceipts } from '#server/db/schema/payments';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import {
  bonusesOf,
  completeDraft,
  createDraft,
  customerWithBonuses,
  payOnSandbox,
  POINT,
  processDraft,
  setMaxSpendPercent,
} from '#server/test/payments-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { issueKey, OPERATOR_TOKEN, OTHER_POINT, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: no demo weekend campaign; point 1 earns 3%. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660069';
const OTHER_PHONE = '79006660070';
const GOOD_CARD = '4111 1111 1111 1111';

async function loadCatalogue(t: TestApp) {
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

const line = (name: string, sku: string, sum: number) => ({ name, sku, quantity: 1, price: sum, sum });
/** 500 ₽: bread 200 ₽ (may take bonuses and earn), cigarettes 300 ₽ (tobacco: neither). */
const ITEMS = [line('Хлеб', 'BREAD', 200), line('Сигареты', 'CIG', 300)];

describe('a shop payment of a till’s receipt (decision 069)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;

  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await loadCatalogue(t);
    await setMaxSpendPercent(t, 50);
    key = (await issueKey(t)).key;
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const register = (body: object, tillKey = key) =>
    till(t, tillKey, 'POST', '/api/till/payment-receipt', {
      idempotencyKey: 'pay-receipt-0001',
      sum: 500,
      items: ITEMS,
      ...body,
    });
  const receipt = async (body: object = {}) => {
    const answer = await register(body);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { receiptId: string; paymentUrl: string; expiresAt: string; sum: number };
  };
  const draftCall = (phone: string, body: object) =>
    callAs(t, phone, 'POST', '/api/loyalty/createDraft', { retailPointId: POINT, ...body });
  const draftsCount = async () => (await t.deps.db.select({ n: count() }).from(paymentDrafts))[0]!.n;

  it('the till registers a receipt: its id, the QR address with the point, the sum and the receipt, 30 minutes; idempotent by the key', async () => {
    const first = await receipt();
    expect(first.sum).toBe(500);
    const url = new URL(first.paymentUrl);
    expect(url.pathname).toBe('/loyalty');
    expect(Object.fromEntries(url.searchParams)).toEqual({ p: String(POINT), s: '500', r: first.receiptId });
    expect(Date.parse(first.expiresAt)).toBe(MONDAY_NOON + 30 * 60_000);
    expect(await receipt()).toEqual(first);
    const reused = await register({ sum: 200, items: [ITEMS[0]] });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const uneven = await register({ idempotencyKey: 'pay-receipt-0002', sum: 499 });
    expect(uneven.statusCode).toBe(400);
    const noLines = await register({ idempotencyKey: 'pay-receipt-0003', items: undefined });
    expect(noLines.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/till/payment-receipt',
      payload: { idempotencyKey: 'pay-receipt-0004', sum: 500, items: ITEMS },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.deps.db.select({ n: count() }).from(paymentReceipts))[0]!.n).toBe(1);
  });

  it('the limit is the lines’: tobacco takes no bonuses and earns nothing; the lines are stored at completion, their shares adding up', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const { receiptId } = await receipt();
    const sumOnly = await createDraft(t, PHONE, { paySum: 500, spendBonus: true, payType: 'CARD' });
    expect(sumOnly.accountChanges[0]).toMatchObject({ spend: 250 });
    expect(sumOnly).not.toHaveProperty('lines');

    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true, payType: 'CARD', receiptId });
    // Bread's 50% is 100 ₽; cigarettes take none. Bread earns 3% of the 100 ₽ paid in money.
    expect(draft).toMatchObject({
      leftToPay: 400,
      accountChanges: [{ type: 'GLOBAL', spend: 100, earn: 3 }, { type: 'EXTRA' }],
    });
    expect(draft.lines).toEqual([
      expect.objectContaining({ name: 'Хлеб', sum: 200, maxBonuses: 100, bonuses: 100, earned: 3, net: 100 }),
      expect.objectContaining({
        name: 'Сигареты',
        sum: 300,
        maxBonuses: 0,
        bonuses: 0,
        earned: 0,
        net: 300,
        legalGroup: 'TOBACCO',
      }),
    ]);
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(processed.lines).toHaveLength(2);
    expect((await t.deps.db.select({ n: count() }).from(receiptLines))[0]!.n).toBe(0);
    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    const done = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(done).toMatchObject({ status: 0, state: 'completed', spent: 100, earned: 3, leftToPay: 400 });
    expect(done.lines.map((l: { bonuses: number }) => l.bonuses)).toEqual([100, 0]);
    expect(await bonusesOf(t, PHONE)).toBe(903);
    // The cheque page lists them too.
    const cheque = await t.app.inject({
      url: new URL(done.chequeUrl).pathname + new URL(done.chequeUrl).search,
    });
    expect(cheque.statusCode).toBe(200);
    expect(cheque.body).toMatch(
      /data-testid="cheque-lines"><li><span>Хлеб<\/span><span>200,00\u00a0₽<small>−100\u00a0бонусов, \+3\u00a0бонуса/,
    );
    expect(cheque.body).toContain('Сигареты</span><span>300,00\u00a0₽<small>без бонусов');

    const stored = await t.deps.db
      .select()
      .from(receiptLines)
      .where(eq(receiptLines.operationId, draft.draftId));
    expect(
      stored.map((row) => [row.source, row.sku, row.legalGroup, row.maxSpend, row.spend, row.earn]),
    ).toEqual([
      ['payment', 'BREAD', null, 10_000, 10_000, 300],
      ['payment', 'CIG', 'TOBACCO', 0, 0, 0],
    ]);
    const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draft.draftId));
    expect(stored.reduce((total, l) => total + l.spend, 0)).toBe(row!.spend);
    expect(stored.reduce((total, l) => total + l.earn, 0)).toBe(row!.earn);

    // The cabinet's history and the data export list the purchase's lines, as a till's.
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    const purchase = history.find((op: { id: string }) => op.id === row!.operationId);
    expect(purchase.lines).toEqual([
      { name: 'Хлеб', quantity: 1, sum: 200, spent: 100, earned: 3 },
      { name: 'Сигареты', quantity: 1, sum: 300, spent: 0, earned: 0 },
    ]);
    const exported = (await callAs(t, PHONE, 'GET', '/api/user/export')).json();
    const inExport = exported.data.operations.find((op: { id: string }) => op.id === row!.operationId);
    expect(inExport.lines).toEqual(purchase.lines);

    // The console's «Чеки» lists the payment by the till's receipt number, and shows its lines.
    const operator = (url: string) =>
      t.app.inject({ url, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    const listed = (await operator('/api/operator/receipts?receipt=pay-receipt-0001')).json().receipts;
    expect(listed).toEqual([
      expect.objectContaining({
        id: draft.draftId,
        receipt: 'pay-receipt-0001',
        kind: 'site',
        state: 'completed',
        sum: 50_000,
        spent: 10_000,
        earned: 300,
        lines: 2,
      }),
    ]);
    const shown = (await operator(`/api/operator/receipts/${draft.draftId}`)).json();
    expect(shown.lines.map((l: { name: string; spent: number }) => [l.name, l.spent])).toEqual([
      ['Хлеб', 10_000],
      ['Сигареты', 0],
    ]);
  });

  it('a receipt of another point or another sum, an unknown one, or lines sent by the client: refused, nothing written', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const { receiptId } = await receipt();
    const otherKey = (await issueKey(t, OTHER_POINT, 'Касса 2')).key;
    const other = (await register({ idempotencyKey: 'pay-receipt-0009' }, otherKey)).json().receiptId;
    const before = await draftsCount();

    const wrongSum = await draftCall(PHONE, { paySum: 400, receiptId });
    expect(wrongSum.statusCode).toBe(409);
    expect(wrongSum.json()).toMatchObject({ code: 'RECEIPT_MISMATCH' });
    expect(wrongSum.json().message).toMatch(/Сумма чека/);
    const wrongPoint = await draftCall(PHONE, { paySum: 500, receiptId: other });
    expect(wrongPoint.statusCode).toBe(409);
    expect(wrongPoint.json()).toMatchObject({ code: 'RECEIPT_MISMATCH' });
    const unknown = await draftCall(PHONE, {
      paySum: 500,
      receiptId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await draftCall(PHONE, { paySum: 500, receiptId: 'abc' });
    expect(notUuid.statusCode).toBe(400);
    const clientLines = await draftCall(PHONE, { paySum: 500, receiptId, items: ITEMS });
    expect(clientLines.statusCode).toBe(400);
    expect(await draftsCount()).toBe(before);

    // A recompute of an existing draft with a wrong receipt changes nothing either.
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true, receiptId });
    const recompute = await draftCall(PHONE, { paySum: 500, draftId: draft.draftId, receiptId: other });
    expect(recompute.statusCode).toBe(409);
    const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draft.draftId));
    expect(row).toMatchObject({ receiptId, spend: 10_000 });
  });

  it('an expired receipt is refused, at the draft and at the payment', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const { receiptId } = await receipt();
    const draft = await createDraft(t, PHONE, { paySum: 500, spendBonus: true, receiptId });
    // Its 30 minutes are up (set in the table: the fake clock moved that far would end the login too).
    await t.deps.db
      .update(paymentReceipts)
      .set({ expiresAt: clock.now() })
      .where(eq(paymentReceipts.id, receiptId));
    const late = await draftCall(PHONE, { paySum: 500, receiptId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RECEIPT_EXPIRED' });
    const processed = await processDraft(t, PHONE, draft.draftId);
    expect(processed.statusCode).toBe(409);
    expect(processed.json()).toMatchObject({ code: 'RECEIPT_EXPIRED' });
    const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draft.draftId));
    expect(row!.state).toBe('created');
    expect(await bonusesOf(t, PHONE)).toBe(1000);
  });

  it('a receipt is paid once: a second draft is refused, and one made before the first paid cannot pay', async () => {
    await setMaxSpendPercent(t, 100);
    await customerWithBonuses(t, PHONE, 1000);
    await customerWithBonuses(t, OTHER_PHONE, 1000);
    // Only bread: bonuses pay it all, so the payment completes at once.
    const { receiptId } = await receipt({ sum: 200, items: [ITEMS[0]] });
    const first = await createDraft(t, PHONE, { paySum: 200, spendBonus: true, receiptId });
    const early = await createDraft(t, OTHER_PHONE, { paySum: 200, spendBonus: true, receiptId });
    const paid = (await processDraft(t, PHONE, first.draftId)).json().data;
    expect(paid).toMatchObject({ state: 'completed', spent: 200 });
    expect(await bonusesOf(t, PHONE)).toBe(800);

    const again = await draftCall(OTHER_PHONE, { paySum: 200, receiptId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RECEIPT_PAID' });
    const second = await processDraft(t, OTHER_PHONE, early.draftId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'RECEIPT_PAID' });
    expect(await bonusesOf(t, OTHER_PHONE)).toBe(1000);
    const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, early.draftId));
    expect(row!.state).toBe('created');
    expect((await t.deps.db.select({ n: count() }).from(receiptLines))[0]!.n).toBe(1);
  });

  it('two phones paying one receipt at once: exactly one pays, the other holds nothing', async () => {
    await setMaxSpendPercent(t, 100);
    await customerWithBonuses(t, PHONE, 1000);
    await customerWithBonuses(t, OTHER_PHONE, 1000);
    const { receiptId } = await receipt({ sum: 200, items: [ITEMS[0]] });
    const one = await createDraft(t, PHONE, { paySum: 200, spendBonus: true, receiptId });
    const two = await createDraft(t, OTHER_PHONE, { paySum: 200, spendBonus: true, receiptId });
    const answers = await Promise.all([
      processDraft(t, PHONE, one.draftId),
      processDraft(t, OTHER_PHONE, two.draftId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await bonusesOf(t, PHONE)) + (await bonusesOf(t, OTHER_PHONE))).toBe(1800);
    const states = await t.deps.db
      .select({ state: paymentDrafts.state })
      .from(paymentDrafts)
      .where(eq(paymentDrafts.receiptId, receiptId));
    expect(states.map((row) => row.state).sort()).toEqual(['completed', 'created']);
  });

  it('paid at the till: the lines’ limit holds (nothing spent), the till earns', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    const { receiptId } = await receipt();
    const draft = await createDraft(t, PHONE, {
      paySum: 500,
      spendBonus: true,
      payType: 'IN_RETAIL_POINT',
      receiptId,
    });
    expect(draft).toMatchObject({ leftToPay: 500, accountChanges: [{ spend: 0, earn: 0 }, { spend: 0 }] });
    expect(draft.lines.map((l: { bonuses: number; earned: number }) => [l.bonuses, l.earned])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
