import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { ALICE, buyAndPay, cardsOf } from '#server/test/gift-cards-kit';
import { PUBLIC_CARD_LIMITS } from './public-card';

describe("a gift card's public page", () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('shows the public card without its code, reveals the code for the last 4 digits, and answers unknown ids and wrong digits alike', async () => {
    await buyAndPay(t);
    const [card] = await cardsOf(t);
    const id = card!.publicId;
    const view = await t.app.inject({ method: 'GET', url: `/api/gc/card/${id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      imageUrl: '/api/proxy/pictures/gift-1.webp',
      previewImageUrl: `${new URL(t.deps.config.publicUrl).origin}/api/proxy/pictures/gift-1.webp`,
      congratulation: 'С праздником!',
      balance: 1000,
      nominal: 1000,
      added: false,
    });
    expect(view.body).not.toContain(card!.code);

    const reveal = (cardId: string, last4: string, ip = '10.1.0.1') =>
      t.app.inject({
        method: 'POST',
        url: `/api/gc/card/${cardId}/reveal`,
        payload: { last4 },
        remoteAddress: ip,
      });
    const right = await reveal(id, ALICE.slice(-4));
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ code: card!.code });

    const wrong = await reveal(id, '0000');
    const unknown = await reveal('AAAAAAAAAAAAAAAAAAAAAA', ALICE.slice(-4));
    const malformed = await reveal('nope', ALICE.slice(-4));
    for (const answer of [unknown, malformed]) {
      expect(answer.statusCode).toBe(wrong.statusCode);
      expect(answer.body).toBe(wrong.body);
    }
    expect(wrong.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/gc/card/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(wrong.body);
  });

  it("limits wrong tries per address tightly and per card loosely, and never locks out the recipient's whole phone", async () => {
    await buyAndPay(t);
    const [card] = await cardsOf(t);
    const id = card!.publicId;
    const reveal = (cardId: string, body: object, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/gc/card/${cardId}/reveal`,
        payload: body,
        remoteAddress: ip,
      });
    const l = PUBLIC_CARD_LIMITS;
    const right = { last4: ALICE.slice(-4) };
    // One address: a few tries at a card a day, then 429 there, even with the right digits ...
    for (let i = 0; i < l.revealsPerAddressAndCard; i += 1)
      expect((await reveal(id, { last4: '0000' }, '10.2.0.1')).statusCode).toBe(404);
    const own = await reveal(id, right, '10.2.0.1');
    expect(own.statusCode).toBe(429);
    expect(Number(own.headers['retry-after'])).toBeGreaterThan(0);
    // ... which does not stop the recipient at their own address.
    expect((await reveal(id, right, '10.2.0.2')).json()).toEqual({ code: card!.code });

    // Many addresses: the card's last-4 tries run out (guessing 4 digits stays bounded) ...
    const ghost = 'BBBBBBBBBBBBBBBBBBBBBB';
    for (const cardId of [id, ghost]) {
      let used = cardId === id ? l.revealsPerAddressAndCard + 1 : 0;
      for (let n = 0; used < l.last4RevealsPerCard; n += 1) {
        for (let i = 0; i < l.revealsPerAddressAndCard && used < l.last4RevealsPerCard; i += 1, used += 1)
          expect(
            (await reveal(cardId, { last4: '0000' }, `10.3.${n}.${cardId === id ? 1 : 2}`)).statusCode,
          ).toBe(404);
      }
    }
    const closed = await reveal(id, right, '10.4.0.1');
    expect(closed.statusCode).toBe(429);
    expect(closed.json().code).toBe('GIFT_CARD_WHOLE_PHONE');
    const ghostClosed = await reveal(ghost, right, '10.4.0.1');
    expect(ghostClosed.body).toBe(closed.body); // an unknown card runs out the same way
    // ... and the recipient still gets in with the whole phone; a wrong whole phone is the same 404 as ever.
    expect((await reveal(id, { phone: '79990000000' }, '10.4.0.1')).statusCode).toBe(404);
    expect((await reveal(id, { phone: ALICE }, '10.4.0.1')).json()).toEqual({ code: card!.code });
    expect((await reveal(ghost, { phone: ALICE }, '10.4.0.1')).statusCode).toBe(404);

    // Bad bodies: neither or both fields, a malformed phone.
    for (const body of [{}, { ...right, phone: ALICE }, { phone: '12345' }])
      expect((await reveal(id, body, '10.5.0.1')).statusCode).toBe(400);

    // Per address, across cards: a flood guard.
    for (let i = 0; i < l.revealsPerAddress; i += 1) {
      expect(
        (await reveal(`C${String(i).padStart(21, 'C')}`, { last4: '0000' }, '10.6.0.1')).statusCode,
      ).toBe(404);
    }
    expect((await reveal('DDDDDDDDDDDDDDDDDDDDDD', { last4: '0000' }, '10.6.0.1')).statusCode).toBe(429);
    // The card's window passes: the last 4 digits answer again.
    clock.advance(l.last4CardWindowMs);
    expect((await reveal(id, right, '10.7.0.1')).statusCode).toBe(200);
  });

  it('limits public card views per address', async () => {
    const view = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/gc/card/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: ip });
    for (let i = 0; i < PUBLIC_CARD_LIMITS.viewsPerAddress; i += 1) {
      expect((await view('10.8.0.1')).statusCode).toBe(404);
    }
    expect((await view('10.8.0.1')).statusCode).toBe(429);
    expect((await view('10.8.0.2')).statusCode).toBe(404);
  });
});
