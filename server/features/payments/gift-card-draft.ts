import { and, eq } from 'drizzle-orm';
import type { Draft } from '#common/contract/loyalty';
import { formatMoney } from '#common/lib/format';
import { readBrandSettings } from '#server/core/brand-settings';
import { fromRoubles, toRoubles } from '#server/core/money';
import { inTransaction } from '#server/db/in-transaction';
import { paymentDrafts } from '#server/db/schema/payments';
import { AppError } from '#server/errors';
import { draftTitleOf, linkDraft, lockOrderForDraft } from '../gift-cards/orders';
import type { CreateDraftBody } from './create-draft';
import { toDraft, type PaymentsDeps } from './draft-rows';
import { loadPoint } from './point-info';

/**
 * A GIFT_CARD draft for an order from `/api/gc/create` (decision 017). The order fixes the sum: `paySum` must
 * equal its bill. Bonuses are never spent on gift cards (they would turn into value anyone can carry away)
 * and none are earned; paying at the till is refused (we would issue cards for money we never see). The
 * order is the idempotency unit: holding its row lock, the order's live draft is recomputed while it is still
 * `created` (the pay type), a draft already being paid is a 409, and otherwise a new draft is made.
 */
export async function createGiftCardDraft(
  deps: PaymentsDeps,
  userId: string,
  body: CreateDraftBody,
): Promise<Draft> {
  if (!body.giftCardOrderId) {
    throw new AppError('VALIDATION', 'Неверные данные: giftCardOrderId: укажите заказ', {
      fields: { giftCardOrderId: 'укажите заказ' },
    });
  }
  if (body.payType === 'IN_RETAIL_POINT') {
    throw new AppError('PAY_TYPE_NOT_ALLOWED', 'Подарочную карту можно оплатить только картой или СБП');
  }
  const orderId = body.giftCardOrderId;
  const settings = await readBrandSettings(deps.db);
  const point = await loadPoint(deps.db, settings.giftCardPointId ?? body.retailPointId);
  return inTransaction(deps.db, async (tx) => {
    const { order, liveDraftId } = await lockOrderForDraft(tx, userId, orderId);
    if (fromRoubles(body.paySum) !== order.total) {
      throw new AppError(
        'VALIDATION',
        `Сумма не совпадает с заказом: ${formatMoney(toRoubles(order.total))}`,
        {
          fields: { paySum: 'не совпадает с заказом' },
        },
      );
    }
    const now = deps.clock.now();
    const values = {
      productType: 'GIFT_CARD' as const,
      payType: body.payType,
      retailPointId: point.id,
      title: draftTitleOf(order),
      additionalInfo: body.additionalInfo,
      deliveryId: order.deliveryId,
      spendBonus: false,
      spendExtra: false,
      paySum: order.total,
      spend: 0,
      extraSpend: 0,
      leftToPay: order.total,
      earn: 0,
      earnPercent: 0,
      updatedAt: now,
    };
    if (liveDraftId) {
      const [updated] = await tx
        .update(paymentDrafts)
        .set(values)
        .where(and(eq(paymentDrafts.id, liveDraftId), eq(paymentDrafts.state, 'created')))
        .returning();
      if (!updated) throw new AppError('ORDER_IN_PAYMENT', 'Этот заказ уже оплачивается');
      return toDraft(updated);
    }
    const [inserted] = await tx
      .insert(paymentDrafts)
      .values({ ...values, userId, createdAt: now })
      .returning();
    await linkDraft(tx, order.id, inserted!.id);
    return toDraft(inserted!);
  });
}
