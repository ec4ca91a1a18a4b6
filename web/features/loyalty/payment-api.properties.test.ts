import { describe, expect, it } from 'vitest';
import { forAll, testSeed, type Random } from '#common/testing/random';
import { parsePaySum, parsePointId } from './retail-point';

/** Property tests of the QR parsers (issue 8): seeded, `TEST_SEED=<n>` replays a failure. */

const SEED = testSeed(8);
const RUNS = 3000;
const MAX_KOPECKS = 100_000_000; // 1,000,000 roubles

/** A sum in kopecks written as roubles the way people type it: 0, 1 or 2 decimals, a dot or a comma. */
function writtenSum(random: Random) {
  const kopecks = random.chance(0.1)
    ? random.pick([1, 10, 99, 100, MAX_KOPECKS - 1, MAX_KOPECKS])
    : random.int(1, MAX_KOPECKS);
  const roubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const mark = random.pick(['.', ',']);
  const decimals =
    cents === 0
      ? random.pick(['', '0', '00'])
      : cents % 10 === 0 && random.chance(0.5)
        ? String(cents / 10)
        : String(cents).padStart(2, '0');
  const text = decimals ? `${roubles}${mark}${decimals}` : String(roubles);
  return { kopecks, text: random.chance(0.2) ? ` ${text} ` : text };
}

function junk(random: Random): string {
  const alphabet = random.pick(['0123456789', '0123456789.,', '0123456789.,-+e ', 'abc٣😀\u0000']);
  return random.string(random.int(0, 14), alphabet);
}

describe('parsePaySum', () => {
  it('accepts every sum in range written with at most two decimals, exactly', () => {
    forAll(RUNS, SEED, writtenSum, ({ kopecks, text }) => {
      const value = parsePaySum(text);
      expect(value).toBe(kopecks / 100);
      expect(Math.round(value! * 100)).toBe(kopecks);
    });
  });

  it('rounds a third decimal half up to kopecks (spec section 9)', () => {
    forAll(
      RUNS,
      SEED,
      (random) => ({ kopecks: random.int(1, MAX_KOPECKS - 1), third: random.int(0, 9) }),
      ({ kopecks, third }) => {
        const text = `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}${third}`;
        expect(parsePaySum(text)).toBe((kopecks + (third >= 5 ? 1 : 0)) / 100);
      },
    );
  });

  it('refuses zero, negatives and sums above 1,000,000', () => {
    forAll(
      RUNS,
      SEED,
      (random) =>
        random.pick([
          `-${random.int(1, 999_999)}`,
          random.pick(['0', '0.0', '0,00', '.5', '5.', '1e3', '0x10', 'Infinity', 'NaN']),
          `${random.int(1_000_000, 9_999_999)}.${random.int(1, 99).toString().padStart(2, '0')}`,
          String(random.int(1_000_001, 99_999_999)),
        ]),
      (text) => expect(parsePaySum(text)).toBeNull(),
    );
  });

  it('answers anything typed either null or a positive sum of whole kopecks up to 1,000,000', () => {
    forAll(RUNS, SEED, junk, (text) => {
      const value = parsePaySum(text);
      if (value === null) return;
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(1_000_000);
      expect(Math.abs(Math.round(value * 100) - value * 100)).toBeLessThan(1e-6);
    });
  });
});

describe('parsePointId', () => {
  it('accepts exactly the positive integers that fit the database, written in decimal', () => {
    forAll(
      RUNS,
      SEED,
      (random) =>
        random.chance(0.5)
          ? random.int(1, 2 ** 31 - 1)
          : random.pick([1, 2 ** 31 - 1, 2 ** 31, 0, 9_999_999_999]),
      (id) => expect(parsePointId(String(id))).toBe(id >= 1 && id <= 2 ** 31 - 1 ? id : null),
    );
  });

  it('answers anything typed either null or a positive integer', () => {
    forAll(RUNS, SEED, junk, (text) => {
      const value = parsePointId(text);
      if (value === null) return;
      expect(Number.isInteger(value) && value >= 1 && value <= 2 ** 31 - 1).toBe(true);
      expect(Number(text)).toBe(value);
    });
  });
});
