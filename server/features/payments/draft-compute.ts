import type { EarnLimits } from '#common/contract/earn-limits';
import type { AppliedRule } from '#common/contract/programme';
import { earnFor } from '#server/core/earn/earn';
import { kopecks, type Kopecks } from '#server/core/money';
import type { PlannedLine } from '#server/core/receipt/plan';
import { receiptSpendLimit } from '#server/core/receipt/plan';
import { earnForReceipt } from '#server/core/receipt/receipt-earn';
import type { CouponFigures } from '#server/core/coupons/holds';
import type { CreateDraftBody } from './create-draft';
import { draftCoupon, withDraftCouponEarn, type DraftCoupon } from './coupon-draft';
import type { draftInputs } from './draft-inputs';
import type { PaymentsDeps } from './draft-rows';
import { plannedWithoutEarn, readDraftReceipt } from './receipt-draft';
import { splitPayment } from './split';

export type DraftInputs = Awaited<ReturnType<typeof draftInputs>> & { paySumKopecks: Kopecks; now: Date };

/**
 * What the draft spends, earns and leaves to pay. With a till's receipt (decision 069), read from our table by
 * its id and checked against this point and sum, the bonus limit is its lines' and the earn goes through them
 * (legal groups never take or earn bonuses); without one, exactly the sum-only computation. A promo code
 * (decision 071) first takes its discount off the cheque (its eligible lines), so everything after computes on
 * what the customer pays; its extra bonuses join the earn last.
 */
export async function computeDraft(
  deps: PaymentsDeps,
  userId: string,
  body: CreateDraftBody,
  inputs: DraftInputs,
) {
  const { point, balances, settings, cardLocked, paySumKopecks, now } = inputs;
  const receiptLines = body.receiptId
    ? await readDraftReceipt(deps.db, {
        receiptId: body.receiptId,
        retailPointId: point.id,
        paySum: paySumKopecks,
        now,
        draftId: body.draftId,
      })
    : null;
  const coupon = await draftCoupon(deps.db, {
    code: body.coupon,
    userId,
    payType: body.payType,
    now,
    timeZone: settings.timeZone,
    cheque: { sum: paySumKopecks, lines: receiptLines },
  });
  const sum = coupon ? coupon.discount.sum : paySumKopecks;
  const lines = coupon ? coupon.discount.lines : receiptLines;
  const { earnable, ...split } = splitPayment({
    paySumKopecks: sum,
    spendBonus: body.spendBonus,
    payType: body.payType,
    bonusBalance: balances.bonus,
    maxSpendPercent: settings.maxSpendPercent,
    // The balance's «зачёт аванса» is printed by the shop's register from the till's receipt in the `gateway`
    // mode (decision 086): a payment by the sum alone has no receipt the register reads, so it spends none.
    spendExtra: body.spendExtra && (lines !== null || settings.fiscal.mode !== 'gateway'),
    moneyBalance: balances.money,
    ...(lines ? { receiptLimit: receiptSpendLimit(lines, settings.maxSpendPercent) } : {}),
  });
  const earnInput = { point, at: now, timeZone: settings.timeZone, userId };
  // A blocked card earns nothing (decision 026); paid at the till, the till's own accrual earns.
  const earned = cardLocked
    ? { earn: 0, rules: [], pointPercent: 0 }
    : lines && body.payType !== 'IN_RETAIL_POINT'
      ? await earnForReceipt(deps, {
          ...earnInput,
          sum,
          spend: kopecks(split.spend),
          lines,
          maxSpendPercent: settings.maxSpendPercent,
        })
      : await earnFor(deps, { ...earnInput, cheque: sum, earnable });
  const earnedLines = 'lines' in earned ? (earned.lines as PlannedLine[] | null) : null;
  const plan = lines
    ? (earnedLines ?? plannedWithoutEarn(lines, split.spend, settings.maxSpendPercent))
    : null;
  const base = { split: { ...split, couponDiscount: paySumKopecks - sum }, earned, plan };
  if (!coupon) return { ...base, coupon: null };
  return withCoupon(base, coupon, { sum, earnLimits: settings.earnLimits, cardLocked });
}

/** The code's extra bonuses added to the earn (and the plan's lines), and what the code gave. */
function withCoupon<
  C extends {
    split: { spend: number };
    earned: { earn: number; rules: AppliedRule[] };
    plan: PlannedLine[] | null;
  },
>(
  computed: C,
  coupon: DraftCoupon,
  money: { sum: number; earnLimits: EarnLimits; cardLocked: boolean },
): C & { coupon: { found: DraftCoupon; figures: CouponFigures } } {
  const after = withDraftCouponEarn(coupon, computed.earned, computed.plan, {
    ...money,
    spend: computed.split.spend,
  });
  return {
    ...computed,
    earned: after.earned,
    plan: after.plan,
    coupon: { found: coupon, figures: after.figures },
  };
}
