import type { TillCoupon } from '#common/contract/coupons';
import type { EarnLimits } from '#common/contract/earn-limits';
import type { TillOperation } from '#common/contract/till';
import {
  couponBonuses,
  couponDiscount,
  type CouponDiscount,
  type EarnedCheque,
} from '#server/core/coupons/effect';
import { categoriesOf, findCoupon, type PromoCodeRow, type PromoRow } from '#server/core/coupons/find';
import {
  couponUseOf,
  couponUsesOf,
  holdCoupon,
  type CouponFigures,
  type CouponUseRow,
} from '#server/core/coupons/holds';
import type { AppliedRule } from '#common/contract/programme';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { chequeEarnCap } from '#server/core/earn/earn-limits';
import { kopecks, toRoubles, type Kopecks } from '#server/core/money';
import type { ReceiptLine } from '#server/core/receipt/lines';
import type { Db } from '#server/db/client';
import { TILL_HOLD_MINUTES } from './holds';
import { minutes, type TillDeps, type VisitRow } from './operation-rows';

/**
 * A coupon or promo code given at the till (decision 064): checked, its discount taken off the eligible lines,
 * then held for the visit as long as a spend's hold lasts. The rest of the till computes on the cheque less the
 * discount; the code's extra bonuses join the earn. The code itself lives in server/core/coupons.
 */
export interface ChequeCoupon {
  promo: PromoRow;
  code: PromoCodeRow;
  use: CouponUseRow;
  categories: ReadonlySet<string> | null;
  discount: CouponDiscount;
  /** The owner's limits on one cheque's earn (decision 046): the code's bonuses stay within them too. */
  earnLimits: EarnLimits;
}

/** The code's check, discount and hold for this visit's cheque; null without a code. Nothing held on a refusal. */
export async function couponForCheque(
  deps: TillDeps,
  visit: Pick<VisitRow, 'id' | 'userId'>,
  code: string | undefined,
  cheque: { sum: Kopecks; lines: ReceiptLine[] | null; timeZone: string },
): Promise<ChequeCoupon | null> {
  if (code === undefined) return null;
  const now = deps.clock.now();
  const found = await findCoupon(deps.db, { code, userId: visit.userId, now, timeZone: cheque.timeZone });
  const [categories, { earnLimits }] = await Promise.all([
    categoriesOf(deps.db, found.promo.categoryId),
    cachedBrandSettings(deps.db, deps.cache),
  ]);
  const discount = couponDiscount(found.promo, cheque, categories);
  const use = await holdCoupon(deps.db, found, {
    visitId: visit.id,
    userId: visit.userId,
    now,
    expiresAt: new Date(now.getTime() + minutes(TILL_HOLD_MINUTES)),
  });
  return { ...found, use, categories, discount, earnLimits };
}

/** The earn with the code's extra bonuses (and its rule named), and what the code gave the cheque. */
export function withCouponEarn<E extends EarnedCheque & { rules: AppliedRule[] }>(
  coupon: ChequeCoupon | null,
  earned: E,
  money: { sum: number; spend: number },
): { earned: E; figures: CouponFigures | null } {
  if (!coupon) return { earned, figures: null };
  // The code's bonuses join the rules' earn under the owner's cap on one cheque: a marketer's promo cannot mint
  // past it (decision 046), as stacked campaigns cannot.
  const room = Math.max(0, chequeEarnCap(money.sum, coupon.earnLimits) - earned.earn);
  const { bonuses, earned: after } = couponBonuses(coupon.promo, earned, money, coupon.categories, room);
  const rule: AppliedRule = {
    kind: 'COUPON',
    id: coupon.promo.id,
    title: `Промокод «${coupon.promo.title}»`,
  };
  return {
    earned: { ...after, earn: kopecks(after.earn), rules: [...after.rules, rule] },
    figures: {
      discount: coupon.discount.discount,
      bonuses,
      lineDiscounts: coupon.discount.lineDiscounts,
    },
  };
}

/** What the code gave, as the till's answers show it. */
export const tillCouponOf = (
  coupon: { code: string; title: string; effect: PromoRow['effect'] },
  figures: CouponFigures,
): TillCoupon => ({
  code: coupon.code,
  title: coupon.title,
  effect: coupon.effect.toUpperCase() as TillCoupon['effect'],
  discount: toRoubles(figures.discount),
  bonuses: toRoubles(figures.bonuses),
  lines:
    figures.lineDiscounts?.map((discount, i) => ({ line: i + 1, discount: toRoubles(discount) })) ?? null,
});

/**
 * A repeated call of an operation that used a code: the cheque as it was computed then (less the code's stored
 * discounts), so the idempotency check compares like with like.
 */
export async function chequeAsDone(
  db: Db,
  operationId: string,
  cheque: { sum: Kopecks; lines: ReceiptLine[] | null },
) {
  const done = await couponUseOf(db, operationId);
  if (!done) return cheque;
  const shares = done.use.lineDiscounts;
  return {
    sum: kopecks(cheque.sum - done.use.discount),
    lines:
      cheque.lines?.map((line, i) => ({
        ...line,
        sum: kopecks(line.sum - (shares?.[i] ?? 0)),
        discount: kopecks(line.discount + (shares?.[i] ?? 0)),
      })) ?? null,
  };
}

/** An operation's answer with the code it used or holds (`coupon`; absent when none). */
export async function withCoupon(db: Db, operation: TillOperation): Promise<TillOperation> {
  return (await withCoupons(db, [operation]))[0]!;
}

/** The operations with the codes they used or hold (one query for them all; the visit's list). */
export async function withCoupons(db: Db, operations: TillOperation[]): Promise<TillOperation[]> {
  if (operations.length === 0) return operations;
  const uses = await couponUsesOf(
    db,
    operations.map((op) => op.operationId),
  );
  return operations.map((op) => {
    const done = uses.get(op.operationId);
    return done ? { ...op, coupon: tillCouponOf(done, done.use) } : op;
  });
}
