import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createDraftBodySchema, Draft } from '#common/contract/loyalty';
import { earnFor } from '#server/core/earn/earn';
import { fromRoubles, kopecks, type Kopecks } from '#server/core/money';
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
  const inputs = await draftInputs(deps.db, userId, body.retailPointId);
  const { point, cardLocked } = inputs;
  // A blocked card neither spends nor earns bonuses (decision 026): the bank may still take the whole sum, and
  // the money-like balance (certificates, gift value: the customer's money) still pays.
  if (cardLocked && body.spendBonus) {
    throw new AppError('CARD_LOCKED', 'Карта заблокирована: бонусы нельзя списать. Обратитесь в поддержку');
  }
  const paySumKopecks = fromRoubles(body.paySum);
  const now = deps.clock.now();
  const { split, earned, plan } = await computeDraft(deps, userId, body, {
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

type DraftInputs = Awaited<ReturnType<typeof draftInputs>> & { paySumKopecks: Kopecks; now: Date };

/**
 * What the draft spends, earns and leaves to pay. With a till's receipt (decision 069), read from our table by
 * its id and checked against this point and sum, the bonus limit is its lines' and the earn goes through them
 * (legal groups never take or earn bonuses); without one, exactly the sum-only computation.
 */
async function computeDraft(deps: PaymentsDeps, userId: string, body: CreateDraftBody, inputs: DraftInputs) {
  const { point, balances, settings, cardLocked, paySumKopecks, now } = inputs;
  const lines = body.receiptId
    ? await readDraftReceipt(deps.db, {
        receiptId: body.receiptId,
        retailPointId: point.id,
        paySum: paySumKopecks,
        now,
        draftId: body.draftId,
      })
    : null;
  const { earnable, ...split } = splitPayment({
    paySumKopecks,
    spendBonus: body.spendBonus,
    payType: body.payType,
    bonusBalance: balances.bonus,
    maxSpendPercent: settings.maxSpendPercent,
    spendExtra: body.spendExtra,
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
          sum: paySumKopecks,
          spend: kopecks(split.spend),
          lines,
          maxSpendPercent: settings.maxSpendPercent,
        })
      : await earnFor(deps, { ...earnInput, cheque: paySumKopecks, earnable });
  const earnedLines = 'lines' in earned ? (earned.lines as PlannedLine[] | null) : null;
  const plan = lines
    ? (earnedLines ?? plannedWithoutEarn(lines, split.spend, settings.maxSpendPercent))
    : null;
  return { split, earned, plan };
}
