import { emitEvent } from '#server/core/events/emit';
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import {
  giftCardDeliveries,
  giftCardOrderDrafts,
  giftCardOrders,
  giftCards,
} from '#server/db/schema/gift-cards';
import { createGiftCardAccount, postTransaction, type LedgerEntryInput } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';

/** A card's public id: 16 random bytes (128 bits) in base64url, 22 characters. */
export const newPublicId = () => randomBytes(16).toString('base64url');

/** A card's code for the till: 16 random digits (shown as a QR code or a Code128 barcode). */
export const newCardCode = () =>
  String(randomInt(0, 100_000_000)).padStart(8, '0') + String(randomInt(0, 100_000_000)).padStart(8, '0');

/**
 * Issues the cards of the order a GIFT_CARD draft pays, inside the transaction that completes the draft
 * (payments/drafts.ts completePaid). The order moves `created` -> `paid` by one conditional update, so the
 * cards are issued once whatever retries do; then, per recipient, a card with its own ledger account, and
 * its delivery at the order's sending date; and one ledger posting (`gift-card-issue:<orderId>`) credits
 * every card's account with the nominal from `gift_cards_issued`.
 */
export async function issueGiftCards(root: Db, tx: Db, clock: Clock, draftId: string): Promise<void> {
  const [link] = await tx
    .select({ orderId: giftCardOrderDrafts.orderId })
    .from(giftCardOrderDrafts)
    .where(eq(giftCardOrderDrafts.draftId, draftId));
  if (!link) throw new Error(`GIFT_CARD draft ${draftId} pays no order`);
  await issueOrderCards(root, tx, clock, link.orderId);
}

/**
 * Marks an order paid and issues its cards, inside the caller's transaction: a draft's completion, or the
 * operator marking a company's invoice paid (invoices.ts). Issues nothing when the order was already paid.
 */
export async function issueOrderCards(root: Db, tx: Db, clock: Clock, orderId: string): Promise<void> {
  const now = clock.now();
  const [order] = await tx
    .update(giftCardOrders)
    .set({ state: 'paid', paidAt: now })
    .where(and(eq(giftCardOrders.id, orderId), eq(giftCardOrders.state, 'created')))
    .returning();
  if (!order) return;
  const issued = SYSTEM_ACCOUNTS.gift_cards_issued;
  // One debit of the whole order, one credit per card: a fan-out, not a pair (so not `transfer`).
  const cardIds: string[] = [];
  const entries: LedgerEntryInput[] = [
    { accountId: issued, amount: kopecks(-order.nominal * order.quantity) },
  ];
  for (const [position, recipient] of order.recipients.entries()) {
    const accountId = await createGiftCardAccount(tx);
    const [card] = await tx
      .insert(giftCards)
      .values({
        publicId: newPublicId(),
        code: newCardCode(),
        orderId: order.id,
        position,
        phone: recipient.phone,
        name: recipient.name,
        nominal: order.nominal,
        accountId,
        createdAt: now,
      })
      .returning({ id: giftCards.id });
    await tx.insert(giftCardDeliveries).values({
      cardId: card!.id,
      phone: recipient.phone,
      sendAt: order.sendingDate,
    });
    entries.push({ accountId, amount: kopecks(order.nominal) });
    cardIds.push(card!.id);
  }
  await postTransaction(tx, {
    idempotencyKey: postingKey('gift_card_issue', order.id),
    kind: 'gift_card_issue',
    entries,
  });
  await emitEvent(root, tx, {
    type: 'gift_card.sold',
    memberId: order.userId,
    payload: {
      memberId: order.userId,
      orderId: order.id,
      cardIds,
      nominal: order.nominal,
      at: now.toISOString(),
    },
    at: now,
  });
}
