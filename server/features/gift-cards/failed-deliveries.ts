import { and, eq, gte, isNotNull, isNull, or, desc } from 'drizzle-orm';
import type { FailedDelivery } from '#common/contract/operator-gift-cards';
import type { AppDeps } from '#server/app-deps';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { giftCardDeliveries, giftCards } from '#server/db/schema/gift-cards';
import { AppError, notFound } from '#server/errors';
import { DELIVERY } from './delivery';

const columns = {
  deliveryId: giftCardDeliveries.id,
  cardPublicId: giftCards.publicId,
  phone: giftCardDeliveries.phone,
  sendAt: giftCardDeliveries.sendAt,
  attempts: giftCardDeliveries.attempts,
  lastError: giftCardDeliveries.lastError,
  sentAt: giftCardDeliveries.sentAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

const toItem = (row: Row): FailedDelivery => ({
  deliveryId: row.deliveryId!,
  cardPublicId: row.cardPublicId!,
  phone: row.phone!,
  sendAt: row.sendAt!.toISOString(),
  attempts: row.attempts!,
  lastError: row.lastError,
});

/**
 * Unsent deliveries that need a person: the last send errored (the job retries it after its lease, until
 * `maxAttempts`) or the attempts are used up (the job leaves it alone). Newest due first, at most 200.
 */
export async function listFailedDeliveries(db: Db): Promise<FailedDelivery[]> {
  const rows = await db
    .select(columns)
    .from(giftCardDeliveries)
    .innerJoin(giftCards, eq(giftCards.id, giftCardDeliveries.cardId))
    .where(
      and(
        isNull(giftCardDeliveries.sentAt),
        or(gte(giftCardDeliveries.attempts, DELIVERY.maxAttempts), isNotNull(giftCardDeliveries.lastError)),
      ),
    )
    .orderBy(desc(giftCardDeliveries.sendAt))
    .limit(200);
  return rows.map(toItem);
}

/**
 * The operator sends a card's SMS again: an unsent delivery gets fresh attempts and no claim, so the job's
 * next run takes it (its `send_at` has passed). Audited in the same transaction; a sent one refuses.
 */
export async function retryDelivery(
  deps: Pick<AppDeps, 'db'>,
  deliveryId: string,
  audit: (tx: Db, before: FailedDelivery) => Promise<void>,
): Promise<FailedDelivery> {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select(columns)
      .from(giftCardDeliveries)
      .innerJoin(giftCards, eq(giftCards.id, giftCardDeliveries.cardId))
      .where(eq(giftCardDeliveries.id, deliveryId))
      .for('update', { of: giftCardDeliveries });
    if (!row) throw notFound('Отправка не найдена');
    if (row.sentAt) throw new AppError('DELIVERY_SENT', 'Эта карта уже отправлена');
    await tx
      .update(giftCardDeliveries)
      .set({ attempts: 0, claimedAt: null, lastError: null })
      .where(eq(giftCardDeliveries.id, deliveryId));
    await audit(tx, toItem(row));
    return toItem({ ...row, attempts: 0, lastError: null });
  });
}
