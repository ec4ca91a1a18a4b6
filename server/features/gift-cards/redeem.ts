import { emitEvent } from '#server/core/events/emit';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { tillGiftCardRedemptionSchema, tillGiftCardSchema } from '#common/contract/till-gift-cards';
import type { AppDeps } from '#server/app-deps';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { giftCardRedemptions, giftCards } from '#server/db/schema/gift-cards';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { AppError, notFound } from '#server/errors';
import { toRoubles } from '#server/core/money';
import { InsufficientFundsError, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';

/**
 * Spending a gift card's value at a shop's till (docs/decisions/018). The till scans the code the recipient's
 * page shows; a redemption posts the amount from the card's ledger account to `gift_cards_redeemed` (the
 * ledger refuses to take a card below zero), and a refund posts it back once. Every call is the till's: the
 * point comes from its API key.
 */
type TillGiftCard = z.output<typeof tillGiftCardSchema>;
type Redemption = z.output<typeof tillGiftCardRedemptionSchema>;
type CardRow = typeof giftCards.$inferSelect;
type RedemptionRow = typeof giftCardRedemptions.$inferSelect;

const UNKNOWN_CARD = 'Подарочная карта не найдена';

const maskCode = (code: string) => `**** **** **** ${code.slice(-4)}`;

async function cardByCode(db: Db, code: string): Promise<CardRow> {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, code));
  if (!card) throw notFound(UNKNOWN_CARD);
  return card;
}

async function cardView(db: Db, card: CardRow): Promise<TillGiftCard> {
  const [account] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, card.accountId));
  return {
    code: maskCode(card.code),
    balance: toRoubles(account?.balance ?? 0),
    nominal: toRoubles(card.nominal),
  };
}

async function redemptionView(db: Db, row: RedemptionRow): Promise<Redemption> {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, row.cardId));
  if (!card) throw new Error(`redemption ${row.id} names no card`);
  return {
    redemptionId: row.id,
    amount: toRoubles(row.amount),
    card: await cardView(db, card),
    refunded: row.refundedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function giftCardBalance(deps: Pick<AppDeps, 'db'>, code: string): Promise<TillGiftCard> {
  return cardView(deps.db, await cardByCode(deps.db, code));
}

/**
 * Pays `amount` (roubles) from the card. The redemption row and its ledger posting are one transaction; the
 * same client key from the same point answers the first redemption (whatever amount the retry names).
 */
export async function redeemGiftCard(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  retailPointId: number,
  body: { cardCode: string; amount: number; idempotencyKey: string },
): Promise<Redemption> {
  const key = `${retailPointId}:${body.idempotencyKey}`;
  const amount = Math.round(body.amount * 100);
  const row = await inTransaction(deps.db, async (tx) => {
    const [earlier] = await tx
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.idempotencyKey, key));
    if (earlier) return earlier;
    const card = await cardByCode(tx, body.cardCode);
    if (card.blockedAt) throw new AppError('GIFT_CARD_BLOCKED', 'Подарочная карта заблокирована');
    const [inserted] = await tx
      .insert(giftCardRedemptions)
      .values({ cardId: card.id, retailPointId, idempotencyKey: key, amount, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: giftCardRedemptions.idempotencyKey })
      .returning();
    // A parallel call with the same key got there first: its row is the answer (read after the lock is gone).
    if (!inserted) return null;
    try {
      await postTransaction(tx, {
        idempotencyKey: postingKey('gift_card_redeem', inserted.id),
        kind: 'gift_card_redeem',
        entries: transfer(card.accountId, SYSTEM_ACCOUNTS.gift_cards_redeemed, kopecks(amount)),
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw new AppError('INSUFFICIENT_FUNDS', 'На подарочной карте недостаточно средств');
      }
      throw error;
    }
    await emitEvent(deps.db, tx, {
      type: 'gift_card.used',
      memberId: null,
      payload: {
        cardId: card.id,
        redemptionId: inserted.id,
        amount,
        pointId: retailPointId,
        at: inserted.createdAt.toISOString(),
      },
      at: inserted.createdAt,
    });
    return inserted;
  });
  const answer =
    row ??
    (await deps.db.select().from(giftCardRedemptions).where(eq(giftCardRedemptions.idempotencyKey, key)))[0];
  if (!answer) throw new Error('gift card redemption vanished after a key conflict');
  return redemptionView(deps.db, answer);
}

/** Gives a redemption back to its card, once; only the point that made it may. */
export async function refundRedemption(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  retailPointId: number,
  redemptionId: string,
): Promise<Redemption> {
  const row = await inTransaction(deps.db, async (tx) => {
    const [refunded] = await tx
      .update(giftCardRedemptions)
      .set({ refundedAt: deps.clock.now() })
      .where(
        and(
          eq(giftCardRedemptions.id, redemptionId),
          eq(giftCardRedemptions.retailPointId, retailPointId),
          isNull(giftCardRedemptions.refundedAt),
        ),
      )
      .returning();
    if (refunded) {
      const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, refunded.cardId));
      await postTransaction(tx, {
        idempotencyKey: postingKey('gift_card_redeem_refund', refunded.id),
        kind: 'gift_card_redeem_refund',
        entries: transfer(SYSTEM_ACCOUNTS.gift_cards_redeemed, card!.accountId, kopecks(refunded.amount)),
      });
      return refunded;
    }
    const [existing] = await tx
      .select()
      .from(giftCardRedemptions)
      .where(
        and(eq(giftCardRedemptions.id, redemptionId), eq(giftCardRedemptions.retailPointId, retailPointId)),
      );
    if (!existing) throw notFound('Оплата картой не найдена');
    return existing;
  });
  return redemptionView(deps.db, row);
}
