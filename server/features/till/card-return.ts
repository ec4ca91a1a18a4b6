import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { tillCardRefunds, tillOperations } from '#server/db/schema/till';
import { loadPoint, stateConflict, type TillDeps, type TillOperationRow } from './operation-rows';
import { refundPartOnce, type RefundPartStore } from './refund-part';
import { cardPartGatewayReceipt, queueCardPartReceipt } from './till-card-gateway';

/**
 * The money of a card payment's return by lines, back to the card (decision 063). The return's lines and this
 * `refunding` row are written with its bonuses in one transaction (returns.ts); then the part is refunded at the
 * gateway and the row becomes `refunded`, with its refund receipt queued in that transaction (decision 070).
 *
 * Never twice, one part in flight, a lease: refund-part.ts, shared with a site payment's returns (decision 084).
 */

export type CardRefundRow = typeof tillCardRefunds.$inferSelect;

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

/** Sends a return's part to the card, once (refund-part.ts); answers the row as it ends, or throws a 503. */
export async function refundPartToCard(
  deps: TillDeps,
  op: TillOperationRow,
  refund: CardRefundRow,
): Promise<CardRefundRow> {
  if (refund.state === 'refunded') return refund;
  if (!op.orderId || op.acquirer !== deps.acquirer.name) throw stateConflict(op, 'Не возвращено на карту');
  const { title } = await loadPoint(deps.db, op.retailPointId);
  return refundPartOnce(deps, {
    orderId: op.orderId,
    part: refund,
    store: tillPartStore(refund),
    // With the bank's cart the part names its positions: the gateway issues its refund receipt (decision 086).
    gatewayReceipt: () => cardPartGatewayReceipt(deps, op, title, refund),
    queueReceipt: (tx, moved) => queueCardPartReceipt(deps, tx, op, title, moved),
  });
}

/**
 * A till card return's part the bank has not confirmed, sent again by the job that finishes them
 * (unconfirmed-parts.ts) through the same rules as the till's retry; throws as that retry would.
 */
export async function finishTillPart(deps: TillDeps, tillOperationId: string, key: string) {
  const refund = await cardRefundOf(deps.db, tillOperationId, key);
  const [op] = await deps.db.select().from(tillOperations).where(eq(tillOperations.id, tillOperationId));
  return refund && op ? refundPartToCard(deps, op, refund) : null;
}

/** A till card payment's parts in `till_card_refunds`. */
function tillPartStore(refund: CardRefundRow): RefundPartStore<CardRefundRow> {
  const thisPart = and(
    eq(tillCardRefunds.tillOperationId, refund.tillOperationId),
    eq(tillCardRefunds.returnKey, refund.returnKey),
  );
  return {
    reload: (db) => cardRefundOf(db, refund.tillOperationId, refund.returnKey),
    takeTurn: async (db, now, staleBefore) => {
      const [taken] = await db
        .update(tillCardRefunds)
        .set({ attemptedAt: now })
        .where(
          and(
            thisPart,
            eq(tillCardRefunds.state, 'refunding'),
            or(isNull(tillCardRefunds.attemptedAt), lt(tillCardRefunds.attemptedAt, staleBefore)),
          ),
        )
        .returning({ key: tillCardRefunds.returnKey });
      return Boolean(taken);
    },
    confirmedSoFar: async (db) => {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${tillCardRefunds.amount}), 0)` })
        .from(tillCardRefunds)
        .where(
          and(
            eq(tillCardRefunds.tillOperationId, refund.tillOperationId),
            eq(tillCardRefunds.state, 'refunded'),
          ),
        );
      return Number(row?.sum ?? 0);
    },
    markSent: async (db, now) => {
      await db.update(tillCardRefunds).set({ sentAt: now }).where(thisPart);
    },
    markRefunded: async (tx, now) => {
      const [moved] = await tx
        .update(tillCardRefunds)
        .set({ state: 'refunded', refundedAt: now })
        .where(and(thisPart, eq(tillCardRefunds.state, 'refunding')))
        .returning();
      return moved ?? null;
    },
  };
}
