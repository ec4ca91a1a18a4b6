// The saved bank card paying a cheque's rest at the till, on the sandbox acquirer (docs/decisions/022).
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promoCodes } from '#server/db/schema/coupons';
import { sandboxOrders } from '#server/db/schema/payments';
import { tillOperations } from '#server/db/schema/till';
import { sandboxWalletToken } from '#server/integrations/acquirer/sandbox-acquirer';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { balancesOf } from '#server/core/ledger';
import { setMaxSpendPercent } from '#server/test/payments-kit';
import { releaseExpiredTillHolds } from './expire-holds';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const PHONE = '79006660101';

describe('the till paying with the saved card (sandbox)', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;

  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t)).key;
    card = await cardholder(t, PHONE, 1000);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  /** Saves a card at the sandbox gateway the way a wallet binding does; '0002' is one its bank declines. */
  const saveCard = async (last4 = '1111') => {
    const saved = await t.deps.acquirer.bindings!.bindWalletToken!({
      clientId: card.userId,
      wallet: 'google',
      token: sandboxWalletToken(last4),
    });
    return saved!.bindingId;
  };
  const openVisit = async () => {
    const response = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { visitId: string; bindingActive: boolean; savedCard: string | null };
  };
  const payByCard = (visitId: string, body: object, withKey = key) =>
    till(t, withKey, 'POST', '/api/till/card-payment', { visitId, ...body });
  const act = (operationId: string, action: 'confirm' | 'cancel' | 'refund') =>
    till(t, key, 'POST', `/api/till/operations/${operationId}/${action}`);
  const bonuses = async () => (await balancesOf(t.deps.db, card.userId)).bonus;
  const orders = () => t.deps.db.select().from(sandboxOrders);
  const countOf = async (table: typeof tillOperations) =>
    (await t.deps.db.select({ n: count() }).from(table))[0]!.n;

  it('the member code says whether a saved card can pay, and which', async () => {
    expect(await openVisit()).toMatchObject({ bindingActive: false, savedCard: null });
    const bindingId = await saveCard('4242');
    clock.advance(120_000); // the next member code
    expect(await openVisit()).toMatchObject({ bindingActive: true, savedCard: '•••• 4242' });
    await callAs(t, PHONE, 'POST', '/api/user/unbindExtraPayment', { id: bindingId });
    clock.advance(120_000);
    expect(await openVisit()).toMatchObject({ bindingActive: false, savedCard: null });
  });

  it('pays the rest after the bonuses: the card is charged once, the money paid earns, a retry is the same answer', async () => {
    await saveCard();
    const { visitId } = await openVisit();
    const body = { sum: 1000, bonuses: 200, idempotencyKey: 'card-pay-0001' };
    const first = await payByCard(visitId, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      kind: 'CARD',
      state: 'COMPLETED',
      sum: 1000,
      spent: 200,
      paidByCard: 800,
      earned: 24, // 3% of the 800 ₽ the card paid
      card: '•••• 1111',
      decline: null,
    });
    expect(await bonuses()).toBe((1000 - 200 + 24) * 100);
    const [order] = await orders();
    expect(order).toMatchObject({ amount: 80_000, status: 'paid', orderNumber: first.json().operationId });

    // The same call again (a lost answer) and five at once: the same operation, nothing more charged or posted.
    const retries = await Promise.all(Array.from({ length: 5 }, () => payByCard(visitId, body)));
    for (const retry of retries) expect(retry.json()).toEqual(first.json());
    expect(await orders()).toHaveLength(1);
    expect(await bonuses()).toBe(82_400);
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history).toEqual([
      expect.objectContaining({
        type: 'PAYMENT',
        state: 'PROCESSED',
        amount: 1000,
        amountSpend: 200,
        amountEarn: 24,
      }),
    ]);
    // The same key for another cheque is a client bug, refused.
    expect((await payByCard(visitId, { ...body, sum: 999 })).statusCode).toBe(409);
  });

  it('parallel first calls with one key charge the card once', async () => {
    await saveCard();
    const { visitId } = await openVisit();
    const body = { sum: 500, idempotencyKey: 'card-pay-parallel' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => payByCard(visitId, body)));
    const ids = new Set(answers.map((a) => a.json().operationId));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.json().state === 'COMPLETED')).toBe(true);
    expect(await orders()).toHaveLength(1);
    expect(await bonuses()).toBe(100_000 + 1_500);
  });

  it('one shown code pays by card once: a second cheque needs a new code; a declined try frees it', async () => {
    const declining = await saveCard('0002');
    const { visitId } = await openVisit();
    const declined = await payByCard(visitId, { sum: 300, idempotencyKey: 'card-once-declined' });
    expect(declined.json()).toMatchObject({ state: 'DECLINED' });
    // The customer removes the declining card and saves a good one; the same visit may try again.
    await callAs(t, PHONE, 'POST', '/api/user/unbindExtraPayment', { id: declining });
    await saveCard();
    const paid = await payByCard(visitId, { sum: 300, idempotencyKey: 'card-once-paid' });
    expect(paid.json()).toMatchObject({ state: 'COMPLETED', paidByCard: 300 });
    const ordersBefore = (await orders()).length;
    const bonusesBefore = await bonuses();

    const second = await payByCard(visitId, { sum: 700, idempotencyKey: 'card-once-second' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'По этому коду картой уже оплачено: попросите покупателя показать новый код',
    );
    expect(await orders()).toHaveLength(ordersBefore);
    expect(await bonuses()).toBe(bonusesBefore);
    // The first payment's retry still answers as before.
    expect((await payByCard(visitId, { sum: 300, idempotencyKey: 'card-once-paid' })).json()).toEqual(
      paid.json(),
    );
    // A refund does not give the consent back: charging again needs the next code too.
    expect((await act(paid.json().operationId, 'refund')).json()).toMatchObject({ state: 'REFUNDED' });
    const afterRefund = await payByCard(visitId, { sum: 700, idempotencyKey: 'card-once-after-refund' });
    expect(afterRefund.statusCode).toBe(409);
    // A new code is a new consent.
    clock.advance(120_000);
    const next = await openVisit();
    const again = await payByCard(next.visitId, { sum: 700, idempotencyKey: 'card-once-next' });
    expect(again.json()).toMatchObject({ state: 'COMPLETED', paidByCard: 700 });
  });

  it('parallel card payments of different cheques in one visit: exactly one is charged', async () => {
    await saveCard();
    const { visitId } = await openVisit();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        payByCard(visitId, { sum: 100 + i, idempotencyKey: `card-race-${i}` }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect(await orders()).toHaveLength(1);
  });

  it('a wrong key gets 401 and charges nothing', async () => {
    await saveCard();
    const { visitId } = await openVisit();
    const refused = await payByCard(visitId, { sum: 300, idempotencyKey: 'card-pay-wrongkey' }, `${key}x`);
    expect(refused.statusCode).toBe(401);
    expect(await countOf(tillOperations)).toBe(0);
    expect(await orders()).toHaveLength(0);
    expect(await bonuses()).toBe(100_000);
  });

  it('refuses without a saved card, above the bonus limit, or with nothing left for the card, changing nothing', async () => {
    const { visitId } = await openVisit();
    const none = await payByCard(visitId, { sum: 300, idempotencyKey: 'card-pay-nocard' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('нет сохранённой карты');
    await saveCard();
    const over = await payByCard(visitId, { sum: 300, bonuses: 200, idempotencyKey: 'card-pay-overlimit' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('50%');
    expect(await countOf(tillOperations)).toBe(0);
    expect(await orders()).toHaveLength(0);
    expect(await bonuses()).toBe(100_000);
  });

  it('a declined card gives the bonuses back and says why; the cashier can take the money otherwise', async () => {
    await saveCard('0002');
    const { visitId } = await openVisit();
    const declined = await payByCard(visitId, {
      sum: 400,
      bonuses: 100,
      idempotencyKey: 'card-pay-declined',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      state: 'DECLINED',
      spent: 100,
      earned: 9,
      paidByCard: 300,
      decline: { code: 'DECLINED', message: 'Банк отклонил платёж' },
    });
    expect(await bonuses()).toBe(100_000);
    expect((await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations).toEqual([]);
    // Declined is final: a refund or a confirm is refused, a retry answers the same.
    expect((await act(declined.json().operationId, 'refund')).statusCode).toBe(409);
    expect((await act(declined.json().operationId, 'confirm')).statusCode).toBe(409);
    const again = await payByCard(visitId, { sum: 400, bonuses: 100, idempotencyKey: 'card-pay-declined' });
    expect(again.json()).toEqual(declined.json());
  });

  it('a refund returns exactly what was spent and earned and refunds the card, once', async () => {
    await saveCard();
    const { visitId } = await openVisit();
    const paid = (
      await payByCard(visitId, { sum: 600, bonuses: 250, idempotencyKey: 'card-pay-refund' })
    ).json();
    expect(paid).toMatchObject({ state: 'COMPLETED', spent: 250, earned: 10.5, paidByCard: 350 });
    expect(await bonuses()).toBe(100_000 - 25_000 + 1_050);
    const refunded = await act(paid.operationId, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ state: 'REFUNDED', spent: 250, earned: 10.5, paidByCard: 350 });
    expect(await bonuses()).toBe(100_000);
    expect((await orders())[0]).toMatchObject({ status: 'refunded', amount: 35_000 });
    expect((await act(paid.operationId, 'refund')).json()).toEqual(refunded.json());
    expect(await bonuses()).toBe(100_000);
    const history = (await callAs(t, PHONE, 'GET', '/api/user/operations')).json().operations;
    expect(history).toEqual([expect.objectContaining({ type: 'PAYMENT', state: 'CANCEL' })]);
  });

  it('a refund whose earned bonuses are already spent is refused and neither the card nor the ledger moves', async () => {
    await saveCard();
    await setMaxSpendPercent(t, 100);
    const { visitId } = await openVisit();
    const paid = (await payByCard(visitId, { sum: 1000, idempotencyKey: 'card-pay-spent' })).json();
    expect(paid).toMatchObject({ state: 'COMPLETED', earned: 30 });
    // The customer spends everything, the 30 bonuses just earned included.
    const spent = await till(t, key, 'POST', '/api/till/spend', {
      visitId,
      sum: 1030,
      bonuses: 1030,
      idempotencyKey: 'spend-everything',
    });
    expect((await act(spent.json().operationId, 'confirm')).statusCode).toBe(200);
    expect(await bonuses()).toBe(0);
    const refused = await act(paid.operationId, 'refund');
    expect(refused.statusCode).toBe(409);
    const [row] = await t.deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.id, paid.operationId));
    expect(row!.state).toBe('completed');
    expect((await orders())[0]).toMatchObject({ status: 'paid' });
    expect(await bonuses()).toBe(0);
  });

  it('the expiry job leaves a paid card payment alone and the ledger stays whole after it', async () => {
    await saveCard();
    const { visitId } = await openVisit();
    await payByCard(visitId, { sum: 200, bonuses: 50, idempotencyKey: 'card-pay-expiry' });
    clock.advance(16 * 60_000);
    expect(await releaseExpiredTillHolds(t.deps)).toBe(0);
    expect(await bonuses()).toBe(100_000 - 5_000 + 450);
  });

  it('a promo code with the card payment: the card is charged the cheque less the discount, the code used; a declined card gives it back (decision 071)', async () => {
    const promo = await t.app.inject({
      method: 'POST',
      url: '/api/operator/promos',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { title: 'Флаер −10%', kind: 'UNIQUE', effect: 'DISCOUNT_PERCENT', value: 10 },
    });
    const promoId = promo.json().id as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/operator/promos/${promoId}/codes`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { count: 1 },
    });
    const [code] = await t.deps.db.select().from(promoCodes).where(eq(promoCodes.promoId, promoId));
    const statusOf = async () =>
      (await t.deps.db.select().from(promoCodes).where(eq(promoCodes.id, code!.id)))[0]!.status;

    const declining = await saveCard('0002');
    const { visitId } = await openVisit();
    const declined = await payByCard(visitId, {
      sum: 1000,
      coupon: code!.code,
      idempotencyKey: 'card-coupon-1',
    });
    expect(declined.json()).toMatchObject({ state: 'DECLINED', sum: 900 });
    expect(await statusOf()).toBe('free');

    await callAs(t, PHONE, 'POST', '/api/user/unbindExtraPayment', { id: declining });
    await saveCard();
    clock.advance(120_000);
    const second = await openVisit();
    const body = {
      sum: 1000,
      bonuses: 100,
      coupon: code!.code.toLowerCase(),
      idempotencyKey: 'card-coupon-2',
    };
    const paid = await payByCard(second.visitId, body);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      state: 'COMPLETED',
      sum: 900,
      spent: 100,
      coupon: { code: code!.code, discount: 100 },
    });
    const order = (await orders()).find((o) => o.orderNumber === paid.json().operationId);
    expect(order).toMatchObject({ amount: 80_000, status: 'paid' });
    expect(await statusOf()).toBe('used');
    // The same call again: the same answer, nothing charged twice.
    expect((await payByCard(second.visitId, body)).json()).toMatchObject({ state: 'COMPLETED', sum: 900 });
    expect((await orders()).filter((o) => o.status === 'paid')).toHaveLength(1);
    // Used: another cheque cannot take it.
    clock.advance(120_000);
    const third = await openVisit();
    const again = await payByCard(third.visitId, {
      sum: 500,
      coupon: code!.code,
      idempotencyKey: 'card-coupon-3',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COUPON_USED');
  });
});
