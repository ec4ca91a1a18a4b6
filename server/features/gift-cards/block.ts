import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { giftCards } from '#server/db/schema/gift-cards';
import { notFound } from '#server/errors';

/**
 * The operator blocks (or unblocks) a card by its public id, audited in the same transaction when the state
 * changes. The card's row lock orders it against a redemption or an add-to-balance in flight.
 */
export async function setCardBlocked(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  publicId: string,
  blocked: boolean,
  audit: (tx: Db) => Promise<void>,
): Promise<{ publicId: string; blocked: boolean }> {
  return inTransaction(deps.db, async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.publicId, publicId)).for('update');
    if (!card) throw notFound('Подарочная карта не найдена');
    if ((card.blockedAt !== null) !== blocked) {
      await tx
        .update(giftCards)
        .set({ blockedAt: blocked ? deps.clock.now() : null })
        .where(eq(giftCards.id, card.id));
      await audit(tx);
    }
    return { publicId, blocked };
  });
}
