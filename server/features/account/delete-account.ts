import { emitEvent } from '#server/core/events/emit';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { Secret } from 'otpauth';
import type { AppDeps } from '#server/app-deps';
import {
  balancesOf,
  customerAccounts,
  postTransaction,
  transfer,
  type LedgerEntryInput,
} from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey, type PostingKind } from '#server/db/posting-kinds';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { authCodes, sessions, users } from '#server/db/schema/auth';
import { pushSubscriptions } from '#server/db/schema/push';
import { cards, certificates } from '#server/db/schema/cabinet';
import { ledgerAccounts } from '#server/db/schema/ledger';
import { paymentDrafts } from '#server/db/schema/payments';
import { tillOperations } from '#server/db/schema/till';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { AppError, notFound } from '#server/errors';
import { withdrawChannels } from '#server/core/marketing/consent';

export type DeletionDeps = Pick<AppDeps, 'db' | 'clock' | 'acquirer'>;

/** The ledger kind of the posting that empties a deleted account's balances. */
export const ACCOUNT_CLOSED_KIND = 'account_closed' satisfies PostingKind;

export interface DeletionResult {
  bonusClosed: number;
  moneyClosed: number;
  sessionsEnded: number;
  savedCardsRemoved: number;
}

const busy = () =>
  new AppError(
    'ACCOUNT_BUSY',
    'Сейчас идёт оплата или списание бонусов. Удалить аккаунт можно, когда операция завершится.',
  );

/** A payment draft or a till spend still holding value: closing the balance now would strand the hold. */
async function assertNothingInProgress(db: Db, userId: string) {
  const [draft] = await db
    .select({ id: paymentDrafts.id })
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.userId, userId), inArray(paymentDrafts.state, ['processing', 'paid'])))
    .limit(1);
  const [till] = await db
    .select({ id: tillOperations.id })
    .from(tillOperations)
    .where(and(eq(tillOperations.userId, userId), inArray(tillOperations.state, ['held', 'refunding'])))
    .limit(1);
  if (draft || till) throw busy();
}

/**
 * Removes the customer's saved bank cards at the gateway first: a failure there stops the deletion before
 * anything of ours changed, and a retry finishes it (the gateway's unbind is idempotent).
 */
async function unbindSavedCards(deps: DeletionDeps, userId: string): Promise<number> {
  const gateway = deps.acquirer.bindings;
  if (!gateway) return 0;
  try {
    const saved = await gateway.listCards(userId);
    for (const card of saved) await gateway.unbind(userId, card.bindingId);
    return saved.length;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Пожалуйста, попробуйте позже.');
  }
}

/** Moves what is left on the customer's accounts to the forfeited system accounts, in one posting of its own. */
async function closeBalances(tx: Db, userId: string) {
  const accounts = await customerAccounts(tx, userId);
  // The account rows locked first, in id order as every posting takes them: an accrual, a spend or the expiry
  // job committing meanwhile waits, so the balance read is the balance closed (review: no remainder left behind).
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const balances = await balancesOf(tx, userId);
  const entries: LedgerEntryInput[] = [];
  if (balances.bonus > 0)
    entries.push(...transfer(accounts.bonus, SYSTEM_ACCOUNTS.bonus_forfeited, kopecks(balances.bonus)));
  if (balances.money > 0)
    entries.push(...transfer(accounts.money, SYSTEM_ACCOUNTS.money_forfeited, kopecks(balances.money)));
  if (entries.length > 0)
    await postTransaction(tx, {
      idempotencyKey: postingKey(ACCOUNT_CLOSED_KIND, userId),
      kind: ACCOUNT_CLOSED_KIND,
      entries,
    });
  return balances;
}

/**
 * Deletes a customer's account (152-ФЗ; docs/decisions/028), by their own request or the operator's: saved
 * cards unbound at the gateway, every session ended, the balances closed by an 'account_closed' posting, the
 * cards locked and their member-code secrets replaced, the personal fields blanked, the certificates of the
 * phone detached from it, and the phone replaced by `deleted-<id>` so the number may register afresh. The user
 * row, the operations and the ledger stay: they are the programme's accounting, no longer tied to a person.
 */
export async function deleteAccount(deps: DeletionDeps, userId: string): Promise<DeletionResult> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw notFound('Пользователь не найден');
  await assertNothingInProgress(deps.db, userId);
  const savedCardsRemoved = await unbindSavedCards(deps, userId);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!locked || locked.deletedAt) throw notFound('Пользователь не найден');
    await assertNothingInProgress(tx, userId);
    const closed = await closeBalances(tx, userId);
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'account_deleted' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const userCards = await tx.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId));
    for (const card of userCards)
      await tx
        .update(cards)
        .set({ locked: true, qrSecret: new Secret({ size: 20 }).base32 })
        .where(eq(cards.id, card.id));
    // A deletion withdraws every consent to advertising; the history stays, holding nothing but the id (decision 072).
    await withdrawChannels(tx, { userId, source: 'account_deleted', at: now });
    // Its browsers' push subscriptions go too: nothing may reach a deleted member (decision 077).
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const marker = `deleted-${userId}`;
    await tx.update(certificates).set({ phone: marker }).where(eq(certificates.phone, locked.phone));
    await tx.update(paymentDrafts).set({ email: null }).where(eq(paymentDrafts.userId, userId));
    await tx.delete(authCodes).where(eq(authCodes.phone, locked.phone));
    await tx
      .update(users)
      .set({
        phone: marker,
        firstName: '',
        middleName: '',
        lastName: '',
        email: '',
        birthDate: null,
        referrerId: null,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    await emitEvent(deps.db, tx, {
      type: 'member.deleted',
      memberId: userId,
      payload: { memberId: userId, deletedAt: now.toISOString() },
      at: now,
    });
    return {
      bonusClosed: toRoubles(closed.bonus),
      moneyClosed: toRoubles(closed.money),
      sessionsEnded: ended.length,
      savedCardsRemoved,
    };
  });
}

/** The operator's deletion: the member of `phone` (a deleted account no longer holds its phone). */
export async function deleteMemberByPhone(
  deps: DeletionDeps,
  phone: string,
): Promise<{ userId: string; result: DeletionResult }> {
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!user) throw notFound('Участник с таким телефоном не найден');
  return { userId: user.id, result: await deleteAccount(deps, user.id) };
}
