import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '#server/core/clock';
import { createAdjustableClock } from '#server/core/adjustable-clock';
import { createTestApp, type TestApp } from '#server/test/test-app';

/** POST /api/dev/clock: the DEV_CLOCK handle end-to-end journeys use to reach a gift card's sending date. */
describe('the development clock', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('moves the app clock forward by whole minutes and answers the new time', async () => {
    const clock = createAdjustableClock(systemClock);
    t = await createTestApp({ clock });
    const before = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMinutes: 180 },
    });
    expect(response.statusCode).toBe(200);
    const moved = new Date(response.json<{ now: string }>().now).getTime();
    expect(moved - before).toBeGreaterThanOrEqual(180 * 60_000);
    expect(moved - before).toBeLessThan(181 * 60_000);
    expect(t.deps.clock.now().getTime()).toBeGreaterThanOrEqual(moved);
  });

  it.each([0, -5, 1.5, '60', 366 * 24 * 60 + 1])(
    'refuses advanceMinutes %j and leaves the clock',
    async (advance) => {
      const clock = createAdjustableClock(systemClock);
      t = await createTestApp({ clock });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/dev/clock',
        payload: { advanceMinutes: advance },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/advanceMinutes/);
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000);
    },
  );

  it('does not exist on a server with the real clock', async () => {
    t = await createTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMinutes: 60 },
    });
    expect(response.statusCode).toBe(404);
  });
});
