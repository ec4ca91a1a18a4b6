import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '#server/db/schema/ledger';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { moneyOf } from '#server/test/payments-kit';
import { issueKey, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { paidGiftCard } from '#server/test/gift-cards-kit';

const RECIPIENT = '79005550611';
const STRANGER = '79005550612';

describe("adding a gift card to the recipient's balance (decision 023)", () => {
  let t: TestApp;
  let clock: FakeClock;
  let card: { code: string; publicId: string };
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    card = await paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT, 1000);
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  const add = (phone: string, publicId = card.publicId) =>
    callAs(t, phone, 'POST', `/api/gc/card/${publicId}/add`, {});
  const publicCard = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/gc/card/${card.publicId}` })).json();
  const postings = async () =>
    (await t.deps.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'gift_card_add')))
      .length;

  it('moves the whole value once: the card shows 0, the balance and the operations show the deposit', async () => {
    expect(await publicCard()).toMatchObject({ balance: 1000, added: false });
    const first = await add(RECIPIENT);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ added: 1000, cardBalance: 0, amount: 1000 });
    expect(await publicCard()).toMatchObject({ balance: 0, added: true });
    expect(await moneyOf(t, RECIPIENT)).toBe(1000);
    const operations = (await callAs(t, RECIPIENT, 'GET', '/api/user/operations')).json().operations;
    expect(operations[0]).toMatchObject({
      type: 'DEPOSIT',
      place: 'Подарочная карта',
      amount: 1000,
      state: 'PROCESSED',
    });

    // A double click or a retry answers the same and moves nothing more.
    const again = await add(RECIPIENT);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await postings()).toBe(1);
    expect(await moneyOf(t, RECIPIENT)).toBe(1000);
  });

  it('only the recipient may: another phone gets 403, an unknown or malformed id 404, no token 401', async () => {
    const stranger = await add(STRANGER);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Добавить карту на баланс может только получатель: войдите с номером, на который пришла карта',
    );
    expect((await add(RECIPIENT, 'A'.repeat(22))).statusCode).toBe(404);
    expect((await add(RECIPIENT, 'not-an-id')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/gc/card/${card.publicId}/add`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await publicCard()).toMatchObject({ balance: 1000, added: false });
    expect(await moneyOf(t, STRANGER)).toBe(0);
    expect(await postings()).toBe(0);
  });

  it('after a till redemption moves what is left; then the till finds the card empty', async () => {
    const key = (await issueKey(t)).key;
    const redeem = (amount: number, idempotencyKey: string) =>
      till(t, key, 'POST', '/api/till/gift-cards/redeem', { cardCode: card.code, amount, idempotencyKey });
    expect((await redeem(400.5, 'cheque-1')).statusCode).toBe(200);
    expect((await add(RECIPIENT)).json()).toEqual({ added: 599.5, cardBalance: 0, amount: 599.5 });
    const late = await redeem(1, 'cheque-2');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('На подарочной карте недостаточно средств');
  });

  it('an empty card is a 409 and nothing is added', async () => {
    const key = (await issueKey(t)).key;
    await till(t, key, 'POST', '/api/till/gift-cards/redeem', {
      cardCode: card.code,
      amount: 1000,
      idempotencyKey: 'cheque-all',
    });
    const empty = await add(RECIPIENT);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('На карте не осталось средств');
    expect(await moneyOf(t, RECIPIENT)).toBe(0);
  });

  it('racing till redemptions and repeated adds: the card never goes below zero and every kopeck lands once', async () => {
    const key = (await issueKey(t)).key;
    const calls = [
      ...Array.from({ length: 6 }, (_, i) =>
        till(t, key, 'POST', '/api/till/gift-cards/redeem', {
          cardCode: card.code,
          amount: 150,
          idempotencyKey: `cheque-race-${i}`,
        }),
      ),
      ...Array.from({ length: 6 }, () => add(RECIPIENT)),
    ];
    const answers = await Promise.all(calls);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const redeemed = answers.slice(0, 6).filter((a) => a.statusCode === 200).length * 150;
    const adds = answers.slice(6).filter((a) => a.statusCode === 200);
    expect(adds.length).toBe(6);
    const added = adds[0]!.json().added;
    for (const answer of adds) expect(answer.json().added).toBe(added);
    expect(redeemed + added).toBe(1000);
    expect(await moneyOf(t, RECIPIENT)).toBe(added);
    expect((await publicCard()).balance).toBe(0);
    expect(await postings()).toBe(1);
  });

  it('the card page answers an absolute picture address for link previews', async () => {
    const answer = await publicCard();
    expect(answer.previewImageUrl).toBe(`${new URL(t.deps.config.publicUrl).origin}${answer.imageUrl}`);
    expect(answer.previewImageUrl).toMatch(/^https?:\/\//);
  });
});
