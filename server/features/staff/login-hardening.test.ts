import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '#server/db/schema/staff';
import { fakeClock } from '#server/test/auth-kit';
import { createStaffWithToken, STAFF_PASSWORD, staffOfRole, totpCode } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { STAFF_LOGIN_IP_LIMIT } from './login';

const TOKEN = 'staff-login-limit-token-0123456789abc';

/** The console's password step is limited per client address (docs/decisions/033), beside the account lockout. */
describe('the staff login limit per address', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress });

  it('refuses an address after its attempts in the window, other addresses and the account going on', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'support');
    await createStaffWithToken(t, TOKEN, 'other@example.com', 'viewer');
    const spray = '203.0.113.7';
    // Guesses spread over many e-mails (most unknown) lock no account but spend the address's attempts.
    for (let i = 0; i < STAFF_LOGIN_IP_LIMIT.attempts; i++) {
      const answer = await login(`guess-${i}@example.com`, 'wrong-password-1', spray);
      expect(answer.json().code).toBe('LOGIN_FAILED');
    }
    // Now even the right password from that address is refused, before any check, and the account is not locked.
    const refused = await login(who.email, STAFF_PASSWORD, spray);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Слишком много попыток входа с вашего адреса. Попробуйте позже',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(STAFF_LOGIN_IP_LIMIT.windowMs / 1000);
    expect((await login(who.email, STAFF_PASSWORD, '198.51.100.2')).json().stage).toBe('totp');

    // The window passes: the address may try again.
    clock.advance(STAFF_LOGIN_IP_LIMIT.windowMs + 1000);
    expect((await login(who.email, STAFF_PASSWORD, spray)).json().stage).toBe('totp');
  });
});

/** TOTP secrets are sealed at rest (docs/decisions/033); one stored in clear before still works, and is sealed. */
describe('staff TOTP secrets at rest', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      config: { operatorToken: TOKEN, staffTotpKey: 'a-test-staff-totp-key-0123456789abcdef' },
    });
  });
  afterAll(() => t.close());

  const secretOf = async (email: string) =>
    (await t.deps.db.select().from(staff).where(eq(staff.email, email)))[0]!.totpSecret!;
  const loginWithCode = async (email: string, secret: string) => {
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: STAFF_PASSWORD },
    });
    clock.advance(31_000);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers: {
        cookie: String(step.headers['set-cookie']).split(';')[0]!,
        'x-csrf-token': step.json().csrfToken,
      },
      payload: { code: totpCode(secret, clock.now()) },
    });
  };

  it('stores the enrolled secret sealed, and seals a clear one at the next login', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'viewer');
    const stored = await secretOf(who.email);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(who.totpSecret);
    expect((await loginWithCode(who.email, who.totpSecret)).json().stage).toBe('active');

    // A secret written in clear before this change: the login works, and leaves it sealed.
    await t.deps.db.update(staff).set({ totpSecret: who.totpSecret }).where(eq(staff.email, who.email));
    expect((await loginWithCode(who.email, who.totpSecret)).json().stage).toBe('active');
    expect(await secretOf(who.email)).toMatch(/^v1:/);

    // Another account's sealed secret does not open for this one (the id is bound in).
    const other = await staffOfRole(t, clock, TOKEN, 'support');
    await t.deps.db
      .update(staff)
      .set({ totpSecret: await secretOf(other.email) })
      .where(eq(staff.email, who.email));
    const refused = await loginWithCode(who.email, other.totpSecret);
    expect(refused.json()).toMatchObject({ code: 'TOTP_INVALID' });
    expect(refused.json().message).toMatch(/сбросить/);
  });
});
