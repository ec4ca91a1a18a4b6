import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fakeClock, type FakeClock } from '../../test/auth-kit';
import { ALICE, buyAndPay, cardsOf } from '../../test/gift-cards-kit';
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

  it('limits reveals per card and per address, the same for unknown cards', async () => {
    await buyAndPay(t);
    const [card] = await cardsOf(t);
    const reveal = (cardId: string, last4: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/gc/card/${cardId}/reveal`,
        payload: { last4 },
        remoteAddress: ip,
      });
    const l = PUBLIC_CARD_LIMITS;
    // per card, from many addresses: the limit, then 429 even with the right digits
    for (let i = 0; i < l.revealsPerCard; i += 1) {
      expect((await reveal(card!.publicId, '0000', `10.2.${i}.1`)).statusCode).toBe(404);
    }
    const blocked = await reveal(card!.publicId, ALICE.slice(-4), '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // an unknown id is limited the same way
    const ghost = 'BBBBBBBBBBBBBBBBBBBBBB';
    for (let i = 0; i < l.revealsPerCard; i += 1) await reveal(ghost, '0000', `10.4.${i}.1`);
    const ghostBlocked = await reveal(ghost, '0000', '10.5.0.1');
    expect(ghostBlocked.statusCode).toBe(429);
    expect(ghostBlocked.body).toBe(blocked.body);
    // per address, across cards
    for (let i = 0; i < l.revealsPerAddress; i += 1) {
      expect((await reveal(`C${String(i).padStart(21, 'C')}`, '0000', '10.6.0.1')).statusCode).toBe(404);
    }
    expect((await reveal('DDDDDDDDDDDDDDDDDDDDDD', '0000', '10.6.0.1')).statusCode).toBe(429);
    // the window passes: the card answers again
    clock.advance(l.revealCardWindowMs);
    expect((await reveal(card!.publicId, ALICE.slice(-4), '10.7.0.1')).statusCode).toBe(200);
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
