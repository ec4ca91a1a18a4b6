import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { inTransaction } from '#server/db/in-transaction';
import { operations } from '#server/db/schema/cabinet';
import { giftCards } from '#server/db/schema/gift-cards';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { AppError } from '#server/errors';
import { toRoubles } from '#server/core/money';
import type { AuthUser } from '#server/lib/callers';
import { balancesOf, customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';
import { PUBLIC_ID } from './public-card';

/**
 * Moving a gift card's value into a customer's money-like balance from the card's page (docs/decisions/023).
 * Only the recipient may: the customer must be logged in with the phone the card was sent to (the SMS login
 * proves it; the 4 digits on the page do not, and a link travels). One posting `gift-card-add:<cardId>` moves
 * whatever the card holds at that moment from the card's account to the customer's `money` account, once.
 */
export const ADD_MESSAGES = {
  notFound: 'Карта не найдена',
  notRecipient:
    'Добавить карту на баланс может только получатель: войдите с номером, на который пришла карта',
  empty: 'На карте не осталось средств',
} as const;

export interface AddedCard {
  /** What the card moved into the balance, roubles. */
  added: number;
  /** What is left on the card (0). */
  cardBalance: number;
  /** The customer's money-like balance afterwards, roubles. */
  amount: number;
}

export async function addCardToBalance(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: AuthUser,
  publicId: string,
): Promise<AddedCard> {
  if (!PUBLIC_ID.test(publicId)) throw new AppError('NOT_FOUND', ADD_MESSAGES.notFound);
  const added = await inTransaction(deps.db, async (tx) => {
    // The card's row lock makes parallel calls queue; the first adds, the rest find it added.
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.publicId, publicId)).for('update');
    if (!card) throw new AppError('NOT_FOUND', ADD_MESSAGES.notFound);
    if (card.phone !== user.phone) throw new AppError('NOT_RECIPIENT', ADD_MESSAGES.notRecipient);
    if (card.blockedAt) throw new AppError('GIFT_CARD_BLOCKED', 'Подарочная карта заблокирована');
    if (card.addedAt) return card.addedAmount ?? 0; // added before (a double click, a retry): the same answer
    // The account's row lock orders this against a till redemption: whichever commits first, the other sees
    // its result, so the amount moved is exactly what is left and the card never goes below zero.
    const [account] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, card.accountId))
      .for('update');
    const amount = account?.balance ?? 0;
    if (amount <= 0) throw new AppError('GIFT_CARD_EMPTY', ADD_MESSAGES.empty);
    const accounts = await customerAccounts(tx, user.userId);
    const posted = await postTransaction(tx, {
      idempotencyKey: postingKey('gift_card_add', card.id),
      kind: 'gift_card_add',
      entries: transfer(card.accountId, accounts.money, kopecks(amount)),
    });
    const now = deps.clock.now();
    await tx
      .update(giftCards)
      .set({ addedByUserId: user.userId, addedAt: now, addedAmount: amount })
      .where(and(eq(giftCards.id, card.id)));
    await tx.insert(operations).values({
      userId: user.userId,
      place: 'Подарочная карта',
      occurredAt: now,
      amount,
      state: 'PROCESSED',
      type: 'DEPOSIT',
      transactionId: posted.transactionId,
    });
    return amount;
  });
  const balances = await balancesOf(deps.db, user.userId);
  const [card] = await deps.db
    .select({ balance: ledgerAccounts.balance })
    .from(giftCards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, giftCards.accountId))
    .where(eq(giftCards.publicId, publicId));
  return {
    added: toRoubles(added),
    cardBalance: toRoubles(card?.balance ?? 0),
    amount: toRoubles(balances.money),
  };
}
