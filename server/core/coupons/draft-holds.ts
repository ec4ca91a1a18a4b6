import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { couponUses, promoCodes } from '#server/db/schema/coupons';
import { AppError } from '#server/errors';
import type { PromoCodeRow, PromoRow } from './find';
import { emitCouponsUsed, freeCodes, holdCoupon, type CouponFigures } from './holds';

/**
 * A promo code given on the shop's payment page (decision 071): held by the draft from its creation (or
 * recompute) for `PAYMENT_HOLD_MINUTES`, kept while the draft is being paid, used in the transaction that
 * completes it and released in the one that fails or expires it. The same conditional moves as at a till
 * (holds.ts), so a one-use code raced by a till and a payer, or by two payers, goes to exactly one.
 */

/**
 * In the transaction that writes the draft: its other codes released (a draft holds one), then this code held
 * for it or its own hold renewed, with what the code gives the cheque. A 409 when another holder has it.
 */
export async function holdCouponForDraft(
  tx: Db,
  found: { promo: PromoRow; code: PromoCodeRow },
  hold: { draftId: string; userId: string; now: Date; expiresAt: Date; figures: CouponFigures },
) {
  await releaseDraftCoupons(tx, hold.draftId, hold.now, found.code.id);
  return holdCoupon(tx, found, hold);
}

/** The draft's held codes (but `keepCodeId`) go back: a recompute without the code, a failed or expired draft. */
export async function releaseDraftCoupons(tx: Db, draftId: string, now: Date, keepCodeId?: string) {
  const released = await tx
    .update(couponUses)
    .set({ state: 'released', updatedAt: now })
    .where(
      and(
        eq(couponUses.draftId, draftId),
        eq(couponUses.state, 'held'),
        keepCodeId ? ne(couponUses.codeId, keepCodeId) : undefined,
      ),
    )
    .returning({ codeId: couponUses.codeId });
  await freeCodes(tx, released);
}

/**
 * In the transaction that sends the draft to pay: its code's hold now lasts as the draft's own (the expiry job
 * leaves it to the draft from here). A hold that expired meanwhile is a 409: the page applies the code again.
 */
export async function keepDraftCoupon(tx: Db, draftId: string, until: Date | null, now: Date) {
  const [kept] = await tx
    .update(couponUses)
    .set({ holdExpiresAt: until ?? now, updatedAt: now })
    .where(and(eq(couponUses.draftId, draftId), eq(couponUses.state, 'held')))
    .returning({ id: couponUses.id });
  if (!kept) {
    throw new AppError('COUPON_EXPIRED', 'Промокод больше не удержан за этой оплатой: примените его ещё раз');
  }
}

/** In the completion's transaction: the draft's code is used (a one-use code with it). */
export async function useDraftCoupons(root: Db, tx: Db, draftId: string, now: Date) {
  const used = await tx
    .update(couponUses)
    .set({ state: 'used', updatedAt: now })
    .where(and(eq(couponUses.draftId, draftId), eq(couponUses.state, 'held')))
    .returning({ codeId: couponUses.codeId, userId: couponUses.userId, promoId: couponUses.promoId });
  for (const { codeId } of used) {
    await tx
      .update(promoCodes)
      .set({ status: 'used' })
      .where(and(eq(promoCodes.id, codeId), eq(promoCodes.status, 'held')));
  }
  // The chain's systems hear of it as of a till's use (decision 073), naming the payment instead of an operation.
  await emitCouponsUsed(
    root,
    tx,
    used.map((use) => ({ ...use, operationId: null, paymentDraftId: draftId })),
    now,
  );
}
