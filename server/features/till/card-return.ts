import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { tillCardRefunds } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import type { OrderStatus } from '#server/integrations/acquirer/acquirer';
import { cardGatewayReceipt, queueCardReceipt } from './fiscal-card';
import { loadPoint, stateConflict, type TillDeps, type TillOperationRow } from './operation-rows';

/**
 * The money of a card payment's return by lines, back to the card (decision 063). The return's lines and this
 * `refunding` row are written with its bonuses in one transaction (returns.ts); then the part is refunded at the
 * gateway and the row becomes `refunded`, with its refund receipt queued in that transaction (decision 070).
 *
 * A part must never go to the card twice. A bank that did not answer may have refunded it, and a gateway takes no
 * idempotency key for a refund; so, before any refund is asked, the gateway's total refunded for the order is
 * read: with one part in flight at a time per operation (returns.ts refuses a second), that total is either the
 * parts confirmed so far (this part is not there: ask for it) or those plus this part (it went through: record
 * it). Anything else is left `refunding` for a person to look at.
 */

export type CardRefundRow = typeof tillCardRefunds.$inferSelect;

const notConfirmed = () =>
  new AppError('BANK_UNAVAILABLE', 'Банк не подтвердил возврат на карту: повторите возврат с тем же ключом');

export async function cardRefundOf(
  db: Db,
  tillOperationId: string,
  returnKey: string,
): Promise<CardRefundRow | null> {
  const [row] = await db
    .select()
    .from(tillCardRefunds)
    .where(
      and(eq(tillCardRefunds.tillOperationId, tillOperationId), eq(tillCardRefunds.returnKey, returnKey)),
    );
  return row ?? null;
}

/** Whether a part of this operation is still on its way to the card (a new return waits for it). */
export async function cardRefundInFlight(tx: Db, tillOperationId: string): Promise<boolean> {
  const [found] = await tx
    .select({ one: sql`1` })
    .from(tillCardRefunds)
    .where(and(eq(tillCardRefunds.tillOperationId, tillOperationId), eq(tillCardRefunds.state, 'refunding')))
    .limit(1);
  return Boolean(found);
}

/** Sends a return's part to the card, once; answers the row as it ends (`refunded`), or throws a 503. */
export async function refundPartToCard(
  deps: TillDeps,
  op: TillOperationRow,
  refund: CardRefundRow,
): Promise<CardRefundRow> {
  if (refund.state === 'refunded') return refund;
  if (!op.orderId || op.acquirer !== deps.acquirer.name) throw stateConflict(op, 'Не возвращено на карту');
  if (!(await takeTurn(deps, refund))) {
    const now = await cardRefundOf(deps.db, refund.tillOperationId, refund.returnKey);
    if (now?.state === 'refunded') return now; // the other call finished it meanwhile
    throw busy();
  }
  const confirmed = await confirmedSoFar(deps.db, op.id);
  const wanted = confirmed + refund.amount;
  let status = await askStatus(deps, op.orderId);
  if (status.refundedAmount < wanted) {
    if (status.refundedAmount !== confirmed) throw mismatch(status.refundedAmount, confirmed);
    const { title } = await loadPoint(deps.db, op.retailPointId);
    // In the `gateway` mode the refunded part goes with it: the gateway issues its refund receipt (decision 080).
    const receipt = await cardGatewayReceipt(deps, op, title, 'sell_refund', refund.amount);
    status = await deps.acquirer
      .refund(op.orderId, refund.amount, receipt)
      .catch(() => askStatus(deps, op.orderId!)); // refused, or silent: what the gateway holds now says
    if (status.refundedAmount < wanted) throw notConfirmed();
  }
  return markRefunded(deps, op, refund);
}

/**
 * Two calls for one part (a till's retry beside its first try) must not both find it missing and ask for it:
 * one conditional update gives the turn to one of them for LEASE_MS, longer than the gateway's 15 s timeout
 * twice over (a status and a refund).
 */
const LEASE_MS = 60_000;

async function takeTurn(deps: TillDeps, refund: CardRefundRow): Promise<boolean> {
  const now = deps.clock.now();
  const [taken] = await deps.db
    .update(tillCardRefunds)
    .set({ attemptedAt: now })
    .where(
      and(
        eq(tillCardRefunds.tillOperationId, refund.tillOperationId),
        eq(tillCardRefunds.returnKey, refund.returnKey),
        eq(tillCardRefunds.state, 'refunding'),
        or(
          isNull(tillCardRefunds.attemptedAt),
          lt(tillCardRefunds.attemptedAt, new Date(now.getTime() - LEASE_MS)),
        ),
      ),
    )
    .returning({ key: tillCardRefunds.returnKey });
  return Boolean(taken);
}

const busy = () =>
  new AppError(
    'BANK_UNAVAILABLE',
    'Возврат на карту уже запрошен в банке: повторите через минуту с тем же ключом',
  );

async function askStatus(deps: TillDeps, orderId: string): Promise<OrderStatus> {
  try {
    return await deps.acquirer.getOrderStatus(orderId);
  } catch {
    throw notConfirmed();
  }
}

/** The gateway refunded neither what we recorded nor that plus this part: a person must reconcile. */
function mismatch(atBank: number, confirmed: number) {
  return new AppError(
    'OPERATION_STATE',
    `Банк вернул на карту ${(atBank / 100).toFixed(2)} ₽, а подтверждено ${(confirmed / 100).toFixed(2)} ₽: возврат остановлен, обратитесь в поддержку`,
  );
}

async function confirmedSoFar(db: Db, tillOperationId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${tillCardRefunds.amount}), 0)` })
    .from(tillCardRefunds)
    .where(and(eq(tillCardRefunds.tillOperationId, tillOperationId), eq(tillCardRefunds.state, 'refunded')));
  return Number(row?.sum ?? 0);
}

/** `refunding` -> `refunded` once, with the part's refund receipt queued in the same transaction. */
async function markRefunded(
  deps: TillDeps,
  op: TillOperationRow,
  refund: CardRefundRow,
): Promise<CardRefundRow> {
  const { title } = await loadPoint(deps.db, op.retailPointId);
  return inTransaction(deps.db, async (tx) => {
    const [moved] = await tx
      .update(tillCardRefunds)
      .set({ state: 'refunded', refundedAt: deps.clock.now() })
      .where(
        and(
          eq(tillCardRefunds.tillOperationId, refund.tillOperationId),
          eq(tillCardRefunds.returnKey, refund.returnKey),
          eq(tillCardRefunds.state, 'refunding'),
        ),
      )
      .returning();
    if (!moved) return (await cardRefundOf(tx, refund.tillOperationId, refund.returnKey))!;
    await queueCardReceipt(deps, tx, op, title, 'sell_refund', {
      amount: moved.amount,
      returnKey: moved.returnKey,
    });
    return moved;
  });
}
