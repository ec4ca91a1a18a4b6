import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createDraftBodySchema, Draft } from '#common/contract/loyalty';
import { earnFor } from '#server/core/earn/earn';
import { fromRoubles, kopecks } from '#server/core/money';
import type { PlannedLine } from '#server/core/receipt/plan';
import { receiptSpendLimit } from '#server/core/receipt/plan';
import { earnForReceipt } from '#server/core/receipt/receipt-earn';
import { paymentDrafts } from '#server/db/schema/payments';
import { AppError } from '#server/errors';
import { draftInputs } from './draft-inputs';
import { insertDraft, type NewDraft } from './draft-statements';
import { loadOwnDraft, toDraft, type PaymentsDeps } from './draft-rows';
import { createGiftCardDraft } from './gift-card-draft';
import { plannedWithoutEarn, readDraftReceipt } from './receipt-draft';
import { splitPayment } from './split';

export type CreateDraftBody = z.output<typeof createDraftBodySchema>;

/**
 * createDraft: a new draft, the same draft for a repeated idempotency key, or the page's draft recomputed
 * (the spend toggle, the pay type) while it is still `created`.
 */
export async function createDraft(deps: PaymentsDeps, userId: string, body: CreateDraftBody): Promise<Draft> {
  if (body.productType === 'GIFT_CARD') return createGiftCardDraft(deps, userId, body);
  const { point, balances, settings, cardLocked } = await draftInputs(deps.db, userId, body.retailPointId);
  // A blocked card neither spends nor earns bonuses (decision 026): the bank may still take the whole sum, and
  // the money-like balance (certificates, gift value: the customer's money) still pays.
  if (cardLocked && body.spendBonus) {
    throw new AppError('CARD_LOCKED', 'Карта заблокирована: бонусы нельзя списать. Обратитесь в поддержку');
  }
  const paySumKopecks = fromRoubles(body.paySum);
  const now = deps.clock.now();
  // A till's receipt (decision 069): read from our table by its id, checked against this point and sum.
  const lines = body.receiptId
    ? await readDraftReceipt(deps.db, {
        receiptId: body.receiptId,
        retailPointId: point.id,
        paySum: paySumKopecks,
        now,
        draftId: body.draftId,
      })
    : null;
  const sums = splitPayment({
    paySumKopecks,
    spendBonus: body.spendBonus,
    payType: body.payType,
    bonusBalance: balances.bonus,
    maxSpendPercent: settings.maxSpendPercent,
    spendExtra: body.spendExtra,
    moneyBalance: balances.money,
    ...(lines ? { receiptLimit: receiptSpendLimit(lines, settings.maxSpendPercent) } : {}),
  });
  const { earnable, ...split } = sums;
  const earnInput = { point, at: now, timeZone: settings.timeZone, userId };
  // A blocked card earns nothing (decision 026).
  const earned = cardLocked
    ? { earn: 0, rules: [], pointPercent: 0 }
    : lines && body.payType !== 'IN_RETAIL_POINT'
      ? await earnForReceipt(deps, {
          ...earnInput,
          sum: paySumKopecks,
          spend: kopecks(split.spend),
          lines,
          maxSpendPercent: settings.maxSpendPercent,
        })
      : await earnFor(deps, { ...earnInput, cheque: paySumKopecks, earnable });
  // The lines with their shares (paid at the till or by a blocked card: the spend only, the till earns).
  const earnedLines = 'lines' in earned ? (earned.lines as PlannedLine[] | null) : null;
  const plan = lines
    ? (earnedLines ?? plannedWithoutEarn(lines, split.spend, settings.maxSpendPercent))
    : null;
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
    ...split,
    earn,
    earnRules: rules,
    earnPercent: pointPercent,
    receiptId: body.receiptId ?? null,
    receiptPlan: plan,
    updatedAt: now,
  };
  if (body.draftId) {
    const [updated] = await deps.db
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
    if (updated) return toDraft(updated);
    await loadOwnDraft(deps.db, userId, body.draftId);
    throw new AppError('DRAFT_STARTED', 'Эта оплата уже начата: её нельзя изменить');
  }
  const idempotencyKey = body.idempotencyKey ? `${userId}:${body.idempotencyKey}` : null;
  const newDraft: NewDraft = { ...values, userId, idempotencyKey, createdAt: now };
  const [inserted] = await insertDraft(deps.db, newDraft);
  if (inserted) return toDraft(inserted);
  const [existing] = await deps.db
    .select()
    .from(paymentDrafts)
    .where(eq(paymentDrafts.idempotencyKey, idempotencyKey!));
  if (!existing) throw new Error('payment draft vanished after a key conflict');
  return toDraft(existing);
}

