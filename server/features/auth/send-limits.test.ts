import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { AUTH_LIMITS } from './limits';
import { fakeClock, login, outbox, sendPhone, type FakeClock } from '#server/test/auth-kit';

const PHONE = '79001234567';

describe('login by SMS code: sending limits', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, config: { smsDailyBudget: 30 } });
  });
  afterEach(() => t.close());

  it('refuses a resend before 60 s with 429 and Retry-After, and allows it after', async () => {
    await sendPhone(t, PHONE);
    clock.advance(45_000);
    const early = await sendPhone(t, PHONE);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('15');
    expect(early.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 15 });
    expect(early.json().message).toMatch(/через 15 с/);
    clock.advance(15_000);
    expect((await sendPhone(t, PHONE)).statusCode).toBe(200);
    expect(await outbox(t, PHONE)).toHaveLength(2);
  });

  it('sends exactly one SMS for 50 parallel requests to one phone', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendPhone(t, PHONE)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    expect(await outbox(t, PHONE)).toHaveLength(1);
  });

  it('sends at most 5 SMS to a phone in 10 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await sendPhone(t, PHONE)).statusCode).toBe(200);
      clock.advance(AUTH_LIMITS.resendGapMs);
    }
    const sixth = await sendPhone(t, PHONE);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Слишком много СМС на этот номер/);
    // The first send was 5 minutes ago: it leaves the window 5 minutes from now.
    expect(sixth.headers['retry-after']).toBe('300');
    expect(await outbox(t, PHONE)).toHaveLength(5);
    clock.advance(300_000);
    expect((await sendPhone(t, PHONE)).statusCode).toBe(200);
  });

  it('limits sends from one address to 20 an hour, whatever the phones', async () => {
    for (let i = 0; i < AUTH_LIMITS.ipSendsPerWindow; i++) {
      expect((await sendPhone(t, `7900000${String(i).padStart(4, '0')}`, '203.0.113.7')).statusCode).toBe(
        200,
      );
    }
    const over = await sendPhone(t, '79009999999', '203.0.113.7');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBe(3600);
    expect(await outbox(t, '79009999999')).toHaveLength(0);
    expect((await sendPhone(t, '79009999999', '198.51.100.1')).statusCode).toBe(200);
    clock.advance(AUTH_LIMITS.ipSendWindowMs);
    expect((await sendPhone(t, '79009999998', '203.0.113.7')).statusCode).toBe(200);
  });

  it('stops all sending when the daily SMS budget is spent', async () => {
    const small = await createTestApp({ clock, config: { smsDailyBudget: 2 } });
    try {
      expect((await sendPhone(small, '79000000011', '192.0.2.1')).statusCode).toBe(200);
      expect((await sendPhone(small, '79000000012', '192.0.2.2')).statusCode).toBe(200);
      const over = await sendPhone(small, '79000000013', '192.0.2.3');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/временно недоступна/);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(await outbox(small, '79000000013')).toHaveLength(0);
    } finally {
      await small.close();
    }
  });

  it('answers the same for a known and an unknown phone', async () => {
    await login(t, PHONE);
    clock.advance(AUTH_LIMITS.resendGapMs);
    const known = await sendPhone(t, PHONE);
    const unknown = await sendPhone(t, '79007654321');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
  });

  it('refuses malformed input with 400 and a message, and sends nothing', async () => {
    for (const payload of [
      { phone: '89001234567' },
      { phone: '7900123456' },
      {},
      { phone: PHONE, extra: 1 },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/phone', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/Неверные данные/);
    }
    const badCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { phone: PHONE, token: '12a45' },
    });
    expect(badCode.statusCode).toBe(400);
    expect((await t.app.inject('/api/dev/outbox')).json()).toEqual([]);
    expect((await sendPhone(t, PHONE)).statusCode).toBe(200);
  });

  it('keeps the outbox out of production', async () => {
    const production = await createTestApp({ database: t.database, config: { isProduction: true } });
    try {
      expect((await production.app.inject('/api/dev/outbox')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
