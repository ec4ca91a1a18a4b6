import { and, eq, gt } from 'drizzle-orm';
import type { TillOperation } from '../../../common/contract/till';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { operations } from '../../db/schema/cabinet';
import { retailPoints } from '../../db/schema/content';
import { tillOperations, tillVisits } from '../../db/schema/till';
import { AppError, notFound } from '../../errors';
import { toRoubles } from '../../core/money';
import {
  balancesOf,
  customerAccounts,
  earnEntries,
  InsufficientFundsError,
  postTransaction,
  type LedgerEntryInput,
} from '../../core/ledger';
import { SYSTEM_ACCOUNTS } from '../../db/system-accounts';
import type { TillCaller } from '../../lib/callers';

/**
 * What the till's operations share (docs/decisions/015-till-api.md, 022): loading a point, a visit or an
 * operation of the caller's point, the idempotency key's rules, the API's view of an operation, and the state
 * moves with their ledger postings (each one conditional UPDATE in the transaction of its posting).
 */
export type TillDeps = Pick<AppDeps, 'db' | 'clock' | 'acquirer' | 'config'>;
export type TillOperationRow = typeof tillOperations.$inferSelect;
export type VisitRow = typeof tillVisits.$inferSelect;

/** How long a scanned code keeps its visit open for accrue and spend. */
export const TILL_VISIT_MINUTES = 15;
/** How long a spend's bonuses stay on hold without confirm or cancel. */
export const TILL_HOLD_MINUTES = 15;

export const toKopecks = (roubles: number) => Math.round(roubles * 100);
export const minutes = (n: number) => n * 60_000;

export async function loadPoint(db: Db, retailPointId: number) {
  const [point] = await db.select().from(retailPoints).where(eq(retailPoints.id, retailPointId));
  // The key outlived its point (an operator replaced the points): nothing can be done at it.
  if (!point)
    throw new AppError('POINT_GONE', 'Точки этого ключа больше нет: попросите оператора выдать новый');
  return point;
}

/** A visit of the caller's point (404 for any other: another point's visit is indistinguishable from none). */
export async function loadVisit(db: Db, caller: TillCaller, visitId: string): Promise<VisitRow> {
  const [visit] = await db
    .select()
    .from(tillVisits)
    .where(and(eq(tillVisits.id, visitId), eq(tillVisits.retailPointId, caller.retailPointId)));
  if (!visit) throw notFound('Визит не найден: отсканируйте код покупателя');
  return visit;
}
const KIND_OF = { accrue: 'ACCRUE', spend: 'SPEND', card: 'CARD' } as const;

export function toOperation(row: TillOperationRow): TillOperation {
  return {
    operationId: row.id,
    visitId: row.visitId,
    kind: KIND_OF[row.kind],
    state: row.state.toUpperCase() as TillOperation['state'],
    sum: toRoubles(row.sum),
    spent: toRoubles(row.spend),
    earned: toRoubles(row.earn),
    paidByCard: toRoubles(row.cardAmount),
    card: row.cardLast4 ? `•••• ${row.cardLast4}` : null,
    decline:
      row.state === 'declined'
        ? { code: row.errorCode ?? 'DECLINED', message: row.errorMessage ?? 'Банк отклонил оплату картой' }
        : null,
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.state === 'held' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
  };
}

export const scopedKey = (caller: TillCaller, key: string) => `${caller.retailPointId}:${key}`;

export async function findByKey(db: Db, key: string): Promise<TillOperationRow | undefined> {
  const [row] = await db.select().from(tillOperations).where(eq(tillOperations.idempotencyKey, key));
  return row;
}

/** A repeated key answers its first operation, but only for the same request (else a 409: a client bug). */
export function sameRequest(
  row: TillOperationRow,
  request: { kind: string; visitId: string; sum: number; spend?: number },
) {
  if (
    row.kind !== request.kind ||
    row.visitId !== request.visitId ||
    row.sum !== request.sum ||
    (request.spend !== undefined && row.spend !== request.spend)
  ) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'Этот ключ идемпотентности уже использован для другой операции',
    );
  }
  return toOperation(row);
}

export function checkOpen(deps: TillDeps, visit: VisitRow) {
  if (visit.expiresAt <= deps.clock.now()) {
    throw new AppError('VISIT_ENDED', 'Визит закончился: отсканируйте код покупателя ещё раз');
  }
}

/** The cabinet's history row for a completed till operation. */
export async function recordOperation(
  tx: Db,
  row: TillOperationRow,
  place: string,
  transactionId: string | null,
  now: Date,
) {
  const [operation] = await tx
    .insert(operations)
    .values({
      userId: row.userId,
      place,
      occurredAt: now,
      amountEarn: row.earn,
      amountSpend: row.spend,
      amount: row.sum,
      state: 'PROCESSED',
      type: row.kind === 'accrue' ? 'CASHBACK' : 'PAYMENT',
      transactionId,
    })
    .returning({ id: operations.id });
  await tx.update(tillOperations).set({ operationId: operation!.id }).where(eq(tillOperations.id, row.id));
}
/**
 * The bonuses a cheque may spend (the brand's share of `sum`, kopecks) and the check of `asked` against it and
 * the balance (409s, nothing changes); `asked` left out means the most allowed. Answers what is spent.
 */
export function bonusesToSpend(
  sum: number,
  asked: number | undefined,
  maxSpendPercent: number,
  balance: number,
): number {
  const limit = Math.floor((sum * maxSpendPercent) / 100);
  const amount = asked ?? Math.min(limit, balance);
  if (amount > limit) {
    throw new AppError(
      'SPEND_LIMIT',
      `Бонусами можно оплатить не больше ${maxSpendPercent}% чека: ${toRoubles(limit)}`,
    );
  }
  if (amount > balance) throw insufficient(balance);
  return amount;
}

export const insufficient = (balance: number) =>
  new AppError('INSUFFICIENT_BONUSES', `Недостаточно бонусов: доступно ${toRoubles(balance)}`);

/** An operation of the caller's point (404 for any other). */
export async function loadOperation(
  db: Db,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperationRow> {
  const [row] = await db
    .select()
    .from(tillOperations)
    .where(and(eq(tillOperations.id, operationId), eq(tillOperations.retailPointId, caller.retailPointId)));
  if (!row) throw notFound('Операция не найдена');
  return row;
}

const STATE_TEXT: Record<TillOperationRow['state'], string> = {
  held: 'ждёт подтверждения',
  completed: 'уже проведена',
  cancelled: 'отменена',
  expired: 'отменена: время удержания вышло',
  refunded: 'уже возвращена',
  declined: 'отклонена банком',
  refunding: 'возвращается: банк ещё не подтвердил возврат на карту',
};
export const stateConflict = (row: TillOperationRow, what: string) =>
  new AppError('OPERATION_STATE', `${what}: операция ${STATE_TEXT[row.state]}`);

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
    if (!moved || moved.spend === 0) return;
    const accounts = await customerAccounts(tx, moved.userId);
    await postTransaction(tx, {
      idempotencyKey: `till-release:${moved.id}`,
      kind: 'till_release',
      entries: [
        { accountId: SYSTEM_ACCOUNTS.till_held, amount: -moved.spend },
        { accountId: accounts.bonus, amount: moved.spend },
      ],
    });
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
      .set({ state: 'completed', updatedAt: now })
      .where(beforeExpiry ? and(held, gt(tillOperations.holdExpiresAt, now)) : held)
      .returning();
    if (!done) return;
    const entries: LedgerEntryInput[] = [];
    if (done.spend > 0) {
      entries.push(
        { accountId: SYSTEM_ACCOUNTS.till_held, amount: -done.spend },
        { accountId: SYSTEM_ACCOUNTS.bonus_spent, amount: done.spend },
      );
    }
    entries.push(...(await earnEntries(tx, done.userId, done.earn)));
    const posted =
      entries.length > 0
        ? await postTransaction(tx, {
            idempotencyKey: `till-complete:${done.id}`,
            kind: 'till_spend',
            entries,
          })
        : null;
    await recordOperation(tx, done, point.title, posted?.transactionId ?? null, now);
  });
}

/**
 * The refund's ledger side, in the caller's transaction: what the operation spent goes back and what it earned
 * is taken back, netted into one customer entry (ledger key `till-refund:<id>`); the history row becomes CANCEL.
 * The ledger refuses to take the customer below zero (InsufficientFundsError: the caller's 409).
 */
export async function reverseInLedger(tx: Db, moved: TillOperationRow) {
  const entries: LedgerEntryInput[] = [];
  if (moved.spend > 0) entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_spent, amount: -moved.spend });
  if (moved.earn > 0) entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_issued, amount: moved.earn });
  const net = moved.spend - moved.earn;
  if (net !== 0) entries.push({ accountId: (await customerAccounts(tx, moved.userId)).bonus, amount: net });
  if (entries.length > 0) {
    await postTransaction(tx, { idempotencyKey: `till-refund:${moved.id}`, kind: 'till_refund', entries });
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
        .set({ state: to, updatedAt: deps.clock.now() })
        .where(and(eq(tillOperations.id, row.id), eq(tillOperations.state, 'completed')))
        .returning();
      if (moved) await reverseInLedger(tx, moved);
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

/** What a caller gives `insertHeld`: the row but its state, hold expiry and times. */
export type HeldValues = Omit<
  typeof tillOperations.$inferInsert,
  'state' | 'holdExpiresAt' | 'createdAt' | 'updatedAt'
>;

/**
 * A held operation (a spend, or a card payment with the bonuses it spends) written once per key, its bonuses
 * moved to `till_held` in the same transaction (ledger key `till-hold:<id>`). `before` runs first in that
 * transaction (the card payment's claim on the visit). A hold the balance cannot cover is the 409.
 */
export async function insertHeld(
  deps: TillDeps,
  values: HeldValues,
  before?: (tx: Db) => Promise<void>,
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
      if (!row || row.spend === 0) return; // a parallel call with the same key got there first, or nothing to hold
      const accounts = await customerAccounts(tx, row.userId);
      await postTransaction(tx, {
        idempotencyKey: `till-hold:${row.id}`,
        kind: 'till_hold',
        entries: [
          { accountId: accounts.bonus, amount: -row.spend },
          { accountId: SYSTEM_ACCOUNTS.till_held, amount: row.spend },
        ],
      });
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw insufficient((await balancesOf(deps.db, values.userId)).bonus);
    }
    throw error;
  }
}
