// Decision 063: the lines of a saved-card payment returned at the till: the bonuses as for any return, and the
// lines' share of the card's money back to the card through the real RBS adapter and its fake, never twice.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balancesOf } from '#server/core/ledger';
import { eq } from 'drizzle-orm';
import { tillCardRefunds, tillOperations, tillReturnLines } from '#server/db/schema/till';
import { bonusLots } from '#server/db/schema/programme';
import type { FakeClock } from '#server/test/auth-kit';
import { spendBonusesElsewhere } from '#server/test/payments-kit';
import { closeAfterLedgerCheck } from '#server/test/ledger-invariants';
import { lossy, type Loss } from '#server/test/lossy-acquirer';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { openTillWithSavedCard, type TillWithSavedCard } from '#server/test/rbs-kit';
import type { TestApp } from '#server/test/test-app';
import { finishUnconfirmedParts } from './unconfirmed-parts';
import { memberCode, till } from '#server/test/till-kit';

const PHONE = '79006660301';
/** Monday 30.11.2026, 12:00 in Moscow: the till's point earns 3 % of what the card paid. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');

const ITEMS = [
  { name: 'Кофе', quantity: 2, price: 300, sum: 600 },
  { name: 'Сыр', quantity: 0.5, price: 800, sum: 400 },
];

describe('returns by lines of a card payment at the till (RBS)', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: TillWithSavedCard['card'];
  const lose: Loss = { refund: false, statusAfter: false };
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    Object.assign(lose, { refund: false, statusAfter: false, dropRefund: false, hideTotal: false });
    const acquirer = lossy(rbsAcquirerOf(fake), lose);
    ({ t, clock, key, card } = await openTillWithSavedCard(fake, PHONE, { start: MONDAY_NOON, acquirer }));
  });
  afterEach(async () => {
    fake.misbehave(null);
    await closeAfterLedgerCheck(t, clock);
  });

  /** 1,000 ₽ in two lines, 200 ₽ of it in bonuses: the card pays 800 ₽ and earns 3 % of it. */
  const payByCard = async (idempotencyKey: string, spend = 200) => {
    const visit = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(card, clock.now().getTime()),
    });
    const paid = await till(t, key, 'POST', '/api/till/card-payment', {
      visitId: visit.json().visitId,
      sum: 1000,
      ...(spend > 0 ? { bonuses: spend } : {}),
      items: ITEMS,
      idempotencyKey,
    });
    const paidByCard = 1000 - spend;
    expect(paid.json(), paid.body).toMatchObject({
      state: 'COMPLETED',
      paidByCard,
      earned: paidByCard * 0.03,
    });
    return paid.json().operationId as string;
  };
  const giveBack = (operationId: string, items: object[], idempotencyKey: string) =>
    till(t, key, 'POST', `/api/till/operations/${operationId}/return`, { items, idempotencyKey });
  const orderOf = (operationId: string) => fake.findByNumber(operationId.replace(/-/g, ''))!;
  const refundCalls = () => fake.calls.filter((c) => c.method === 'refund.do').length;
  const bonuses = async () => (await balancesOf(t.deps.db, card.userId)).bonus;

  it('sends each returned line’s share of the card’s money back to the card, the parts adding up to what it paid', async () => {
    const operationId = await payByCard('card-return-pay-1');
    const lotsBefore = await t.deps.db.select().from(bonusLots);
    // The 200 ₽ of bonuses spread over the lines in proportion: 120 ₽ on the coffee, 80 ₽ on the cheese.
    const first = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'card-return-1');
    expect(first.statusCode, first.body).toBe(200);
    // The bonuses given back return to the lot they came from, with its expiry: no fresh lot (decision 030).
    const lotsAfter = await t.deps.db.select().from(bonusLots);
    expect(lotsAfter.map((l) => l.id).sort()).toEqual(lotsBefore.map((l) => l.id).sort());
    expect(first.json()).toMatchObject({
      lines: [{ line: 1, quantity: 1, bonusesGivenBack: 60, bonusesTakenBack: 7.2, withheld: 0 }],
      refundedToCard: 240, // (600 − 120) / 2
    });
    expect(orderOf(operationId).refunded).toBe(24_000);
    expect(await bonuses()).toBe((1000 - 200 + 24 + 60 - 7.2) * 100);

    // A repeated call answers the same and refunds nothing more; the full refund is now refused.
    const calls = refundCalls();
    expect((await giveBack(operationId, [{ line: 1, quantity: 1 }], 'card-return-1')).json()).toEqual(
      first.json(),
    );
    expect(refundCalls()).toBe(calls);
    const whole = await till(t, key, 'POST', `/api/till/operations/${operationId}/refund`);
    expect(whole.statusCode).toBe(409);

    const rest = await giveBack(
      operationId,
      [
        { line: 1, quantity: 1 },
        { line: 2, quantity: 0.5 },
      ],
      'card-return-2',
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refundedToCard).toBe(560); // 240 + 320: the last part takes the remainder
    expect(orderOf(operationId).refunded).toBe(80_000);
    expect(await bonuses()).toBe(100_000);
    const refunds = await t.deps.db.select().from(tillCardRefunds);
    expect(refunds.map((r) => [r.amount, r.state])).toEqual([
      [24_000, 'refunded'],
      [56_000, 'refunded'],
    ]);
    // The visit's answer sums the parts the bank confirmed.
    const visits = await t.deps.db.select().from(tillOperations).where(eq(tillOperations.id, operationId));
    const visit = await till(t, key, 'GET', `/api/till/visits/${visits[0]!.visitId}`);
    expect(visit.json().operations[0].returned).toMatchObject({ refundedToCard: 800, pending: null });
  });

  it('what the customer no longer has is withheld from the card’s money, never a negative balance', async () => {
    const operationId = await payByCard('card-return-pay-2', 0); // 1,000 ₽ by card, 30 ₽ earned
    await spendBonusesElsewhere(t, card.userId, 'test-credit:card-return-spent-elsewhere');
    const back = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-3');
    expect(back.statusCode, back.body).toBe(200);
    // The coffee earned 18 ₽ the customer no longer has: kept from the 600 ₽ the card gets back.
    expect(back.json()).toMatchObject({ bonusesGivenBack: 0, bonusesTakenBack: 18, withheld: 18 });
    expect(back.json().refundedToCard).toBe(582);
    expect(orderOf(operationId).refunded).toBe(58_200);
    expect(await bonuses()).toBe(0);
  });

  it('a bank that does not answer: the return waits, a second return waits for it, the retry finishes it once', async () => {
    const operationId = await payByCard('card-return-pay-3');
    fake.misbehave({ httpStatus: 502 });
    const first = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-4');
    expect(first.statusCode).toBe(503);
    expect(first.json().message).toMatch(/повторите возврат с тем же ключом/);
    expect(orderOf(operationId).refunded).toBe(0);
    const other = await giveBack(operationId, [{ line: 2, quantity: 0.5 }], 'card-return-5');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Предыдущий возврат на карту/);

    fake.misbehave(null);
    clock.advance(121_000); // past the first call’s turn at the bank
    const again = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-4');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().refundedToCard).toBe(480);
    expect(orderOf(operationId).refunded).toBe(48_000);
  });

  it('a part the bank did not confirm and nobody retried is finished by the job, once', async () => {
    const operationId = await payByCard('card-return-pay-job');
    fake.misbehave({ httpStatus: 502 });
    expect((await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-job')).statusCode).toBe(503);
    fake.misbehave(null);
    const calls = refundCalls();
    // The cashier's own retry comes first: the job leaves a part alone for five minutes.
    clock.advance(4 * 60_000);
    expect(await finishUnconfirmedParts(t.deps)).toBe(0);
    expect(refundCalls()).toBe(calls);
    clock.advance(61_000);
    expect(await finishUnconfirmedParts(t.deps)).toBe(1);
    expect(orderOf(operationId).refunded).toBe(48_000);
    expect(await finishUnconfirmedParts(t.deps)).toBe(0);
    // The till's retry later answers what happened, asking the bank nothing.
    const retry = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-job');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().refundedToCard).toBe(480);
    expect(refundCalls()).toBe(calls + 1);
    expect(orderOf(operationId).refunded).toBe(48_000);
  });

  it('a refund whose answer is lost is found at the bank and never asked twice', async () => {
    const operationId = await payByCard('card-return-pay-4');
    lose.refund = true;
    // The refund went through; its answer was lost; the status read after it shows the money back.
    const first = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-6');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refundedToCard).toBe(480);
    const calls = refundCalls();

    // Lost again, and the status after it too: 503; the retry reads the status and records it, asking nothing.
    lose.statusAfter = true;
    const second = await giveBack(operationId, [{ line: 2, quantity: 0.5 }], 'card-return-7');
    expect(second.statusCode).toBe(503);
    expect(refundCalls()).toBe(calls + 1);
    clock.advance(121_000);
    lose.refund = false;
    const retry = await giveBack(operationId, [{ line: 2, quantity: 0.5 }], 'card-return-7');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().refundedToCard).toBe(320);
    expect(refundCalls()).toBe(calls + 1);
    expect(orderOf(operationId).refunded).toBe(80_000);
  });

  it('a refund not confirmed is not asked for again until the cool-off, and never while the bank hides its total', async () => {
    const operationId = await payByCard('card-return-pay-5');
    lose.dropRefund = true; // the bank does not get it this time, and says nothing
    const first = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-8');
    expect(first.statusCode).toBe(503);
    lose.dropRefund = false;
    clock.advance(121_000);
    const early = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-8');
    expect([early.statusCode, early.json().message]).toEqual([
      503,
      'Банк ещё не подтвердил возврат на карту: повторите через 10 минут с тем же ключом',
    ]);
    expect(orderOf(operationId).refunded).toBe(0);
    clock.advance(10 * 60_000);
    const later = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-8');
    expect(later.statusCode, later.body).toBe(200);
    expect(orderOf(operationId).refunded).toBe(48_000);

    // A bank whose status has no refunded total: one send; unconfirmed, it stops for a person, never blind.
    lose.dropRefund = true;
    lose.hideTotal = true;
    const blind = await giveBack(operationId, [{ line: 2, quantity: 0.5 }], 'card-return-9');
    expect(blind.statusCode).toBe(503);
    lose.dropRefund = false;
    clock.advance(11 * 60_000);
    const stopped = await giveBack(operationId, [{ line: 2, quantity: 0.5 }], 'card-return-9');
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().message).toMatch(/Банк не сообщает, сколько уже вернул/);
    expect(orderOf(operationId).refunded).toBe(48_000);
  });

  it('a bank that refunded more than recorded (a refund made in its console) stops the return for a person', async () => {
    const operationId = await payByCard('card-return-pay-6');
    orderOf(operationId).refunded = 10_000; // refunded by hand at the bank
    const back = await giveBack(operationId, [{ line: 1, quantity: 2 }], 'card-return-10');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/Банк вернул на карту 100\.00 ₽, а подтверждено 0\.00 ₽/);
    expect(orderOf(operationId).refunded).toBe(10_000);
  });

  it('lines whose card money does not add up to what the card paid: a 409 before anything moves', async () => {
    const operationId = await payByCard('card-return-pay-drift');
    // A defect upstream, made by hand: the card paid a kopeck less than the lines' money (800 ₽).
    await t.deps.db
      .update(tillOperations)
      .set({ cardAmount: 79_999 })
      .where(eq(tillOperations.id, operationId));
    const before = await bonuses();
    const calls = refundCalls();
    const refused = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'card-return-drift');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OPERATION_STATE' });
    expect(refused.json().message).toContain('не сходятся');
    expect(await bonuses()).toBe(before);
    expect(await t.deps.db.select().from(tillReturnLines)).toEqual([]);
    expect(await t.deps.db.select().from(tillCardRefunds)).toEqual([]);
    expect(refundCalls()).toBe(calls);
    expect(orderOf(operationId).refunded).toBe(0);
    // Put right, the same return goes through.
    await t.deps.db
      .update(tillOperations)
      .set({ cardAmount: 80_000 })
      .where(eq(tillOperations.id, operationId));
    const done = await giveBack(operationId, [{ line: 1, quantity: 1 }], 'card-return-drift');
    expect(done.statusCode, done.body).toBe(200);
  });
});
