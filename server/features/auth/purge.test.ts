import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authFailures, rateLimits, refreshTokens, sessions, smsSends } from '#server/db/schema/auth';
import { fakeClock, login, refresh, withBearer, type FakeClock } from '#server/test/auth-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { hashRefreshToken } from './auth-crypto';
import { AUTH_KEEP, purgeAuthRows } from './purge';
import { AUTH_LIMITS } from './limits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the purge of rows no login check reads any more (decision 044)', () => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock });
  });
  afterEach(() => t.close());

  const rowsOf = async (
    table: typeof smsSends | typeof authFailures | typeof rateLimits | typeof refreshTokens,
  ) => (await t.deps.db.select({ n: count() }).from(table))[0]!.n;
  const ago = (ms: number) => new Date(clock.now().getTime() - ms);

  it('deletes SMS sends, failures and limit windows past their keeping, and keeps the newer ones', async () => {
    const phone = '79001112233';
    await t.deps.db.insert(smsSends).values([
      { phone, ip: '10.0.0.1', sentAt: ago(AUTH_KEEP.smsSendsMs + HOUR) },
      { phone, ip: '10.0.0.1', sentAt: ago(AUTH_KEEP.smsSendsMs - HOUR) },
    ]);
    await t.deps.db.insert(authFailures).values([
      { phone, failedAt: ago(AUTH_KEEP.authFailuresMs + HOUR) },
      { phone, failedAt: ago(AUTH_LIMITS.failureWindowMs - HOUR) },
    ]);
    await t.deps.db.insert(rateLimits).values([
      { key: 'purge-test:old', windowStart: ago(2 * DAY + HOUR), count: 3 },
      { key: 'purge-test:current', windowStart: ago(HOUR), count: 3 },
      // A year-long window (a gift card's last-4 tries, decision 047) is kept for its year and a day.
      { key: 'long:purge-test:kept', windowStart: ago(300 * DAY), count: 3 },
      { key: 'long:purge-test:old', windowStart: ago(368 * DAY), count: 3 },
    ]);
    const before = { sends: await rowsOf(smsSends), failures: await rowsOf(authFailures) };

    expect(await purgeAuthRows(t.deps)).toMatchObject({ smsSends: 1, authFailures: 1, rateLimits: 2 });
    expect(await rowsOf(smsSends)).toBe(before.sends - 1);
    expect(await rowsOf(authFailures)).toBe(before.failures - 1);
    const keys = (await t.deps.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('purge-test:current');
    expect(keys).not.toContain('purge-test:old');
    expect(keys).toContain('long:purge-test:kept');
    expect(keys).not.toContain('long:purge-test:old');
    // A second run (another instance) finds nothing left.
    expect(await purgeAuthRows(t.deps)).toEqual({
      smsSends: 0,
      authFailures: 0,
      rateLimits: 0,
      refreshTokens: 0,
    });
  });

  it('deletes the refresh tokens of dead sessions only: a live session still catches a rotated token’s reuse', async () => {
    const live = await login(t, '79001112234');
    const rotated = live.refresh;
    const next = (await refresh(t, rotated)).json() as { refresh: string };
    const loggedOut = await login(t, '79001112235');
    expect((await withBearer(t, '/api/user/logout', loggedOut.token)).statusCode).toBe(200);
    const idle = await login(t, '79001112236');

    // Two days on, the live session refreshes; the logged-out one has been dead a day and more.
    clock.advance(2 * DAY);
    const nextAgain = (await refresh(t, next.refresh)).json() as { refresh: string };
    const tokensBefore = await rowsOf(refreshTokens);
    const first = await purgeAuthRows(t.deps);
    expect(first.refreshTokens).toBe(1);
    expect(await rowsOf(refreshTokens)).toBe(tokensBefore - 1);
    expect((await refresh(t, loggedOut.refresh)).json().code).toBe('INVALID_REFRESH');

    // The idle session: dead once 30 days pass without a refresh, purged a day after that.
    clock.advance(AUTH_LIMITS.sessionIdleMs - 2 * DAY + DAY + HOUR);
    expect((await refresh(t, nextAgain.refresh)).statusCode).toBe(200);
    expect((await purgeAuthRows(t.deps)).refreshTokens).toBe(1);
    expect((await refresh(t, idle.refresh)).json().code).toBe('INVALID_REFRESH');

    // The live session's rotated token is still known: presenting it again ends the whole family.
    expect((await refresh(t, rotated)).json().code).toBe('INVALID_REFRESH');
    const [liveSession] = await t.deps.db
      .select({ revokedReason: sessions.revokedReason })
      .from(sessions)
      .innerJoin(refreshTokens, eq(refreshTokens.sessionId, sessions.id))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(rotated)));
    expect(liveSession?.revokedReason).toBe('reuse');
  });
});
