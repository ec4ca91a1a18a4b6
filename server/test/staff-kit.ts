// Helpers for the console's tests: a staff member created with the operator's token, logged in through every
// step (the authenticator's code computed here, as an authenticator app would), and calls with the session.
import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '#common/contract/permissions';
import type { FakeClock } from './auth-kit';
import type { TestApp } from './test-app';

export const STAFF_PASSWORD = 'a-long-own-password-1';

export interface StaffLogin {
  email: string;
  cookie: string;
  csrfToken: string;
  totpSecret: string;
}

export const totpCode = (secret: string, now: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: now.getTime(),
  });

const cookieOf = (setCookie: string | string[] | undefined) => {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (line ?? '').split(';')[0]!;
};

/** Creates the account with the token (the CLI's way) and answers its one-time password. */
export async function createStaffWithToken(t: TestApp, token: string, email: string, role: StaffRole) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: { authorization: `Bearer ${token}` },
    payload: { email, role },
  });
  if (response.statusCode !== 200) throw new Error(`create staff: ${response.body}`);
  return response.json() as { staff: { id: string }; oneTimePassword: string };
}

/** The first login: one-time password, enrolment (the code from the new secret), a new password. */
export async function firstLogin(t: TestApp, clock: FakeClock, email: string, oneTime: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password: oneTime },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  // Each completed step replaces the session's cookie and CSRF token (no session fixation): follow them.
  let headers = {
    cookie: cookieOf(login.headers['set-cookie']),
    'x-csrf-token': login.json().csrfToken as string,
  };
  const follow = (step: { headers: { 'set-cookie'?: string | string[] }; json(): unknown }) => {
    const cookie = cookieOf(step.headers['set-cookie']);
    const { csrfToken } = step.json() as { csrfToken: string };
    if (cookie) headers = { cookie, 'x-csrf-token': csrfToken };
  };
  const enrol = await t.app.inject({ method: 'POST', url: '/api/admin/login/enrol', headers });
  const { secret } = enrol.json() as { secret: string };
  clock.advance(31_000);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login/enrol/confirm',
    headers,
    payload: { code: totpCode(secret, clock.now()) },
  });
  if ((confirmed.json() as { stage: string }).stage !== 'password') throw new Error(confirmed.body);
  follow(confirmed);
  const ownPassword = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login/password',
    headers,
    payload: { password: STAFF_PASSWORD },
  });
  follow(ownPassword);
  const { cookie, 'x-csrf-token': csrfToken } = headers;
  return { email, cookie, csrfToken, totpSecret: secret } satisfies StaffLogin;
}

/** A call with the session's cookie and (for a change) its CSRF token. */
export const asStaff = (t: TestApp, who: Pick<StaffLogin, 'cookie' | 'csrfToken'>, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { ...options.headers, cookie: who.cookie, 'x-csrf-token': who.csrfToken },
  });

/** A staff member of the role, logged in and active. */
export async function staffOfRole(t: TestApp, clock: FakeClock, token: string, role: StaffRole) {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await createStaffWithToken(t, token, email, role);
  return { id: created.staff.id, ...(await firstLogin(t, clock, email, created.oneTimePassword)) };
}
