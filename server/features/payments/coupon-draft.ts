import type { TillCoupon } from '#common/contract/coupons';
import type { EarnLimits } from '#common/contract/earn-limits';
import type { AppliedRule } from '#common/contract/programme';
import { couponBonuses, couponDiscount, type CouponDiscount } from '#server/core/coupons/effect';
import { categoriesOf, findCoupon, type PromoCodeRow, type PromoRow } from '#server/core/coupons/find';
import type { CouponFigures } from '#server/core/coupons/holds';
import { chequeEarnCap } from '#server/core/earn/earn-limits';
import { kopecks, toRoubles, type Kopecks } from '#server/core/money';
import type { PlannedLine } from '#server/core/receipt/plan';
import type { ReceiptLine } from '#server/core/receipt/lines';
import type { Db } from '#server/db/client';
import type { DraftCouponFigures } from '#server/db/schema/payments';
import { AppError } from '#server/errors';

/**
 * A promo code given on the shop's payment page (decision 071), computed by the same pieces as the till's
 * (server/core/coupons): the code checked for this payer, its discount taken off the cheque (or off a till
 * receipt's eligible lines), its extra bonuses added to the earn within the owner's cap. Nothing here is held:
 * createDraft holds the code in the transaction that writes the draft.
 */
export interface DraftCoupon {
  promo: PromoRow;
  code: PromoCodeRow;
  categories: ReadonlySet<string> | null;
  discount: CouponDiscount;
}

/**
 * The till's texts speak to a cashier; on the payment page the payer reads them. Keyed by the till's text, so
 * a code's check stays in one place and only its words change here.
 */
const PAYER_TEXTS: Record<string, string> = {
  'Промокод уже использован или сейчас применён на другой кассе':
    'Промокод уже использован или сейчас применён к другой покупке',
  'Этот покупатель уже использовал промокод столько раз, сколько можно':
    'Вы уже использовали этот промокод столько раз, сколько можно',
  'Промокод действует на товары категории: передайте строки чека (items)':
    'Промокод действует только на товары определённой категории: оплатите по QR-коду чека с товарами',
};

/** A coupon refusal in the payer's words (any other error as it is). */
export function forPayer(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.code.startsWith('COUPON_')) return error;
  const text = PAYER_TEXTS[error.message];
  return text ? new AppError(error.code, text) : error;
}

/**
 * The code's checks and discount for this cheque, or null without a code: a refusal (unknown, used,
 * expired, paused, not this payer's, over a limit the uses already reached, nothing eligible) is a 4xx before
 * anything is written. Only a payment of a purchase paid here takes a code: at the till the cashier takes it.
 */
export async function draftCoupon(
  db: Db,
  request: {
    code: string | undefined;
    userId: string;
    payType: string;
    now: Date;
    timeZone: string;
    cheque: { sum: Kopecks; lines: ReceiptLine[] | null };
  },
): Promise<DraftCoupon | null> {
  if (request.code === undefined) return null;
  if (request.payType === 'IN_RETAIL_POINT') {
    throw new AppError(
      'COUPON_NOT_APPLICABLE',
      'Промокод применяется при оплате на сайте: при оплате на кассе назовите его кассиру',
    );
  }
  try {
    const found = await findCoupon(db, { ...request, code: request.code });
    const categories = await categoriesOf(db, found.promo.categoryId);
    const discount = couponDiscount(found.promo, request.cheque, categories);
    return { ...found, categories, discount };
  } catch (error) {
    throw forPayer(error);
  }
}

/**
 * The earn with the code's extra bonuses (and its rule named), within the owner's cap on one cheque (decision
 * 046), and what the code gave. A blocked card earns nothing, the code's bonuses neither.
 */
export function withDraftCouponEarn<E extends { earn: number; rules: AppliedRule[] }>(
  coupon: DraftCoupon,
  earned: E,
  plan: PlannedLine[] | null,
  money: { sum: number; spend: number; earnLimits: EarnLimits; cardLocked: boolean },
): { earned: E; plan: PlannedLine[] | null; figures: CouponFigures } {
  const none = { discount: coupon.discount.discount, lineDiscounts: coupon.discount.lineDiscounts };
  if (money.cardLocked) return { earned, plan, figures: { ...none, bonuses: 0 } };
  const room = Math.max(0, chequeEarnCap(money.sum, money.earnLimits) - earned.earn);
  let after;
  try {
    after = couponBonuses(coupon.promo, { earn: earned.earn, lines: plan }, money, coupon.categories, room);
  } catch (error) {
    throw forPayer(error);
  }
  const rules =
    after.bonuses > 0
      ? [
          ...earned.rules,
          { kind: 'COUPON' as const, id: coupon.promo.id, title: `Промокод «${coupon.promo.title}»` },
        ]
      : earned.rules;
  return {
    earned: { ...earned, earn: kopecks(after.earned.earn), rules },
    plan: after.earned.lines as PlannedLine[] | null,
    figures: { ...none, bonuses: after.bonuses },
  };
}

/** What the draft keeps of its code: the code, the promo's title and effect, the figures (kopecks). */
export const draftCouponFigures = (coupon: DraftCoupon, figures: CouponFigures): DraftCouponFigures => ({
  code: coupon.code.code,
  title: coupon.promo.title,
  effect: coupon.promo.effect,
  ...figures,
});

/** The draft's code as the page shows it (the till's shape: roubles, each line's discount). */
export const couponAnswer = (figures: DraftCouponFigures): TillCoupon => ({
  code: figures.code,
  title: figures.title,
  effect: figures.effect.toUpperCase() as TillCoupon['effect'],
  discount: toRoubles(figures.discount),
  bonuses: toRoubles(figures.bonuses),
  lines:
    figures.lineDiscounts?.map((discount, i) => ({ line: i + 1, discount: toRoubles(discount) })) ?? null,
});
