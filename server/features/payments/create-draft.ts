import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createDraftBodySchema, Draft } from '#common/contract/loyalty';
import { holdCouponForDraft, releaseDraftCoupons } from '#server/core/coupons/draft-holds';
import { fromRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { paymentDrafts } from '#server/db/schema/payments';
import { AppError } from '#server/errors';
import { draftCouponFigures, forPayer } from './coupon-draft';
import { computeDraft } from './draft-compute';
import { draftInputs } from './draft-inputs';
import { insertDraft, type NewDraft } from './draft-statements';
import { loadOwnDraft, toDraft, type DraftRow, type PaymentsDeps } from './draft-rows';
import { createGiftCardDraft } from './gift-card-draft';

export type CreateDraftBody = z.output<typeof createDraftBodySchema>;

/**
 * createDraft: a new draft, the same draft for a repeated idempotency key, or the page's draft recomputed
 * (the spend toggle, the pay type, the promo code) while it is still `created`.
 */
export async function createDraft(deps: PaymentsDeps, userId: string, body: CreateDraftBody): Promise<Draft> {
  if (body.productType === 'GIFT_CARD') {
    if (body.coupon !== undefined) {
      throw new AppError('COUPON_NOT_APPLICABLE', 'Промокод не действует на покупку подарочных карт');
    }
    return createGiftCardDraft(deps, userId, body);
  }
  const inputs = await draftInputs(deps.db, userId, body.retailPointId);
  const { point, cardLocked } = inputs;
  // A blocked card neither spends nor earns bonuses (decision 026): the bank may still take the whole sum, and
  // the money-like balance (certificates, gift value: the customer's money) still pays.
  if (cardLocked && body.spendBonus) {
    throw new AppError('CARD_LOCKED', 'Карта заблокирована: бонусы нельзя списать. Обратитесь в поддержку');
  }
  const paySumKopecks = fromRoubles(body.paySum);
  const now = deps.clock.now();
  const { split, earned, plan, coupon } = await computeDraft(deps, userId, body, {
    ...inputs,
    paySumKopecks,
    now,
  });
  const { earn, rules, pointPercent } = earned;
  const values = {
    productType: body.productType,
    payType: body.payType,
    retailPointId: point.id,
    title: body.title || point.title,
    additionalInfo: body.additionalInfo,
    deliveryId: body.deliveryId,
    spendBonus: body.spendBonus && body.payType !== 'IN_RETAIL_POINT',
    spendExtra: body.spendExtra && body.payType !== 'IN_RETAIL_POINT',
    paySum: paySumKopecks,
    extraSpend: split.extraSpend,
    spend: split.spend,
    leftToPay: split.leftToPay,
    couponDiscount: split.couponDiscount,
    coupon: coupon ? draftCouponFigures(coupon.found, coupon.figures) : null,
    earn,
    earnRules: rules,
    earnPercent: pointPercent,
    receiptId: body.receiptId ?? null,
    receiptPlan: plan,
    updatedAt: now,
  };
  if (!coupon) {
    const { row } = await writeDraft(deps.db, userId, body, values);
    // A recompute without a code lets go of the code the draft held before (if any).
    if (body.draftId && row?.id === body.draftId) {
      await inTransaction(deps.db, (tx) => releaseDraftCoupons(tx, body.draftId!, now));
    }
    return answerOf(deps.db, userId, body, row);
  }
  // With a code: the draft and the code's hold in one transaction, so a code another holder took (a 409) leaves
  // no draft behind, and a draft is never written saying a discount it does not hold.
  const row = await inTransaction(deps.db, async (tx) => {
    const { row: written, repeated } = await writeDraft(tx, userId, body, values);
    // A repeated key answers its first call's draft as it is: that call held (or did not hold) its code.
    if (!written || repeated) return written;
    await holdCouponForDraft(tx, coupon.found, {
      draftId: written.id,
      userId,
      now,
      expiresAt: new Date(now.getTime() + deps.config.paymentHoldMinutes * 60_000),
      figures: coupon.figures,
    }).catch((error: unknown) => {
      throw forPayer(error);
    });
    return written;
  });
  return answerOf(deps.db, userId, body, row);
}

type DraftValues = Omit<NewDraft, 'userId' | 'idempotencyKey' | 'createdAt'>;

/**
 * Recomputes the page's draft (still `created`), or inserts a new one; null when the draft to recompute has
 * moved on. A repeated idempotency key answers the draft its first call made, unchanged.
 */
async function writeDraft(
  db: Db,
  userId: string,
  body: CreateDraftBody,
  values: DraftValues,
): Promise<{ row: DraftRow | null; repeated: boolean }> {
  if (body.draftId) {
    const [updated] = await db
      .update(paymentDrafts)
      .set(values)
      .where(
        and(
          eq(paymentDrafts.id, body.draftId),
          eq(paymentDrafts.userId, userId),
          eq(paymentDrafts.state, 'created'),
          // A gift-card draft is recomputed only through its order.
          eq(paymentDrafts.productType, 'PAYMENT'),
        ),
      )
      .returning();
    return { row: updated ?? null, repeated: false };
  }
  const idempotencyKey = body.idempotencyKey ? `${userId}:${body.idempotencyKey}` : null;
  const newDraft: NewDraft = { ...values, userId, idempotencyKey, createdAt: values.updatedAt };
  const [inserted] = await insertDraft(db, newDraft);
  if (inserted) return { row: inserted, repeated: false };
  const [existing] = await db
    .select()
    .from(paymentDrafts)
    .where(eq(paymentDrafts.idempotencyKey, idempotencyKey!));
  if (!existing) throw new Error('payment draft vanished after a key conflict');
  return { row: existing, repeated: true };
}

/** The draft's answer; a recompute of a draft that moved on is its 404 or a 409. */
async function answerOf(db: Db, userId: string, body: CreateDraftBody, row: DraftRow | null) {
  if (row) return toDraft(row);
  await loadOwnDraft(db, userId, body.draftId!);
  throw new AppError('DRAFT_STARTED', 'Эта оплата уже начата: её нельзя изменить');
}
