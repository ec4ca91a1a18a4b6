import { formatBonuses } from '#common/lib/format';
import { and, eq, gt } from 'drizzle-orm';
import { postHold, postRelease, postSettlement, spendLimit } from '#server/core/holds';
import { releaseCouponsOf, useCouponsOf } from '#server/core/coupons/holds';
import { balancesOf, InsufficientFundsError } from '#server/core/ledger';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { tillOperations } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import type { Earned } from '#server/core/earn/earn';
import type { TillCaller } from '#server/lib/callers';
import {
  loadPoint,
  minutes,
  recordOperation,
  type TillDeps,
  type TillOperationRow,
  type VisitRow,
} from './operation-rows';
import { queueCardReceipt } from './fiscal-card';

/**
 * A till hold's life (a spend, or a card payment with the bonuses it spends): written `held` with its bonuses
 * moved to `till_held`, then once `completed` (spent, the rest earning) or given back (`cancelled`, `expired`,
 * `declined`). Each move is one conditional UPDATE in the transaction of its posting.
 */

/** How long a spend's bonuses stay on hold without confirm or cancel. */
export const TILL_HOLD_MINUTES = 15;

/**
 * The bonuses a cheque may spend and the check of `asked` against it and the balance (409s, nothing changes);
 * `asked` left out means the most allowed. The limit is the brand's share of `sum` (kopecks), or, for a receipt
 * with lines, its lines' limits together (issue 29: goods bonuses never pay for take none). Answers what is spent.
 */
export function bonusesToSpend(
  sum: number,
  asked: number | undefined,
  maxSpendPercent: number,
  balance: number,
  limit: number = spendLimit(sum, maxSpendPercent),
): number {
  const amount = asked ?? Math.min(limit, balance);
  if (amount > limit) {
    const most = formatBonuses(toRoubles(limit));
    throw new AppError(
      'SPEND_LIMIT',
      limit < spendLimit(sum, maxSpendPercent)
        ? `Бонусами можно оплатить не больше ${most}: часть товаров бонусами не оплачивается`
        : `Бонусами можно оплатить не больше ${maxSpendPercent}% чека: ${most}`,
    );
  }
  if (amount > balance) throw insufficient(balance);
  return amount;
}

export const insufficient = (balance: number) =>
  new AppError('INSUFFICIENT_BONUSES', `Недостаточно бонусов: доступно ${formatBonuses(toRoubles(balance))}`);

/** What a caller gives `insertHeld`: the row but its state, hold expiry and times. */
export type HeldValues = Omit<
  typeof tillOperations.$inferInsert,
  'state' | 'holdExpiresAt' | 'createdAt' | 'updatedAt'
>;

/** What every held operation's row says of who, where and what it earns: the caller's point and key, the visit's member, the earn. */
export const heldBy = (
  idempotencyKey: string,
  caller: TillCaller,
  visit: Pick<VisitRow, 'id' | 'userId'>,
  earned: Earned,
) => ({
  idempotencyKey,
  visitId: visit.id,
  retailPointId: caller.retailPointId,
  keyId: caller.keyId,
  userId: visit.userId,
  earn: earned.earn,
  earnPercent: earned.pointPercent,
  earnRate: earned.rate,
  earnRules: earned.rules,
});

/**
 * A held operation (a spend, or a card payment with the bonuses it spends) written once per key, its bonuses
 * moved to `till_held` in the same transaction (ledger key `till-hold:<id>`). `before` runs first in that
 * transaction (the card payment's claim on the visit), `after` last (the receipt's lines). A hold the balance cannot cover is the 409.
 */
export async function insertHeld(
  deps: TillDeps,
  values: HeldValues,
  before?: (tx: Db) => Promise<void>,
  after?: (tx: Db, row: TillOperationRow) => Promise<void>,
): Promise<void> {
  try {
    await inTransaction(deps.db, async (tx) => {
      if (before) await before(tx);
      const now = deps.clock.now();
      const [row] = await tx
        .insert(tillOperations)
        .values({
          ...values,
          state: 'held',
          holdExpiresAt: new Date(now.getTime() + minutes(TILL_HOLD_MINUTES)),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: tillOperations.idempotencyKey })
        .returning();
      if (!row) return; // a parallel call with the same key got there first
      await postHold(tx, 'till', row);
      if (after) await after(tx, row);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw insufficient((await balancesOf(deps.db, values.userId)).bonus);
    }
    throw error;
  }
}

/**
 * `held` -> `to` once, giving the bonuses back (ledger key `till-release:<id>`) in the same transaction. A card
 * payment declined by the bank keeps the bank's reason.
 */
export async function releaseHold(
  deps: TillDeps,
  operationId: string,
  to: 'cancelled' | 'expired' | 'declined',
  reason: { errorCode: string; errorMessage: string } | null = null,
) {
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const [moved] = await tx
      .update(tillOperations)
      .set({ state: to, updatedAt: now, ...(reason ?? {}) })
      .where(and(eq(tillOperations.id, operationId), eq(tillOperations.state, 'held')))
      .returning();
    if (!moved) return;
    await postRelease(tx, 'till', moved);
    await releaseCouponsOf(tx, moved.id, now); // its coupon goes back with it (decision 064)
  });
}

/**
 * `held` -> `completed` once: the hold is spent (`till_held` -> `bonus_spent`) and the money paid earns
 * (`bonus_issued` -> customer) in one posting `till-complete:<id>`, and the PAYMENT recorded. `beforeExpiry`:
 * only while the hold lasts (a spend's confirmation); a card payment the bank took completes whenever it is seen.
 */
export async function completeHeld(deps: TillDeps, row: TillOperationRow, beforeExpiry: boolean) {
  const point = await loadPoint(deps.db, row.retailPointId);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const held = and(eq(tillOperations.id, row.id), eq(tillOperations.state, 'held'));
    const [done] = await tx
      .update(tillOperations)
      .set({ state: 'completed', updatedAt: now, completedAt: now })
      .where(beforeExpiry ? and(held, gt(tillOperations.holdExpiresAt, now)) : held)
      .returning();
    if (!done) return;
    const transactionId = await postSettlement(deps, tx, 'till', done, done.earn);
    await useCouponsOf(deps.db, tx, done.id, now); // its coupon is used with it (decision 064)
    await recordOperation(deps, tx, done, point.title, transactionId, now);
    await queueCardReceipt(deps, tx, done, point.title, 'sell'); // a card payment's receipt, with it (decision 070)
  });
}
