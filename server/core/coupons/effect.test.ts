import { describe, expect, it } from 'vitest';
import { forAll, testSeed } from '#common/testing/random';
import { kopecks } from '../money';
import type { ReceiptLine } from '../receipt/lines';
import { couponBonuses, couponDiscount } from './effect';

const lineOf = (lineNo: number, sum: number, extra: Partial<ReceiptLine> = {}): ReceiptLine => ({
  lineNo,
  sku: null,
  barcode: null,
  name: `line ${lineNo}`,
  quantityMilli: 1000,
  price: kopecks(sum),
  sum: kopecks(sum),
  discount: kopecks(0),
  categoryId: null,
  categoryPath: [],
  legalGroup: null,
  canEarn: true,
  canSpend: true,
  ...extra,
});

describe('a coupon’s discount over the lines (decision 064)', () => {
  it('spreads a percent of the eligible lines kopeck-exact, none on tobacco or another category', () => {
    const lines = [
      lineOf(1, 33_333, { categoryId: 'COFFEE' }),
      lineOf(2, 20_000, { categoryId: 'COFFEE', legalGroup: 'TOBACCO' }),
      lineOf(3, 6_667, { categoryId: 'COFFEE' }),
      lineOf(4, 10_000, { categoryId: 'MILK' }),
    ];
    const result = couponDiscount(
      { effect: 'discount_percent', value: 10, categoryId: 'COFFEE' },
      { sum: kopecks(70_000), lines },
      new Set(['COFFEE']),
    );
    expect(result.discount).toBe(4_000);
    expect(result.lineDiscounts).toEqual([3_333, 0, 667, 0]);
    expect(result.sum).toBe(66_000);
    expect(result.lines!.map((l) => [l.sum, l.discount])).toEqual([
      [30_000, 3_333],
      [20_000, 0],
      [6_000, 667],
      [10_000, 0],
    ]);
  });

  it('a fixed discount takes at most the eligible lines’ money; a cheque with only tobacco is refused', () => {
    const result = couponDiscount(
      { effect: 'discount_fixed', value: 100_000, categoryId: null },
      { sum: kopecks(25_000), lines: [lineOf(1, 5_000), lineOf(2, 20_000, { legalGroup: 'TOBACCO' })] },
      null,
    );
    expect(result.lineDiscounts).toEqual([5_000, 0]);
    expect(() =>
      couponDiscount(
        { effect: 'discount_fixed', value: 100, categoryId: null },
        { sum: kopecks(20_000), lines: [lineOf(1, 20_000, { legalGroup: 'TOBACCO' })] },
        null,
      ),
    ).toThrow(/не применяется/);
  });

  it('is exact for any receipt: shares add up, none negative, none past its line, none on a legal group', () => {
    forAll(
      2000,
      testSeed(64),
      (random) => {
        const lines = Array.from({ length: random.int(1, 30) }, (_, i) =>
          lineOf(i + 1, random.int(1, random.pick([100, 10_000, 10_000_000])), {
            legalGroup: random.chance(0.2) ? 'TOBACCO' : null,
            categoryId: random.pick(['A', 'B']),
          }),
        );
        const percent = random.chance(0.5);
        return {
          lines,
          promo: {
            effect: percent ? ('discount_percent' as const) : ('discount_fixed' as const),
            value: percent ? random.int(1, 100) : random.int(1, 5_000_000),
            categoryId: random.chance(0.5) ? 'A' : null,
          },
        };
      },
      ({ lines, promo }) => {
        const sum = kopecks(lines.reduce((total, line) => total + line.sum, 0));
        const categories = promo.categoryId ? new Set([promo.categoryId]) : null;
        const eligible = lines.filter(
          (line) => !line.legalGroup && (!categories || categories.has(line.categoryId!)),
        );
        if (eligible.length === 0) {
          expect(() => couponDiscount(promo, { sum, lines }, categories)).toThrow();
          return;
        }
        const result = couponDiscount(promo, { sum, lines }, categories);
        const shares = result.lineDiscounts!;
        expect(shares.reduce((total, share) => total + share, 0)).toBe(result.discount);
        expect(result.sum).toBe(sum - result.discount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[i]!.sum);
          if (!eligible.includes(lines[i]!)) expect(share).toBe(0);
        });
      },
    );
  });
});

describe('a coupon’s extra bonuses', () => {
  it('a percent of the money paid for the eligible lines that earn, spread over their earn', () => {
    const lines = [
      { ...lineOf(1, 50_000, { categoryId: 'COFFEE' }), spend: 10_000, earn: 1_200 },
      { ...lineOf(2, 10_000, { categoryId: 'MILK' }), spend: 0, earn: 300 },
    ];
    const { bonuses, earned } = couponBonuses(
      { effect: 'bonus_percent', value: 5 },
      { earn: 1_500, lines },
      { sum: 60_000, spend: 10_000 },
      new Set(['COFFEE']),
    );
    expect(bonuses).toBe(2_000);
    expect(earned.earn).toBe(3_500);
    expect(earned.lines!.map((l) => l.earn)).toEqual([3_200, 300]);
  });

  it('a discount coupon adds nothing', () => {
    const earned = { earn: 100, lines: null };
    expect(
      couponBonuses({ effect: 'discount_fixed', value: 500 }, earned, { sum: 1_000, spend: 0 }, null),
    ).toEqual({ bonuses: 0, earned });
  });
});
