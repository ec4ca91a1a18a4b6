import { emitEvent } from '#server/core/events/emit';
import { emitLevelChange, type LevelDeps } from '#server/core/events/level-changed';
import { and, eq } from 'drizzle-orm';
import type { TillOperation } from '#common/contract/till';
import type { AppDeps } from '#server/app-deps';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { operations } from '#server/db/schema/cabinet';
import { retailPoints } from '#server/db/schema/content';
import { tillOperations, type tillVisits } from '#server/db/schema/till';
import { AppError, notFound } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';

/**
 * The till (docs/decisions/015-till-api.md, 022). The member code opens a visit once (member-code.ts); in the
 * visit the till accrues (accrue.ts), holds a spend (spend.ts) or charges the saved card (card-payment.ts); the
 * cashier then confirms, cancels or refunds (operation-actions.ts), and the job expires what stays held
 * (expire-holds.ts). Every move posts to the ledger with a key derived from the operation, in the same
 * transaction as the operation's conditional state change (holds.ts, refunds.ts), so every retry or race has
 * one effect.
 *
 * This file: what those share: a point and an operation of the caller's point, the idempotency key's rules, the
 * API's view of an operation, and the cabinet's history row.
 */
export type TillDeps = Pick<AppDeps, 'db' | 'clock' | 'acquirer' | 'config' | 'cache'>;
export type TillOperationRow = typeof tillOperations.$inferSelect;
export type VisitRow = typeof tillVisits.$inferSelect;

export const minutes = (n: number) => n * 60_000;

export async function loadPoint(db: Db, retailPointId: number) {
  const [point] = await db.select().from(retailPoints).where(eq(retailPoints.id, retailPointId));
  // The key outlived its point (an operator replaced the points): nothing can be done at it.
  if (!point)
    throw new AppError('POINT_GONE', 'Точки этого ключа больше нет: попросите оператора выдать новый');
  return point;
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
    earnRules: row.earnRules,
    earnRate: row.earnRate === null ? null : row.earnRate / 100,
    // The receipt's lines, when it had them, are added by the answer (receipt-answers.ts): another table.
    lines: null,
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

/** The cabinet's history row for a completed till operation. */
export async function recordOperation(
  deps: LevelDeps,
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
      earnRules: row.earn > 0 ? row.earnRules : [],
      amountSpend: row.spend,
      amount: row.sum,
      state: 'PROCESSED',
      type: row.kind === 'accrue' ? 'CASHBACK' : 'PAYMENT',
      transactionId,
    })
    .returning({ id: operations.id });
  await tx.update(tillOperations).set({ operationId: operation!.id }).where(eq(tillOperations.id, row.id));
  await emitEvent(deps.db, tx, {
    type: 'operation.posted',
    memberId: row.userId,
    payload: {
      memberId: row.userId,
      operationId: operation!.id,
      tillOperationId: row.id,
      kind: row.kind,
      sum: row.sum,
      earn: row.earn,
      spend: row.spend,
      pointId: row.retailPointId,
      at: now.toISOString(),
    },
    at: now,
  });
  await emitLevelChange(deps, tx, { memberId: row.userId, delta: row.sum, reason: 'purchase', at: now });
}
