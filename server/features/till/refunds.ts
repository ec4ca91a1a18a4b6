import { emitLevelChange } from '#server/core/events/level-changed';
import { emitEvent } from '#server/core/events/emit';
import { and, eq } from 'drizzle-orm';
import {
  customerAccounts,
  InsufficientFundsError,
  postTransaction,
  type LedgerEntryInput,
} from '#server/core/ledger';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { operations } from '#server/db/schema/cabinet';
import { tillOperations } from '#server/db/schema/till';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { AppError } from '#server/errors';
import type { TillDeps, TillOperationRow } from './operation-rows';
import { hasReturns, partlyReturned } from './returns';
import { reversePending } from '#server/core/earn/pending';
import { holdKey, settlementKey } from '#server/core/holds';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';

/**
 * The refund's ledger side, in the caller's transaction: what the operation spent goes back and what it earned
 * is taken back, netted into one customer entry (ledger key `till-refund:<id>`); the history row becomes CANCEL.
 * The ledger refuses to take the customer below zero (InsufficientFundsError: the caller's 409).
 */
export async function reverseInLedger(tx: Db, moved: TillOperationRow) {
  const entries: LedgerEntryInput[] = [];
  // Netted, not pairs: the customer's give-back and take-back are one entry.
  if (moved.spend > 0)
    entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_spent, amount: kopecks(-moved.spend) });
  if (moved.earn > 0) entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_issued, amount: kopecks(moved.earn) });
  // An earn still in the return window (decision 030) comes back from `bonus_pending`, never becoming spendable.
  const pending =
    moved.earn > 0
      ? await reversePending(tx, [settlementKey('till', moved.id), postingKey('till_accrue', moved.id)])
      : null;
  if (pending) entries.push(pending.entry);
  const net = moved.spend - (pending ? 0 : moved.earn);
  if (net !== 0)
    entries.push({ accountId: (await customerAccounts(tx, moved.userId)).bonus, amount: kopecks(net) });
  if (entries.length > 0) {
    // What the spend took goes back to the lots it came from (decision 030), the hold being where it was taken.
    await postTransaction(tx, {
      idempotencyKey: postingKey('till_refund', moved.id),
      kind: 'till_refund',
      entries,
      restores: holdKey('till', moved.id),
    });
  }
  if (moved.operationId) {
    await tx.update(operations).set({ state: 'CANCEL' }).where(eq(operations.id, moved.operationId));
  }
}

/**
 * A completed operation's refund on the ledger, once: `completed` -> `to` (`refunded`, or `refunding` for a card
 * payment whose gateway refund comes next) by one conditional update, with the postings reversed in the same
 * transaction. When the customer already spent what the operation earned, the refund is a 409 and nothing
 * changes. A row no longer `completed` (a parallel refund) is left to the caller's reload.
 */
export async function reverseCompleted(deps: TillDeps, row: TillOperationRow, to: 'refunded' | 'refunding') {
  try {
    await inTransaction(deps.db, async (tx) => {
      const [moved] = await tx
        .update(tillOperations)
        .set({
          state: to,
          updatedAt: deps.clock.now(),
          // A card payment's money is back when the gateway confirms it (card-settlement.ts), not yet here.
          ...(to === 'refunded' && { refundedAt: deps.clock.now() }),
        })
        .where(and(eq(tillOperations.id, row.id), eq(tillOperations.state, 'completed')))
        .returning();
      if (!moved) return;
      // Checked again under the row's lock the update took: a return by lines committed before it is seen here,
      // and one that comes after finds the operation no longer completed (decision 063).
      if (await hasReturns(tx, moved.id)) throw partlyReturned();
      await reverseInLedger(tx, moved);
      const now = deps.clock.now();
      await emitEvent(deps.db, tx, {
        type: 'operation.refunded',
        memberId: moved.userId,
        payload: {
          memberId: moved.userId,
          tillOperationId: moved.id,
          operationId: moved.operationId,
          whole: true,
          sum: moved.sum,
          spendReturned: moved.spend,
          earnTaken: moved.earn,
          at: now.toISOString(),
        },
        at: now,
      });
      if (moved.userId) {
        await emitLevelChange(deps, tx, {
          memberId: moved.userId,
          delta: -moved.sum,
          reason: 'refund',
          at: now,
        });
      }
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new AppError(
        'EARNED_BONUSES_SPENT',
        'Бонусы за эту покупку уже потрачены: вернуть операцию нельзя',
      );
    }
    throw error;
  }
}
