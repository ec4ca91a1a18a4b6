import { describe, expect, it } from 'vitest';
import { forAll, testSeed } from '#common/testing/random';
import { spreadOver } from './spread';

describe('spreadOver', () => {
  it('splits in proportion, the rounding kopecks to the largest remainders, earlier lines first', () => {
    expect(spreadOver(100, [1, 1, 1], [100, 100, 100])).toEqual([34, 33, 33]);
    expect(spreadOver(10, [300, 100], [1000, 1000])).toEqual([8, 2]);
  });

  it('gives a capped line its cap and the rest to the others', () => {
    expect(spreadOver(90, [100, 100], [10, 100])).toEqual([10, 80]);
  });

  it('leaves lines without weight or room at zero', () => {
    expect(spreadOver(50, [0, 100, 100], [100, 0, 100])).toEqual([0, 0, 50]);
  });

  it('refuses more than the lines can take', () => {
    expect(() => spreadOver(11, [1, 1], [5, 5])).toThrow();
  });

  it('is exact for any amount the lines can take, no share past its cap or below zero', () => {
    forAll(
      2000,
      testSeed(29),
      (random) => {
        const rows = Array.from({ length: random.int(1, 40) }, () => ({
          weight: random.chance(0.1) ? 0 : random.int(1, random.pick([100, 10_000, 100_000_000])),
          cap: random.chance(0.1) ? 0 : random.int(1, random.pick([100, 10_000, 100_000_000])),
        }));
        const room = rows.reduce((sum, row) => sum + (row.weight > 0 ? row.cap : 0), 0);
        return { rows, amount: random.chance(0.1) ? room : Math.floor(room * random.next()) };
      },
      ({ rows, amount }) => {
        const shares = spreadOver(
          amount,
          rows.map((row) => row.weight),
          rows.map((row) => row.cap),
        );
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(rows[i]!.cap);
          if (rows[i]!.weight === 0) expect(share).toBe(0);
        });
      },
    );
  });
});
