import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillVisits } from '#server/db/schema/till';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';
import { TILL_VERIFY_LIMITS } from './member-code';

const STEP_MS = 120_000;

// The till's verify, limited per till key and per card (decision 043); the rest of the till API is till.test.ts.
describe('verify attempts', () => {
  let t: TestApp;
  let clock: FakeClock;
  let key: string;
  let card: Awaited<ReturnType<typeof cardholder>>;

  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    key = (await issueKey(t)).key;
    card = await cardholder(t, '79006660001', 1000);
  });
  afterEach(() => t.close());

  const verify = (code = memberCode(card, clock.now().getTime()), withKey = key) =>
    till(t, withKey, 'POST', '/api/till/verify', { code });
  const visits = async () => (await t.deps.db.select().from(tillVisits)).length;

  it('limits verify attempts per card and per till key, right or wrong, with 429 and Retry-After (decision 043)', async () => {
    const { perKey, perCard, windowMs } = TILL_VERIFY_LIMITS;
    const wrongCode = (c: typeof card) => {
      const token = memberCode(c, clock.now().getTime()).slice(16);
      return `${c.cardNum}${String((Number(token) + 500_000) % 1_000_000).padStart(6, '0')}`;
    };
    for (let i = 0; i < perCard; i++) {
      expect((await verify(wrongCode(card))).json().code).toBe('CODE_EXPIRED');
    }
    // The card's own code now waits too: a guesser cannot learn that the next try was right.
    const refused = await verify();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/проверок кода/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await visits()).toBe(0);
    // Another customer at the same till is served.
    const other = await cardholder(t, '79006660002', 100);
    expect((await verify(memberCode(other, clock.now().getTime()))).statusCode).toBe(200);

    // Per key, across cards: a second till of the point guessing at numbers of cards that need not exist.
    const guesser = (await issueKey(t, 1, 'Касса 3')).key;
    for (let i = 0; i < perKey; i++) {
      const answer = await verify(`${String(7_000_000_000_000_000 + i)}123456`, guesser);
      expect(answer.statusCode).toBe(400);
    }
    const blocked = await verify(memberCode(other, clock.now().getTime() + STEP_MS), guesser);
    expect(blocked.statusCode).toBe(429);

    // A window later both are served again.
    clock.advance(windowMs);
    expect((await verify()).statusCode).toBe(200);
    expect((await verify(memberCode(other, clock.now().getTime()), guesser)).statusCode).toBe(200);
  });
});
