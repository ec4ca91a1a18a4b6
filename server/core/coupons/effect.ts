import { AppError } from '#server/errors';
import { kopecks, type Kopecks } from '../money';
import type { ReceiptLine } from '../receipt/lines';
import { spreadOver } from '../receipt/spread';
import type { PromoRow } from './find';

/**
 * What a code does to a cheque (decision 064), pure and in kopecks. A discount goes over the eligible lines in
 * proportion to their sums, kopeck-exact (spread.ts), none past its line's sum; extra bonuses go over the
 * eligible lines' earn the same way. Eligible: not in a legal group (15-FZ art. 16 forbids any discount or
 * coupon on tobacco: decision 061), and in the promo's category when it names one.
 */

/** A cheque as a coupon reads it: the sum and, when sent, the lines. */
export interface CouponCheque {
  sum: Kopecks;
  lines: readonly ReceiptLine[] | null;
}

export interface CouponDiscount {
  /** Money off, kopecks: the lines' discounts together. */
  discount: Kopecks;
  /** Each line's discount; null for a sum-only cheque. */
  lineDiscounts: Kopecks[] | null;
  /** The cheque after the discount (what the rest of the till computes on). */
  sum: Kopecks;
  /** The lines with their sums lowered and their discounts raised by the coupon's. */
  lines: ReceiptLine[] | null;
}

/** Which lines the promo may touch: none in a legal group, and only its category's when it has one. */
export function eligibleLines(
  lines: readonly ReceiptLine[],
  categories: ReadonlySet<string> | null,
): boolean[] {
  return lines.map(
    (line) =>
      line.legalGroup === null &&
      (categories === null || (line.categoryId !== null && categories.has(line.categoryId))),
  );
}

const notApplicable = () =>
  new AppError(
    'COUPON_NOT_APPLICABLE',
    'Промокод к этому чеку не применяется: в нём нет подходящих товаров (на табак и алкоголь скидок нет)',
  );

/** The cheque's discount by the promo (none for a bonus promo); a 409 when nothing may take it. */
export function couponDiscount(
  promo: Pick<PromoRow, 'effect' | 'value' | 'categoryId'>,
  cheque: CouponCheque,
  categories: ReadonlySet<string> | null,
): CouponDiscount {
  if (promo.categoryId !== null && cheque.lines === null) {
    throw new AppError(
      'COUPON_NEEDS_LINES',
      'Промокод действует на товары категории: передайте строки чека (items)',
    );
  }
  const eligible = cheque.lines ? eligibleLines(cheque.lines, categories) : null;
  if (eligible && !eligible.some(Boolean)) throw notApplicable();
  const base = cheque.lines
    ? cheque.lines.reduce((total, line, i) => total + (eligible![i] ? line.sum : 0), 0)
    : cheque.sum;
  const isDiscount = promo.effect === 'discount_percent' || promo.effect === 'discount_fixed';
  const total = !isDiscount
    ? 0
    : promo.effect === 'discount_percent'
      ? Math.floor((base * promo.value) / 100)
      : Math.min(promo.value, base);
  if (!cheque.lines) {
    return { discount: kopecks(total), lineDiscounts: null, sum: kopecks(cheque.sum - total), lines: null };
  }
  const weights = cheque.lines.map((line, i) => (eligible![i] ? line.sum : 0));
  const shares = spreadOver(
    total,
    weights,
    cheque.lines.map((line) => line.sum),
  ).map(kopecks);
  return {
    discount: kopecks(total),
    lineDiscounts: shares,
    sum: kopecks(cheque.sum - total),
    lines: cheque.lines.map((line, i) => ({
      ...line,
      sum: kopecks(line.sum - shares[i]!),
      discount: kopecks(line.discount + shares[i]!),
    })),
  };
}

/** The earn of a cheque, as the till's earn path answers it (lines with their spend and earn shares). */
export interface EarnedCheque {
  earn: number;
  lines: readonly (ReceiptLine & { spend: number; earn: number })[] | null;
}

/**
 * The promo's extra bonuses over the money paid for the eligible lines that earn (or the cheque's money less
 * the bonuses spent, sum-only), and the earn's lines with it spread over them. None for a discount promo.
 */
export function couponBonuses<E extends EarnedCheque>(
  promo: Pick<PromoRow, 'effect' | 'value'>,
  earned: E,
  money: { sum: number; spend: number },
  categories: ReadonlySet<string> | null,
  /** The most bonuses the code may add (the owner's cap on the cheque less what the rules earned). */
  room = Number.MAX_SAFE_INTEGER,
): { bonuses: Kopecks; earned: E } {
  if (promo.effect !== 'bonus_percent' && promo.effect !== 'bonus_fixed') {
    return { bonuses: kopecks(0), earned };
  }
  const lines = earned.lines;
  const eligible = lines ? eligibleLines(lines, categories).map((ok, i) => ok && lines[i]!.canEarn) : null;
  if (eligible && !eligible.some(Boolean)) throw notApplicable();
  const paid = lines
    ? lines.map((line, i) => (eligible![i] ? line.sum - line.spend : 0))
    : [money.sum - money.spend];
  const base = paid.reduce((total, value) => total + value, 0);
  const bonuses = Math.min(
    promo.effect === 'bonus_percent' ? Math.floor((base * promo.value) / 100) : promo.value,
    room,
  );
  if (!lines) return { bonuses: kopecks(bonuses), earned: { ...earned, earn: earned.earn + bonuses } };
  const weights = base > 0 ? paid : lines.map((line, i) => (eligible![i] ? Math.max(line.sum, 1) : 0));
  const shares = spreadOver(
    bonuses,
    weights,
    weights.map(() => bonuses),
  );
  return {
    bonuses: kopecks(bonuses),
    earned: {
      ...earned,
      earn: earned.earn + bonuses,
      lines: lines.map((line, i) => ({ ...line, earn: kopecks(line.earn + shares[i]!) })),
    },
  };
}
