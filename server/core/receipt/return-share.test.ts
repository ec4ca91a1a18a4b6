import { describe, expect, it } from 'vitest';
import { returnShare } from './return-share';

describe('returnShare (decision 063)', () => {
  it('several partial returns of a line add up exactly to the whole line, each share non-negative', () => {
    // A seeded generator (no property-test library here): the same cases every run.
    let seed = 29;
    const next = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return (seed % max) + 1;
    };
    for (let run = 0; run < 2000; run++) {
      const total = next(100_000_000) - 1;
      const lineMilli = next(run % 2 ? 10_000_000 : 5000);
      let returned = 0;
      let taken = 0;
      for (let cut = 0; cut < next(8) && returned < lineMilli; cut++) {
        const milli = Math.min(next(lineMilli), lineMilli - returned);
        const share = returnShare(total, lineMilli, returned, taken, milli);
        expect(share).toBeGreaterThanOrEqual(0);
        returned += milli;
        taken += share;
      }
      if (returned < lineMilli) taken += returnShare(total, lineMilli, returned, taken, lineMilli - returned);
      expect(taken).toBe(total);
    }
  });

  it('refuses more than the line holds', () => {
    expect(() => returnShare(100, 1000, 500, 50, 501)).toThrow(RangeError);
    expect(() => returnShare(100, 1000, 0, 0, 0)).toThrow(RangeError);
  });
});
