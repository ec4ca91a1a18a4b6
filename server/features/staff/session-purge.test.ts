import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from '#server/db/schema/staff';
import { fakeClock } from '#server/test/auth-kit';
import { asStaff, staffOfRole } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { purgeEndedStaffSessions, STAFF_SESSION_KEEP_DAYS } from './session-purge';

const TOKEN = 'staff-session-purge-token-0123456789ab';
const DAY = 86_400_000;

/** Ended staff sessions are deleted a month later (docs/decisions/033); live ones stay. */
describe('the purge of ended staff sessions', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('keeps a month of ended sessions, then deletes them, never a live one', async () => {
    const ended = await staffOfRole(t, clock, TOKEN, 'viewer');
    await asStaff(t, ended, { method: 'POST', url: '/api/admin/logout' });
    const count = async () => (await t.deps.db.select().from(staffSessions)).length;
    const before = await count();
    expect(await purgeEndedStaffSessions(t.deps)).toBe(0);

    clock.advance((STAFF_SESSION_KEEP_DAYS + 1) * DAY);
    const live = await staffOfRole(t, clock, TOKEN, 'support');
    expect(await purgeEndedStaffSessions(t.deps)).toBe(before);
    // The new person's session still works; only their own rows remain.
    expect((await asStaff(t, live, { url: '/api/admin/session' })).json().stage).toBe('active');
    const left = await t.deps.db.select().from(staffSessions);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((row) => row.createdAt.getTime() > clock.now().getTime() - DAY)).toBe(true);
  });
});
