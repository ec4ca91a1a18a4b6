import type { Clock } from './clock';

/**
 * The clock of a development or end-to-end server started with DEV_CLOCK: the real time plus an offset that
 * only grows (POST /api/dev/clock), so every part of the app (gift-card sending dates, holds, tokens) sees
 * the same moved time and nothing ever runs backwards.
 */
export interface AdjustableClock extends Clock {
  advance(ms: number): Date;
}

export function createAdjustableClock(base: Clock): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance(ms) {
      offsetMs += Math.max(0, ms);
      return new Date(base.now().getTime() + offsetMs);
    },
  };
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}
