import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { paymentCardRefunds } from '#server/db/schema/payment-returns';
import type { RefundPartStore } from './refund-part';

/**
 * The bank's parts of a site payment's returns by lines (decision 084) in `payment_card_refunds`: what
 * refund-part.ts needs to send one to the card once, as card-return.ts keeps a till card payment's.
 */

export type PaymentCardRefundRow = typeof paymentCardRefunds.$inferSelect;

export async function paymentCardRefundOf(
  db: Db,
  draftId: string,
  returnKey: string,
): Promise<PaymentCardRefundRow | null> {
  const [row] = await db
    .select()
    .from(paymentCardRefunds)
    .where(and(eq(paymentCardRefunds.draftId, draftId), eq(paymentCardRefunds.returnKey, returnKey)));
  return row ?? null;
}

/** Whether a part of this payment is still on its way to the card (a new return waits for it). */
export async function paymentCardRefundInFlight(tx: Db, draftId: string): Promise<boolean> {
  const [found] = await tx
    .select({ one: sql`1` })
    .from(paymentCardRefunds)
    .where(and(eq(paymentCardRefunds.draftId, draftId), eq(paymentCardRefunds.state, 'refunding')))
    .limit(1);
  return Boolean(found);
}

export function paymentPartStore(refund: PaymentCardRefundRow): RefundPartStore<PaymentCardRefundRow> {
  const thisPart = and(
    eq(paymentCardRefunds.draftId, refund.draftId),
    eq(paymentCardRefunds.returnKey, refund.returnKey),
  );
  return {
    reload: (db) => paymentCardRefundOf(db, refund.draftId, refund.returnKey),
    takeTurn: async (db, now, staleBefore) => {
      const [taken] = await db
        .update(paymentCardRefunds)
        .set({ attemptedAt: now })
        .where(
          and(
            thisPart,
            eq(paymentCardRefunds.state, 'refunding'),
            or(isNull(paymentCardRefunds.attemptedAt), lt(paymentCardRefunds.attemptedAt, staleBefore)),
          ),
        )
        .returning({ key: paymentCardRefunds.returnKey });
      return Boolean(taken);
    },
    confirmedSoFar: async (db) => {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${paymentCardRefunds.amount}), 0)` })
        .from(paymentCardRefunds)
        .where(and(eq(paymentCardRefunds.draftId, refund.draftId), eq(paymentCardRefunds.state, 'refunded')));
      return Number(row?.sum ?? 0);
    },
    markSent: async (db, now) => {
      await db.update(paymentCardRefunds).set({ sentAt: now }).where(thisPart);
    },
    markRefunded: async (tx, now) => {
      const [moved] = await tx
        .update(paymentCardRefunds)
        .set({ state: 'refunded', refundedAt: now })
        .where(and(thisPart, eq(paymentCardRefunds.state, 'refunding')))
        .returning();
      return moved ?? null;
    },
  };
}
