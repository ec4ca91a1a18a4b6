// The saved card paying at the till and on the payment page through the real RBS adapter, against the local
// fake of the gateway (paymentOrderBinding.do; docs/decisions/022).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tillOperations } from '#server/db/schema/till';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { RBS_TEST_CARDS } from '#server/test/rbs-fake-state';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { balancesOf } from '#server/core/ledger';
import { createDraft, processDraft } from '#server/test/payments-kit';
import { releaseExpiredTillHolds } from './expire-holds';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

const PHONE = '79006660201';

describe('saved cards through the RBS gateway: the till and the payment page', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({
      clock,
      config: { operatorToken: OPERATOR_TOKEN },
      acquirer: rbsAcquirerOf(fake),
    });
    key = (await issueKey(t)).key;
    card = await cardholder(t, PHONE, 1000);
  });
  afterEach(async () => {
    fake.misbehave(null);
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  /** The customer saves the test card on the gateway's card-saving page. */
  const saveCard = async () => {
    const order = await t.deps.acquirer.bindings!.registerBinding({
      clientId: card.userId,
      requestId: crypto.randomUUID(),
      returnUrl: 'http://localhost:3000/profile?t=cards',
    });
    return fake.bind(order.orderId, { pan: RBS_TEST_CARDS.success, expiry: '12/39' }).bindingId;
  };
  const openVisit = async () => {
    const response = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { visitId: string; bindingActive: boolean; savedCard: string | null };
  };
  const payByCard = (visitId: string, body: object) =>
    till(t, key, 'POST', '/api/till/card-payment', { visitId, ...body });
  const bonuses = async () => (await balancesOf(t.deps.db, card.userId)).bonus;
  const bindingCalls = () => fake.calls.filter((c) => c.method === 'paymentOrderBinding.do');
  const orderOf = (operationId: string) => fake.findByNumber(operationId.replace(/-/g, ''))!;

  it('charges the saved card with paymentOrderBinding.do on an order of the customer, once', async () => {
    const bindingId = await saveCard();
    const visit = await openVisit();
    expect(visit).toMatchObject({ bindingActive: true, savedCard: '•••• 1111' });
    const before = bindingCalls().length;
    const body = { sum: 700, bonuses: 100, idempotencyKey: 'rbs-card-pay-1' };
    const paid = await payByCard(visit.visitId, body);
    expect(paid.json()).toMatchObject({ state: 'COMPLETED', spent: 100, paidByCard: 600, earned: 18 });
    const order = orderOf(paid.json().operationId);
    expect(order).toMatchObject({ amount: 60_000, clientId: card.userId, orderStatus: 2, bindingId });
    expect(order.features).toEqual([]);
    expect(bindingCalls().length - before).toBe(1);
    expect(bindingCalls().at(-1)!.params).toMatchObject({ mdOrder: order.orderId, bindingId });
    expect((await payByCard(visit.visitId, body)).json()).toEqual(paid.json());
    expect(bindingCalls().length - before).toBe(1);
    expect(await bonuses()).toBe(100_000 - 10_000 + 1_800);

    const refunded = await till(t, key, 'POST', `/api/till/operations/${paid.json().operationId}/refund`);
    expect(refunded.json()).toMatchObject({ state: 'REFUNDED' });
    expect(order).toMatchObject({ orderStatus: 4, refunded: 60_000 });
    expect(await bonuses()).toBe(100_000);
  });

  it('a decline by the card’s bank gives the bonuses back with the bank’s reason', async () => {
    fake.declineBinding(await saveCard(), 116);
    const { visitId } = await openVisit();
    const declined = await payByCard(visitId, { sum: 500, bonuses: 50, idempotencyKey: 'rbs-card-decline' });
    expect(declined.json()).toMatchObject({
      state: 'DECLINED',
      decline: { code: '116', message: 'Недостаточно средств' },
    });
    expect(await bonuses()).toBe(100_000);
  });

  it('3-D Secure asked of a till payment: the order is cancelled at the gateway and the payment declined', async () => {
    fake.declineBinding(await saveCard(), '3ds');
    const { visitId } = await openVisit();
    const answer = await payByCard(visitId, { sum: 500, idempotencyKey: 'rbs-card-3ds' });
    expect(answer.json()).toMatchObject({ state: 'DECLINED', decline: { code: 'NOT_CHARGED' } });
    expect(orderOf(answer.json().operationId).orderStatus).toBe(3);
  });

  it('a silent gateway leaves the payment held; the retry completes it, or the expiry cancels the order', async () => {
    const bindingId = await saveCard();
    const { visitId } = await openVisit();
    fake.declineBinding(bindingId, 'silent');
    const held = await payByCard(visitId, { sum: 300, bonuses: 100, idempotencyKey: 'rbs-card-silent' });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ state: 'HELD', spent: 100 });
    expect(await bonuses()).toBe(90_000);
    fake.declineBinding(bindingId, null);
    // The cashier's check only asks the bank: it never charges the card behind the cashier's back.
    const checked = await till(t, key, 'POST', `/api/till/operations/${held.json().operationId}/confirm`);
    expect(checked.statusCode).toBe(503);
    expect(orderOf(held.json().operationId).orderStatus).not.toBe(2);
    // The same card-payment call again (the customer still at the till) charges it.
    const done = await payByCard(visitId, { sum: 300, bonuses: 100, idempotencyKey: 'rbs-card-silent' });
    expect(done.json()).toMatchObject({ state: 'COMPLETED', paidByCard: 200, earned: 6 });

    fake.declineBinding(bindingId, 'silent');
    clock.advance(120_000); // a second cheque by card needs the customer's next code
    const next = await openVisit();
    const second = await payByCard(next.visitId, {
      sum: 300,
      bonuses: 100,
      idempotencyKey: 'rbs-card-silent-2',
    });
    expect(second.json()).toMatchObject({ state: 'HELD' });
    clock.advance(16 * 60_000);
    fake.misbehave({ httpStatus: 502 });
    expect(await releaseExpiredTillHolds(t.deps)).toBe(1); // the gateway is silent: the hold waits for it
    expect(await bonuses()).toBe(90_000 + 600 - 10_000);
    fake.misbehave(null);
    expect(await releaseExpiredTillHolds(t.deps)).toBe(1);
    expect(orderOf(second.json().operationId).orderStatus).toBe(3);
    const after = await till(t, key, 'GET', `/api/till/visits/${next.visitId}`);
    const ops = after.json().operations as Array<{ operationId: string; state: string }>;
    expect(ops.find((op) => op.operationId === second.json().operationId)).toMatchObject({
      state: 'EXPIRED',
    });
    expect(await bonuses()).toBe(90_000 + 600);
  });

  it('the expiry job releases spends first: card payments it cannot settle never hold them up', async () => {
    const bindingId = await saveCard();
    const { visitId } = await openVisit();
    fake.declineBinding(bindingId, 'silent');
    const stuck = await payByCard(visitId, { sum: 300, bonuses: 100, idempotencyKey: 'rbs-card-stuck' });
    expect(stuck.json()).toMatchObject({ state: 'HELD' });
    // One taken through another gateway (ACQUIRER changed since): this instance cannot ask about it.
    await t.deps.db
      .update(tillOperations)
      .set({ acquirer: 'elsewhere' })
      .where(eq(tillOperations.id, stuck.json().operationId));
    clock.advance(120_000);
    const next = await openVisit();
    const spend = await till(t, key, 'POST', '/api/till/spend', {
      visitId: next.visitId,
      sum: 200,
      bonuses: 50,
      idempotencyKey: 'rbs-plain-spend',
    });
    expect(spend.json()).toMatchObject({ state: 'HELD' });
    clock.advance(16 * 60_000);
    // A batch of one: the spend, not the card payment that came first.
    expect(await releaseExpiredTillHolds(t.deps, 1)).toBe(1);
    const [spendRow] = await t.deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.id, spend.json().operationId));
    expect(spendRow!.state).toBe('expired');
    expect(await releaseExpiredTillHolds(t.deps)).toBe(0); // the other gateway's payment waits for the operator
    // Back on its own gateway, the job stops its order and gives the bonuses back.
    await t.deps.db
      .update(tillOperations)
      .set({ acquirer: t.deps.acquirer.name })
      .where(eq(tillOperations.id, stuck.json().operationId));
    fake.declineBinding(bindingId, null);
    expect(await releaseExpiredTillHolds(t.deps)).toBe(1);
    expect(await bonuses()).toBe(100_000);
  });

  it('a gateway that cannot list the cards: the visit says no card, the payment is a 503 and nothing moves', async () => {
    await saveCard();
    fake.misbehave({ httpStatus: 502 });
    const visit = await openVisit();
    expect(visit).toMatchObject({ bindingActive: false, savedCard: null });
    const refused = await payByCard(visit.visitId, { sum: 300, idempotencyKey: 'rbs-card-nolist' });
    expect(refused.statusCode).toBe(503);
    expect(await bonuses()).toBe(100_000);
  });

  it('the payment page pays with the saved card on RBS (getExtraPayment says payable)', async () => {
    const bindingId = await saveCard();
    const list = (await callAs(t, PHONE, 'GET', '/api/user/getExtraPayment')).json();
    expect(list).toMatchObject({ payable: true, cards: [{ bindingId, bindingState: 'ACTIVE' }] });
    const draft = await createDraft(t, PHONE, { paySum: 400, spendBonus: true, payType: 'CARD' });
    const paid = await processDraft(t, PHONE, draft.draftId, { bindingId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 0, state: 'completed' });
    const order = fake.findByNumber(draft.draftId.replace(/-/g, ''))!;
    expect(order).toMatchObject({ amount: 20_000, clientId: card.userId, orderStatus: 2, bindingId });
    expect(await bonuses()).toBe(100_000 - 20_000 + 600);
  });
});
