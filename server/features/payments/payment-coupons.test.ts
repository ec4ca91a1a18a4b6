import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseExpiredCoupons } from '#server/core/coupons/holds';
import { catalogueCategories, catalogueItems, receiptLines } from '#server/db/schema/catalogue';
import { operations } from '#server/db/schema/cabinet';
import { couponUses, promoCodes } from '#server/db/schema/coupons';
import { paymentDrafts } from '#server/db/schema/payments';
import { releaseAllExpiredHolds } from '#server/hold-release-job';
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
import { webhookEvents } from '#server/db/schema/webhooks';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: no demo campaign runs; point 1 earns 3%. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');
const PHONE = '79006660071';
const OTHER = '79006660072';
const GOOD_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

const operator = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

async function newPromo(t: TestApp, input: object) {
  const response = await operator(t, 'POST', '/api/operator/promos', {
    title: 'Скидка 10%',
    kind: 'SHARED',
    effect: 'DISCOUNT_PERCENT',
    value: 10,
    ...input,
  });
  if (response.statusCode !== 200) throw new Error(`promo ${response.statusCode}: ${response.body}`);
  return response.json() as { id: string; code: string | null };
}

/** One one-use code of a new UNIQUE promo. */
async function oneUseCode(t: TestApp, input: object = {}) {
  const promo = await newPromo(t, { kind: 'UNIQUE', ...input });
  await operator(t, 'POST', `/api/operator/promos/${promo.id}/codes`, { count: 1 });
  const [row] = await t.deps.db.select().from(promoCodes).where(eq(promoCodes.promoId, promo.id));
  return row!.code;
}

const line = (name: string, sku: string, sum: number) => ({ name, sku, quantity: 1, price: sum, sum });

describe('a promo code on the shop payment page (decision 071)', () => {
  let t: TestApp;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = fakeClock(MONDAY_NOON);
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    await setMaxSpendPercent(t, 50);
    const updatedAt = new Date(MONDAY_NOON);
    await t.deps.db.insert(catalogueCategories).values([
      { id: 'TOB', name: 'Табак', legalGroup: 'TOBACCO', updatedAt },
      { id: 'BAKERY', name: 'Пекарня', updatedAt },
    ]);
    await t.deps.db.insert(catalogueItems).values([
      { sku: 'BREAD', name: 'Хлеб', categoryId: 'BAKERY', vatRate: 'VAT10', updatedAt },
      { sku: 'CIG', name: 'Сигареты', categoryId: 'TOB', vatRate: 'VAT22', updatedAt },
      { sku: 'MILK', name: 'Молоко', vatRate: 'VAT10', updatedAt },
    ]);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const draftCall = (phone: string, body: object) =>
    callAs(t, phone, 'POST', '/api/loyalty/createDraft', { retailPointId: POINT, ...body });
  const statusOf = async (code: string) =>
    (await t.deps.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.status;
  const usesOf = async (draftId: string) =>
    t.deps.db.select().from(couponUses).where(eq(couponUses.draftId, draftId));
  const counts = async () => ({
    drafts: (await t.deps.db.select({ n: count() }).from(paymentDrafts))[0]!.n,
    uses: (await t.deps.db.select({ n: count() }).from(couponUses))[0]!.n,
  });

  it('a whole-cheque discount lowers the sum to pay, is held with the draft, used when it is paid by card', async () => {
    await customerWithBonuses(t, PHONE, 0);
    // The chain's CRM listens for used codes (decision 073): the payment's use is an event like a till's.
    const endpoint = await operator(t, 'POST', '/api/operator/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      description: 'CRM',
      eventTypes: ['coupon.used'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const code = await oneUseCode(t);
    const draft = await createDraft(t, PHONE, {
      paySum: 1000,
      spendBonus: false,
      coupon: code.toLowerCase(),
    });
    // 10% of 1 000 ₽ off; the point's 3% earns on the 900 ₽ paid.
    expect(draft).toMatchObject({
      paySum: 1000,
      leftToPay: 900,
      accountChanges: [{ type: 'GLOBAL', spend: 0, earn: 27 }, { type: 'EXTRA' }],
      coupon: {
        code,
        title: 'Скидка 10%',
        effect: 'DISCOUNT_PERCENT',
        discount: 100,
        bonuses: 0,
        lines: null,
      },
    });
    expect(await statusOf(code)).toBe('held');
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(processed.leftToPay).toBe(900);
    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    const done = (await completeDraft(t, PHONE, draft.draftId)).json().data;
    expect(done).toMatchObject({ status: 0, earned: 27, leftToPay: 900, coupon: { discount: 100 } });
    expect(await statusOf(code)).toBe('used');
    const chequeUrl = new URL(done.chequeUrl as string);
    const cheque = await t.app.inject({ url: chequeUrl.pathname + chequeUrl.search });
    expect(cheque.body).toContain(`Скидка по промокоду ${code}`);
    expect(cheque.body).toContain('−100,00\u00a0₽');
    const [use] = await usesOf(draft.draftId);
    expect(use).toMatchObject({ state: 'used', discount: 10_000, bonuses: 0, visitId: null });
    const [paid] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draft.draftId));
    const [operation] = await t.deps.db
      .select()
      .from(operations)
      .where(eq(operations.id, paid!.operationId!));
    expect(operation!.amount).toBe(90_000);
    // The cabinet's history and the console's receipt name the code (issue 29, item 7).
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history[0].coupon).toEqual({ code, promo: 'Скидка 10%', discount: 100, bonuses: 0 });
    const receipt = await operator(t, 'GET', `/api/operator/receipts/${draft.draftId}`);
    expect(receipt.json().coupon, receipt.body).toEqual({
      code,
      promo: 'Скидка 10%',
      discount: 10_000,
      bonuses: 0,
    });
    const [event] = await t.deps.db.select().from(webhookEvents);
    expect(event).toMatchObject({
      type: 'coupon.used',
      payload: { tillOperationId: null, paymentDraftId: draft.draftId, codeId: use!.codeId },
    });
    // The reports count what was paid, the means adding up to it: the discount is no money taken.
    const report = (await operator(t, 'GET', '/api/operator/reports?from=2026-11-30&to=2026-11-30')).json();
    expect(report.totals.payments).toMatchObject({ count: 1, total: 90_000, bonuses: 0, card: 90_000 });
    // Used: the next payer is refused.
    await customerWithBonuses(t, OTHER, 0);
    const again = await draftCall(OTHER, { paySum: 1000, coupon: code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'COUPON_USED',
      message: 'Промокод уже использован или сейчас применён к другой покупке',
    });
  });

  it('extra bonuses raise «Начислим бонусов», with the code named among the rules; bonuses still pay within the limit', async () => {
    await customerWithBonuses(t, PHONE, 1000);
    await newPromo(t, { title: '+50 бонусов', effect: 'BONUS_FIXED', value: 50, code: 'ПЛЮС50' });
    const draft = await createDraft(t, PHONE, { paySum: 1000, spendBonus: true, coupon: 'плюс50' });
    // 500 ₽ in bonuses (50%), 3% of the 500 ₽ paid is 15, and the code's 50.
    expect(draft).toMatchObject({
      leftToPay: 500,
      accountChanges: [{ type: 'GLOBAL', spend: 500, earn: 65 }, { type: 'EXTRA' }],
      coupon: { code: 'ПЛЮС50', discount: 0, bonuses: 50 },
    });
    expect(draft.earnRules).toContainEqual(
      expect.objectContaining({ kind: 'COUPON', title: 'Промокод «+50 бонусов»' }),
    );
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    await completeDraft(t, PHONE, draft.draftId);
    expect(await bonusesOf(t, PHONE)).toBe(565);
    expect((await usesOf(draft.draftId))[0]).toMatchObject({ state: 'used', bonuses: 5000 });
  });

  it('a category’s discount on a till’s receipt: only its lines, never tobacco; the stored lines are net', async () => {
    await customerWithBonuses(t, PHONE, 0);
    const key = (await issueKey(t)).key;
    const registered = await till(t, key, 'POST', '/api/till/payment-receipt', {
      idempotencyKey: 'coupon-receipt-1',
      sum: 600,
      items: [line('Хлеб', 'BREAD', 200), line('Сигареты', 'CIG', 300), line('Молоко', 'MILK', 100)],
    });
    const { receiptId } = registered.json();
    await newPromo(t, { title: 'Пекарня −20%', value: 20, categoryId: 'BAKERY', code: 'ХЛЕБ20' });
    const draft = await createDraft(t, PHONE, {
      paySum: 600,
      spendBonus: false,
      receiptId,
      coupon: 'ХЛЕБ20',
    });
    expect(draft).toMatchObject({
      leftToPay: 560,
      coupon: {
        discount: 40,
        lines: [
          { line: 1, discount: 40 },
          { line: 2, discount: 0 },
          { line: 3, discount: 0 },
        ],
      },
    });
    expect(draft.lines.map((l: { sum: number }) => l.sum)).toEqual([160, 300, 100]);
    const processed = (await processDraft(t, PHONE, draft.draftId)).json().data;
    await payOnSandbox(t, processed.formUrl, GOOD_CARD);
    await completeDraft(t, PHONE, draft.draftId);
    const stored = await t.deps.db
      .select()
      .from(receiptLines)
      .where(eq(receiptLines.operationId, draft.draftId));
    expect(stored.map((row) => row.sum)).toEqual([16_000, 30_000, 10_000]);

    // A tobacco-only promo has nothing to take: refused.
    const cigarettes = await till(t, key, 'POST', '/api/till/payment-receipt', {
      idempotencyKey: 'coupon-receipt-2',
      sum: 300,
      items: [line('Сигареты', 'CIG', 300)],
    });
    const tobacco = await draftCall(PHONE, {
      paySum: 300,
      receiptId: cigarettes.json().receiptId,
      coupon: 'ХЛЕБ20',
    });
    expect(tobacco.statusCode).toBe(409);
    expect(tobacco.json().code).toBe('COUPON_NOT_APPLICABLE');
  });

  it('refusals are clear 4xx in Russian and write nothing: unknown, expired, not started, paused, over a limit, category without lines, at the till, gift cards, bad input', async () => {
    await customerWithBonuses(t, PHONE, 100);
    await newPromo(t, { code: 'СТАРЫЙ', startsOn: '2026-11-01', endsOn: '2026-11-29' });
    await newPromo(t, { code: 'ЗАВТРА', startsOn: '2026-12-01' });
    const paused = await newPromo(t, { code: 'ПАУЗА' });
    await operator(t, 'PUT', `/api/operator/promos/${paused.id}`, {
      title: 'Скидка 10%',
      startsOn: null,
      endsOn: null,
      perMemberLimit: null,
      totalLimit: null,
      paused: true,
    });
    await newPromo(t, { code: 'КАТЕГОРИЯ', categoryId: 'BAKERY' });
    const once = await newPromo(t, { code: 'РАЗ', perMemberLimit: 1 });
    const before = await counts();
    const cases: Array<[object, number, string, RegExp]> = [
      [{ coupon: 'НЕТТАКОГО' }, 400, 'COUPON_UNKNOWN', /Такого промокода нет/],
      [{ coupon: 'СТАРЫЙ' }, 409, 'COUPON_EXPIRED', /Срок действия промокода закончился/],
      [{ coupon: 'ЗАВТРА' }, 409, 'COUPON_EXPIRED', /ещё не действует/],
      [{ coupon: 'ПАУЗА' }, 409, 'COUPON_EXPIRED', /приостановлена/],
      [{ coupon: 'КАТЕГОРИЯ' }, 400, 'COUPON_NEEDS_LINES', /оплатите по QR-коду чека с товарами/],
      [{ coupon: 'РАЗ', payType: 'IN_RETAIL_POINT' }, 409, 'COUPON_NOT_APPLICABLE', /назовите его кассиру/],
      [{ coupon: 'AB' }, 400, 'VALIDATION', /Промокод/],
      [{ coupon: 'AB\uD800C' }, 400, 'VALIDATION', /./],
      [{ coupon: 'РАЗ', productType: 'GIFT_CARD' }, 409, 'COUPON_NOT_APPLICABLE', /подарочных карт/],
    ];
    for (const [body, status, code, message] of cases) {
      const answer = await draftCall(PHONE, { paySum: 500, ...body });
      expect([body, answer.statusCode]).toEqual([body, status]);
      expect(answer.json().code).toBe(code);
      expect(answer.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);

    // Per member: one use; a second draft of the same payer while the first holds it is refused.
    const first = await createDraft(t, PHONE, { paySum: 500, spendBonus: false, coupon: 'РАЗ' });
    const second = await draftCall(PHONE, { paySum: 700, coupon: 'РАЗ' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'COUPON_LIMIT',
      message: 'Вы уже использовали этот промокод столько раз, сколько можно',
    });
    // A recompute of a draft with a refused code leaves it as it was, its own code held.
    const recompute = await draftCall(PHONE, { paySum: 500, draftId: first.draftId, coupon: 'НЕТТАКОГО' });
    expect(recompute.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, first.draftId));
    expect(row).toMatchObject({ couponDiscount: 5000, leftToPay: 45_000 });
    expect((await usesOf(first.draftId)).map((u) => u.state)).toEqual(['held']);
    expect(once.id).toBeTruthy();
  });

  it('released when the code is taken off, when the card is declined, when the payment expires, and when an unpaid draft’s hold runs out', async () => {
    await customerWithBonuses(t, PHONE, 0);
    const code = await oneUseCode(t);
    // Taken off on the page: the recompute without it frees it.
    const draft = await createDraft(t, PHONE, { paySum: 1000, spendBonus: false, coupon: code });
    const off = await createDraft(t, PHONE, { paySum: 1000, spendBonus: false, draftId: draft.draftId });
    expect(off).toMatchObject({ leftToPay: 1000 });
    expect(off).not.toHaveProperty('coupon');
    expect(await statusOf(code)).toBe('free');

    // Declined at the bank: the draft fails and the code goes back.
    const declined = await createDraft(t, PHONE, { paySum: 1000, spendBonus: false, coupon: code });
    const sent = (await processDraft(t, PHONE, declined.draftId)).json().data;
    await payOnSandbox(t, sent.formUrl, DECLINED_CARD);
    expect((await completeDraft(t, PHONE, declined.draftId)).json().data.status).toBe(2);
    expect(await statusOf(code)).toBe('free');

    // Sent to pay and never paid: the hold-release job expires the draft, the code with it.
    const late = await createDraft(t, PHONE, { paySum: 1000, spendBonus: false, coupon: code });
    await processDraft(t, PHONE, late.draftId);
    expect(await statusOf(code)).toBe('held');
    // Not before the draft's own hold ends, even with the code's own time up (set in the tables: a clock moved
    // that far would end the login too).
    const due = new Date(clock.now().getTime() - 1000);
    await t.deps.db
      .update(couponUses)
      .set({ holdExpiresAt: due })
      .where(eq(couponUses.draftId, late.draftId));
    await releaseExpiredCoupons(t.deps.db, clock.now());
    expect(await statusOf(code)).toBe('held');
    await t.deps.db
      .update(paymentDrafts)
      .set({ holdExpiresAt: due })
      .where(eq(paymentDrafts.id, late.draftId));
    await releaseAllExpiredHolds(t.deps, () => {});
    const [expired] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, late.draftId));
    expect(expired!.state).toBe('expired');
    expect(await statusOf(code)).toBe('free');

    // Held by a draft never sent to pay: released after PAYMENT_HOLD_MINUTES; paying it then asks to apply it again.
    const idle = await createDraft(t, PHONE, { paySum: 1000, spendBonus: false, coupon: code });
    const [held] = await usesOf(idle.draftId);
    expect(held!.holdExpiresAt.getTime()).toBe(clock.now().getTime() + 20 * 60_000);
    await t.deps.db.update(couponUses).set({ holdExpiresAt: due }).where(eq(couponUses.id, held!.id));
    await releaseAllExpiredHolds(t.deps, () => {});
    expect(await statusOf(code)).toBe('free');
    const stale = await processDraft(t, PHONE, idle.draftId);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'COUPON_EXPIRED', message: /примените его ещё раз/ });
    const [still] = await t.deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, idle.draftId));
    expect(still!.state).toBe('created');
    // Applied again (the page's recompute), it pays.
    const again = await createDraft(t, PHONE, {
      paySum: 1000,
      spendBonus: false,
      draftId: idle.draftId,
      coupon: code,
    });
    expect(again.leftToPay).toBe(900);
    expect((await processDraft(t, PHONE, idle.draftId)).statusCode).toBe(200);
  });

  it('a repeated idempotency key answers the first draft with its code, holding nothing more', async () => {
    await customerWithBonuses(t, PHONE, 0);
    const code = await oneUseCode(t);
    const body = { paySum: 800, spendBonus: false, coupon: code, idempotencyKey: crypto.randomUUID() };
    const [first, second] = [await createDraft(t, PHONE, body), await createDraft(t, PHONE, body)];
    expect(second).toEqual(first);
    expect(first).toMatchObject({ leftToPay: 720, coupon: { discount: 80 } });
    expect(await usesOf(first.draftId)).toHaveLength(1);
    expect(await counts()).toMatchObject({ uses: 1 });
  });

  it('a 100% discount leaves nothing to pay: the payment completes at once and uses the code', async () => {
    await customerWithBonuses(t, PHONE, 0);
    const code = await oneUseCode(t, { title: 'Подарок', value: 100 });
    const draft = await createDraft(t, PHONE, { paySum: 300, coupon: code });
    expect(draft).toMatchObject({ leftToPay: 0, coupon: { discount: 300 } });
    const done = (await processDraft(t, PHONE, draft.draftId)).json().data;
    expect(done).toMatchObject({ status: 0, state: 'completed', leftToPay: 0 });
    expect(await statusOf(code)).toBe('used');
  });

  it('two payers and a till racing for one one-use code: exactly one holds it, the others get COUPON_USED', async () => {
    await customerWithBonuses(t, PHONE, 0);
    await customerWithBonuses(t, OTHER, 0);
    const key = (await issueKey(t)).key;
    const card = await cardholder(t, '79006660073', 0);
    const verified = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const { visitId } = verified.json() as { visitId: string };
    for (let round = 0; round < 3; round++) {
      const code = await oneUseCode(t, { title: `Гонка ${round}` });
      const answers = await Promise.all([
        draftCall(PHONE, { paySum: 1000, spendBonus: false, coupon: code }),
        draftCall(OTHER, { paySum: 1000, spendBonus: false, coupon: code }),
        till(t, key, 'POST', '/api/till/preview', { visitId, sum: 1000, coupon: code }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      for (const lost of answers.filter((a) => a.statusCode === 409)) {
        expect(lost.json().code).toBe('COUPON_USED');
      }
      const [row] = await t.deps.db.select().from(promoCodes).where(eq(promoCodes.code, code));
      const uses = await t.deps.db.select().from(couponUses).where(eq(couponUses.codeId, row!.id));
      expect([row!.status, uses.map((u) => u.state)]).toEqual(['held', ['held']]);
      // Let go before the next round (the payers' drafts are recomputed without it; the till's expires).
      for (const phone of [PHONE, OTHER]) {
        const draftId = answers[phone === PHONE ? 0 : 1]!.json().data?.draftId as string | undefined;
        if (draftId) await draftCall(phone, { paySum: 1000, spendBonus: false, draftId });
      }
    }
    // The losers wrote no draft: only the winners' drafts exist.
    const drafts = (await t.deps.db.select({ n: count() }).from(paymentDrafts))[0]!.n;
    expect(drafts).toBeLessThanOrEqual(3);
  });
});
