import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCardRedemptions } from '#server/db/schema/gift-cards';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { issueKey, OPERATOR_TOKEN, OTHER_POINT, till } from '#server/test/till-kit';
import { paidGiftCard } from '#server/test/gift-cards-kit';

const BUYER = '79005550501';
const RECIPIENT = '79005550601';

/** One 1000 ₽ card, bought by a company and paid by the operator (the shortest way to a real card). */
/** The recipient's card of 1 000 ₽, bought by a company and marked paid by the operator. */
const paidCard = (t: TestApp) => paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT, 1000, BUYER);

const spaced = (code: string) => code.replace(/(\d{4})(?=\d)/g, '$1 ');

describe('gift cards paid at the till', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: { code: string; publicId: string };
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t)).key;
    card = await paidCard(t);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const publicBalance = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/gc/card/${card.publicId}` })).json().balance;

  it('shows the balance, pays part of it once per key, refuses more than is left, and refunds once', async () => {
    const balance = await till(t, key, 'POST', '/api/till/gift-cards/balance', {
      cardCode: spaced(card.code),
    });
    expect(balance.json()).toEqual({
      code: `**** **** **** ${card.code.slice(-4)}`,
      balance: 1000,
      nominal: 1000,
    });

    const redeem = (amount: number, idempotencyKey: string) =>
      till(t, key, 'POST', '/api/till/gift-cards/redeem', { cardCode: card.code, amount, idempotencyKey });
    const first = await redeem(400.5, 'cheque-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amount: 400.5, refunded: false, card: { balance: 599.5 } });
    // A retry with the same key (even naming another amount) answers the first and takes nothing more.
    const retry = await redeem(10, 'cheque-0001');
    expect(retry.json()).toEqual(first.json());
    expect(await publicBalance()).toBe(599.5);

    const tooMuch = await redeem(600, 'cheque-0002');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('На подарочной карте недостаточно средств');
    expect(await t.deps.db.select().from(giftCardRedemptions)).toHaveLength(1);
    expect((await redeem(599.5, 'cheque-0003')).json().card.balance).toBe(0);

    const id = first.json().redemptionId;
    const refund = await till(t, key, 'POST', `/api/till/gift-cards/redemptions/${id}/refund`);
    expect(refund.json()).toMatchObject({
      redemptionId: id,
      amount: 400.5,
      refunded: true,
      card: { balance: 400.5 },
    });
    const again = await till(t, key, 'POST', `/api/till/gift-cards/redemptions/${id}/refund`);
    expect(again.json()).toEqual(refund.json());
    expect(await publicBalance()).toBe(400.5);
  });

  it('spends a card once under parallel redemptions that together ask for more than it holds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        till(t, key, 'POST', '/api/till/gift-cards/redeem', {
          cardCode: card.code,
          amount: 300,
          idempotencyKey: `parallel-${i}-key`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await publicBalance()).toBe(100);
  });

  it('refuses a wrong key, an unknown code, bad input, and another point’s refund, changing nothing', async () => {
    const body = { cardCode: card.code, amount: 100, idempotencyKey: 'cheque-0001' };
    expect((await till(t, 'wrong-key', 'POST', '/api/till/gift-cards/redeem', body)).statusCode).toBe(401);
    const unknown = await till(t, key, 'POST', '/api/till/gift-cards/redeem', {
      ...body,
      cardCode: '0'.repeat(16),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Подарочная карта не найдена');
    for (const bad of [
      { ...body, cardCode: '123' },
      { ...body, amount: 0 },
      { ...body, amount: 1.005 },
    ]) {
      const refused = await till(t, key, 'POST', '/api/till/gift-cards/redeem', bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect(await publicBalance()).toBe(1000);

    const made = (await till(t, key, 'POST', '/api/till/gift-cards/redeem', body)).json();
    const otherKey = (await issueKey(t, OTHER_POINT, 'Касса 2')).key;
    const foreign = await till(
      t,
      otherKey,
      'POST',
      `/api/till/gift-cards/redemptions/${made.redemptionId}/refund`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await publicBalance()).toBe(900);
  });
});
