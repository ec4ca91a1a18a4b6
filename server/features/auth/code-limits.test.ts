import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { AUTH_LIMITS } from './limits';
import {
  confirm,
  fakeClock,
  lastCode,
  login,
  outbox,
  sendPhone,
  wrongCode,
  type FakeClock,
} from '#server/test/auth-kit';

const PHONE = '79001234567';

describe('login by SMS code: the code', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock });
  });
  afterEach(() => t.close());

  it('sends a 5-digit code and exchanges it once for a token pair', async () => {
    const sent = await sendPhone(t, PHONE);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ code: 0, message: 'Код отправлен' });
    const code = await lastCode(t, PHONE);
    expect(code).toMatch(/^\d{5}$/);
    const ok = await confirm(t, PHONE, code);
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['refresh', 'token']);
    const again = await confirm(t, PHONE, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INCORRECT_ACTIVATION_CODE' });
  });

  it('answers a wrong code with INCORRECT_ACTIVATION_CODE and its Russian text', async () => {
    await sendPhone(t, PHONE);
    const response = await confirm(t, PHONE, wrongCode(await lastCode(t, PHONE)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Неправильный код подтверждения',
      code: 'INCORRECT_ACTIVATION_CODE',
    });
  });

  it('kills a code after 5 wrong tries: the 6th try fails even when it is right', async () => {
    await sendPhone(t, PHONE);
    const code = await lastCode(t, PHONE);
    for (let i = 0; i < 5; i++) {
      expect((await confirm(t, PHONE, wrongCode(code))).json().code).toBe('INCORRECT_ACTIVATION_CODE');
    }
    const sixth = await confirm(t, PHONE, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().code).toBe('INCORRECT_ACTIVATION_CODE');
  });

  it('answers alike for a phone with a pending code and one without, and limits both', async () => {
    const NO_CODE = '79001234568';
    await sendPhone(t, PHONE);
    const code = await lastCode(t, PHONE);
    const pending = await confirm(t, PHONE, wrongCode(code));
    const none = await confirm(t, NO_CODE, wrongCode(code));
    expect(none.statusCode).toBe(pending.statusCode);
    expect(none.json()).toEqual(pending.json());
    // The daily cap of failures holds for a phone that never had a code just as for one that has.
    for (let i = 1; i < AUTH_LIMITS.phoneFailuresPerDay; i++) await confirm(t, NO_CODE, '00000');
    const locked = await confirm(t, NO_CODE, '00000');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('refuses a code older than 5 minutes', async () => {
    await sendPhone(t, PHONE);
    const code = await lastCode(t, PHONE);
    clock.advance(AUTH_LIMITS.codeTtlMs);
    const response = await confirm(t, PHONE, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INCORRECT_ACTIVATION_CODE' });
  });

  it('accepts only the newest code: the old one fails after a resend', async () => {
    await sendPhone(t, PHONE);
    const old = await lastCode(t, PHONE);
    clock.advance(AUTH_LIMITS.resendGapMs);
    await sendPhone(t, PHONE);
    const newest = await lastCode(t, PHONE);
    if (newest === old) return; // 1 in 100,000: the same digits are the same code
    expect((await confirm(t, PHONE, old)).json().code).toBe('INCORRECT_ACTIVATION_CODE');
    expect((await confirm(t, PHONE, newest)).statusCode).toBe(200);
  });

  it('caps failures per phone at 10 a day across codes, then lets the phone in again a day later', async () => {
    for (let round = 0; round < 2; round++) {
      await sendPhone(t, PHONE);
      const code = await lastCode(t, PHONE);
      for (let i = 0; i < 5; i++) await confirm(t, PHONE, wrongCode(code));
      clock.advance(AUTH_LIMITS.resendGapMs);
    }
    expect((await sendPhone(t, PHONE)).statusCode).toBe(200);
    const right = await confirm(t, PHONE, await lastCode(t, PHONE));
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().message).toMatch(/Слишком много неверных кодов/);

    clock.advance(AUTH_LIMITS.failureWindowMs);
    expect((await sendPhone(t, PHONE)).statusCode).toBe(200);
    expect((await confirm(t, PHONE, await lastCode(t, PHONE))).statusCode).toBe(200);
  });

  it('arms the fixed code of SMS_TEST_OTP phones without an SMS or send limits, once per send', async () => {
    const fixed = await createTestApp({
      database: t.database,
      config: { smsTestOtp: new Map([['79990000000', '12345']]) },
    });
    try {
      for (let login = 0; login < 8; login++) {
        expect((await sendPhone(fixed, '79990000000')).statusCode).toBe(200);
        expect((await confirm(fixed, '79990000000', '12345')).statusCode).toBe(200);
        // Each send arms the code for one use.
        expect((await confirm(fixed, '79990000000', '12345')).statusCode).toBe(400);
      }
      expect(await outbox(fixed, '79990000000')).toEqual([]);
      // The verification limits still hold: a wrong code is a failure like any other.
      await sendPhone(fixed, '79990000000');
      expect((await confirm(fixed, '79990000000', '54321')).json().code).toBe('INCORRECT_ACTIVATION_CODE');
    } finally {
      await fixed.close();
    }
  });

  it('never writes the code to a log line', async () => {
    await login(t, PHONE);
    const code = (await outbox(t, PHONE))[0]?.code ?? '';
    expect(t.smsLog).toEqual(['SMS to 7900***4567 queued']);
    expect(t.smsLog.join('\n')).not.toContain(code);
  });
});
