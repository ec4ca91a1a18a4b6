import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { keysFor } from './auth-context';
import { AUTH_LIMITS, JWT_AUDIENCE, JWT_ISSUER } from './limits';
import { fakeClock, login, refresh, withBearer, type FakeClock } from '#server/test/auth-kit';

const PHONE = '79001234567';
const INVALID = { message: 'Invalid Token', code: 'INVALID_TOKEN' };
const isLogged = async (t: TestApp, token: string) =>
  (await withBearer(t, '/api/header', token)).json().isLogged;

describe('tokens', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock });
  });
  afterEach(() => t.close());

  it('a valid access token makes the header say isLogged, and logout ends the session', async () => {
    const pair = await login(t, PHONE);
    expect(await isLogged(t, pair.token)).toBe(true);
    expect((await t.app.inject('/api/header')).json().isLogged).toBe(false);
    const out = await withBearer(t, '/api/user/logout', pair.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(await isLogged(t, pair.token)).toBe(false);
    const again = await withBearer(t, '/api/user/logout', pair.token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID);
    expect((await refresh(t, pair.refresh)).statusCode).toBe(401);
  });

  it('rotates the refresh token on every use', async () => {
    const first = await login(t, PHONE);
    clock.advance(60_000);
    const second = (await refresh(t, first.refresh)).json();
    expect(second.refresh).not.toBe(first.refresh);
    expect(second.token).not.toBe(first.token);
    expect(await isLogged(t, second.token)).toBe(true);
    clock.advance(60_000);
    const third = await refresh(t, second.refresh);
    expect(third.statusCode).toBe(200);
    expect(await isLogged(t, third.json().token)).toBe(true);
  });

  it('reuse of a rotated refresh token revokes the whole family', async () => {
    const first = await login(t, PHONE);
    clock.advance(60_000);
    const second = (await refresh(t, first.refresh)).json();
    clock.advance(AUTH_LIMITS.refreshGraceMs + 1);
    const reuse = await refresh(t, first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('INVALID_REFRESH');
    expect((await refresh(t, second.refresh)).statusCode).toBe(401);
    expect(await isLogged(t, second.token)).toBe(false);
    // Another session of the same phone is not touched.
    clock.advance(AUTH_LIMITS.resendGapMs);
    const other = await login(t, PHONE);
    expect(await isLogged(t, other.token)).toBe(true);
  });

  it('gives 50 concurrent refreshes with one token the same new pair, and revokes nothing', async () => {
    const first = await login(t, PHONE);
    clock.advance(60_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(t, first.refresh)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const pair = answers[0]!.json();
    expect(await isLogged(t, pair.token)).toBe(true);
    expect((await refresh(t, pair.refresh)).statusCode).toBe(200);
  });

  it('ends a session after 30 days without a refresh', async () => {
    const pair = await login(t, PHONE);
    clock.advance(AUTH_LIMITS.sessionIdleMs);
    expect((await refresh(t, pair.refresh)).statusCode).toBe(401);
  });

  it('refuses expired, forged, wrong-type and wrong-algorithm access tokens with 401 Invalid Token', async () => {
    const pair = await login(t, PHONE);
    const { sub, sid } = JSON.parse(Buffer.from(pair.token.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = { typ: 'access', sid };
    const build = (payload: object, alg = 'HS256', typ = 'at+jwt', header: object = {}) =>
      new SignJWT({
        ...claims,
        sub,
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE,
        iat: now,
        exp: now + 900,
        ...payload,
      }).setProtectedHeader({ alg, typ, ...header });
    const key = keysFor(t.deps.config.authSecret).jwt;
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another-secret');

    const control = await build({}).sign(key);
    expect(await isLogged(t, control)).toBe(true);

    const bad: Record<string, string> = {
      forged: await build({}).sign(otherKey),
      tampered: `${pair.token.slice(0, -2)}${pair.token.endsWith('AA') ? 'BB' : 'AA'}`,
      refreshTokenAsAccess: pair.refresh,
      refreshType: await build({ typ: 'refresh' }).sign(key),
      wrongHeaderType: await build({}, 'HS256', 'JWT').sign(key),
      hs512: await build({}, 'HS512').sign(new Uint8Array(64).fill(7)),
      hs512SameKey: await build({}, 'HS512').sign(key),
      none: new UnsecuredJWT({
        ...claims,
        sub,
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE,
        iat: now,
        exp: now + 900,
      }).encode(),
      wrongAudience: await build({ aud: 'someone-else' }).sign(key),
      wrongIssuer: await build({ iss: 'someone-else' }).sign(key),
      notUuid: await build({ sid: 'x' }).sign(key),
      noExpiry: await build({ exp: undefined }).sign(key),
      noIssuedAt: await build({ iat: undefined }).sign(key),
      notYetValid: await build({ nbf: now + 60 }).sign(key),
      noSubject: await build({ sub: undefined }).sign(key),
      // Only the header the server writes is taken: another field (a key id, say) is refused with it.
      extraHeaderField: await build({}, 'HS256', 'at+jwt', { kid: 'k1' }).sign(key),
      paddedSignature: `${control}=`,
      fourParts: `${control}.x`,
    };
    for (const [name, token] of Object.entries(bad)) {
      const response = await withBearer(t, '/api/user/logout', token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual(INVALID);
    }
    // The session is still open: every refusal above came from the token itself.
    expect(await isLogged(t, control)).toBe(true);
    clock.advance(AUTH_LIMITS.accessTokenTtlSeconds * 1000);
    const expired = await withBearer(t, '/api/user/logout', pair.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(INVALID);
    expect((await t.app.inject('/api/user/logout')).json()).toEqual(INVALID);
  });

  it('refuses a malformed or unknown refresh token with 400 or 401 and changes nothing', async () => {
    const pair = await login(t, PHONE);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Неверные данные/);
    expect((await refresh(t, 'A'.repeat(43))).statusCode).toBe(401);
    expect((await refresh(t, pair.refresh)).statusCode).toBe(200);
  });
});
