import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fakeClock } from '#server/test/auth-kit';
import {
  asStaff,
  createStaffWithToken,
  firstLogin,
  STAFF_PASSWORD,
  staffOfRole,
  totpCode,
} from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'staff-login-operator-token-0123456789';

describe('the console login', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });

  it('takes the owner through password, enrolment and a new password, with an HttpOnly strict cookie', async () => {
    const created = await createStaffWithToken(t, TOKEN, 'Owner@Example.com', 'owner');
    expect(created.oneTimePassword).toMatch(/^\S{16}$/);
    const first = await login('owner@example.com', created.oneTimePassword);
    expect(first.json().stage).toBe('enrol');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    const who = await firstLogin(t, clock, 'owner@example.com', created.oneTimePassword);
    const session = await asStaff(t, who, { url: '/api/admin/session' });
    expect(session.json()).toMatchObject({
      stage: 'active',
      staff: { email: 'owner@example.com', role: 'owner' },
    });
    expect(session.json().permissions).toContain('staff.write');

    // The next login asks for the authenticator's code, and the one-time password no longer works.
    expect((await login('owner@example.com', created.oneTimePassword)).json().code).toBe('LOGIN_FAILED');
    const again = await login('owner@example.com', STAFF_PASSWORD);
    expect(again.json().stage).toBe('totp');
    const headers = {
      cookie: String(again.headers['set-cookie']).split(';')[0]!,
      'x-csrf-token': again.json().csrfToken,
    };
    const early = await t.app.inject({ url: '/api/admin/staff', headers });
    expect(early.statusCode).toBe(401);
    clock.advance(31_000);
    const code = totpCode(who.totpSecret, clock.now());
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers,
      payload: { code },
    });
    expect(ok.json().stage).toBe('active');
    // No session fixation: the completed login has a new cookie and CSRF token; the password step's are dead.
    const fresh = {
      cookie: String(ok.headers['set-cookie']).split(';')[0]!,
      'x-csrf-token': ok.json().csrfToken,
    };
    expect(fresh.cookie).toMatch(/^kopilka_staff=\S+/);
    expect(fresh.cookie).not.toBe(headers.cookie);
    expect(fresh['x-csrf-token']).not.toBe(headers['x-csrf-token']);
    expect((await t.app.inject({ url: '/api/admin/staff', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/session', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/staff', headers: fresh })).statusCode).toBe(200);
  });

  it('refuses a code used once already (no replay)', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'viewer');
    const step = await login(who.email, STAFF_PASSWORD);
    const headers = {
      cookie: String(step.headers['set-cookie']).split(';')[0]!,
      'x-csrf-token': step.json().csrfToken,
    };
    // The enrolment's code is of this same time step.
    const code = totpCode(who.totpSecret, clock.now());
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers,
      payload: { code },
    });
    expect(replay.json().code).toBe('TOTP_INVALID');
  });

  it('answers an unknown e-mail as a wrong password, and locks after 5 failures for 15 minutes', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'support');
    expect((await login('nobody@example.com', 'whatever')).json().code).toBe('LOGIN_FAILED');
    for (let i = 0; i < 4; i++) expect((await login(who.email, 'wrong')).json().code).toBe('LOGIN_FAILED');
    const fifth = await login(who.email, 'wrong');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
    expect(fifth.headers['retry-after']).toBe(String(15 * 60));
    // Even the right password is refused while locked; the session already open keeps working.
    expect((await login(who.email, STAFF_PASSWORD)).json().code).toBe('ACCOUNT_LOCKED');
    expect((await asStaff(t, who, { url: '/api/admin/session' })).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(who.email, STAFF_PASSWORD)).json().stage).toBe('totp');
  });

  it('gives parallel guesses no more than the 5 failures before the lock, and then refuses the right password', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'support');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(who.email, i === 19 ? STAFF_PASSWORD : `wrong-${i}`)),
    );
    const codes = answers.map((a) => a.json().code as string | undefined);
    expect(codes.filter((c) => c === 'LOGIN_FAILED').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(15);
    // Still locked for the whole 15 minutes: the failures in flight started no new count.
    clock.advance(14 * 60_000);
    expect((await login(who.email, STAFF_PASSWORD)).json().code).toBe('ACCOUNT_LOCKED');
    clock.advance(61_000);
    expect((await login(who.email, STAFF_PASSWORD)).json().stage).toBe('totp');
  });

  it('refuses a login step without the session CSRF token', async () => {
    const created = await createStaffWithToken(t, TOKEN, 'csrf@example.com', 'viewer');
    const step = await login('csrf@example.com', created.oneTimePassword);
    const cookie = String(step.headers['set-cookie']).split(';')[0]!;
    const bare = await t.app.inject({ method: 'POST', url: '/api/admin/login/enrol', headers: { cookie } });
    expect(bare.json().code).toBe('CSRF_INVALID');
  });

  it('ends sessions: logout, idle expiry, end all, a disabled account', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'marketer');
    const out = await asStaff(t, who, { method: 'POST', url: '/api/admin/logout' });
    expect(out.json().ended).toBe(1);
    expect((await asStaff(t, who, { url: '/api/admin/session' })).statusCode).toBe(401);

    const idle = await staffOfRole(t, clock, TOKEN, 'marketer');
    clock.advance(31 * 60_000);
    expect((await asStaff(t, idle, { url: '/api/operator/settings' })).statusCode).toBe(401);

    const many = await staffOfRole(t, clock, TOKEN, 'accountant');
    const ended = await asStaff(t, many, { method: 'POST', url: '/api/admin/sessions/end-all' });
    expect(ended.json().ended).toBeGreaterThanOrEqual(1);
    expect((await asStaff(t, many, { url: '/api/operator/gift-card-invoices' })).statusCode).toBe(401);

    const gone = await staffOfRole(t, clock, TOKEN, 'viewer');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${gone.id}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { disabled: true },
    });
    expect((await asStaff(t, gone, { url: '/api/operator/settings' })).statusCode).toBe(401);
    expect((await login(gone.email, STAFF_PASSWORD)).json().code).toBe('LOGIN_FAILED');
  });

  it('resets a password (and a lost authenticator): the person enrols again and sets their own', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'support');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${who.id}/reset`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { resetTotp: true },
    });
    expect(reset.json().staff).toMatchObject({ mustChangePassword: true, totpEnrolled: false });
    expect((await asStaff(t, who, { url: '/api/admin/session' })).statusCode).toBe(401);
    expect((await login(who.email, STAFF_PASSWORD)).json().code).toBe('LOGIN_FAILED');
    await firstLogin(t, clock, who.email, reset.json().oneTimePassword);
  });

  it('keeps the last owner: no disabling or demoting the only one', async () => {
    const staff = await t.app.inject({
      url: '/api/admin/staff',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const owners = (staff.json() as { id: string; role: string }[]).filter((s) => s.role === 'owner');
    expect(owners).toHaveLength(1);
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${owners[0]!.id}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { role: 'viewer' },
    });
    expect(demote.json().code).toBe('LAST_OWNER');
    const twice = await createStaffWithToken(t, TOKEN, 'x@example.com', 'viewer').then(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { email: 'X@example.com', role: 'owner' },
      }),
    );
    expect(twice.json().code).toBe('STAFF_EXISTS');
  });

  it('writes the audit log for the token and for staff, and the database refuses to change it', async () => {
    const owner = await staffOfRole(t, clock, TOKEN, 'owner');
    const key = await asStaff(t, owner, {
      method: 'POST',
      url: '/api/operator/till-keys',
      payload: { retailPointId: 1 },
    });
    expect(key.statusCode).toBe(200);
    await asStaff(t, owner, { method: 'POST', url: `/api/operator/till-keys/${key.json().keyId}/revoke` });
    const log = await asStaff(t, owner, {
      url: `/api/admin/audit?actor=${encodeURIComponent(owner.email)}&entity=till-key`,
    });
    const items = log.json().items as { action: string; after: Record<string, unknown>; ip: string }[];
    expect(items.map((i) => i.action)).toEqual(['till-key.revoke', 'till-key.issue']);
    expect(JSON.stringify(items)).not.toContain(key.json().key);
    expect(items[0]!.ip).toBe('127.0.0.1');

    const system = await t.app.inject({
      url: '/api/admin/audit?actor=system&action=staff.create&limit=2',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(system.json().items).toHaveLength(2);
    expect(system.json().nextBefore).toBeTypeOf('number');
    const next = await t.app.inject({
      url: `/api/admin/audit?actor=system&action=staff.create&limit=2&before=${system.json().nextBefore}`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(next.json().items[0].id).toBeLessThan(system.json().nextBefore + 1);
    const future = await t.app.inject({
      url: '/api/admin/audit?from=2100-01-01T00:00:00Z',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(future.json().items).toEqual([]);

    await expect(t.deps.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('records logins and failed logins in the audit log, with the address and never the password', async () => {
    const who = await staffOfRole(t, clock, TOKEN, 'support');
    const owner = await staffOfRole(t, clock, TOKEN, 'owner');
    clock.advance(1000);
    expect((await login(who.email, 'a-wrong-password-123')).json().code).toBe('LOGIN_FAILED');
    expect((await login('stranger-53@example.com', 'a-wrong-password-123')).json().code).toBe('LOGIN_FAILED');
    const step = await login(who.email, STAFF_PASSWORD);
    const headers = {
      cookie: String(step.headers['set-cookie']).split(';')[0]!,
      'x-csrf-token': step.json().csrfToken,
    };
    clock.advance(31_000);
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers,
      payload: { code: '000000' },
    });
    expect(wrongCode.json().code).toBe('TOTP_INVALID');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers,
      payload: { code: totpCode(who.totpSecret, clock.now()) },
    });
    expect(ok.json().stage).toBe('active');
    const mine = await asStaff(t, owner, { url: `/api/admin/audit?actor=${encodeURIComponent(who.email)}` });
    const rows = mine.json().items as { action: string; after: { reason?: string } | null; ip: string }[];
    expect(rows.map((r) => [r.action, r.after?.reason ?? null])).toEqual([
      ['staff.login', null],
      ['staff.login-failed', 'totp'],
      ['staff.login-failed', 'password'],
      ['staff.login', null], // the first login, through enrolment and a new password
    ]);
    expect(rows[0]!.ip).toBe('127.0.0.1');
    expect(JSON.stringify(rows)).not.toContain('a-wrong-password-123');
    const stranger = await asStaff(t, owner, { url: '/api/admin/audit?actor=stranger-53%40example.com' });
    expect(stranger.json().items).toMatchObject([
      { action: 'staff.login-failed', after: { reason: 'unknown' } },
    ]);
  });
});
