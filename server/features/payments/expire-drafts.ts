import { and, asc, inArray, lte } from 'drizzle-orm';
import { inTransaction } from '#server/db/in-transaction';
import { paymentDrafts } from '#server/db/schema/payments';
import type { OrderStatus } from '#server/integrations/acquirer/acquirer';
import { needsBank, type PaymentsDeps } from './draft-rows';
import { registerOrder } from './process-draft';
import { completePaid, releaseDraft, settle } from './settle-draft';

/**
 * The hold-expiry job's work, idempotent: every draft still `processing` (or `paid`) past its hold's expiry
 * is settled. Its bank order is cancelled first; one the customer managed to pay stays paid and completes,
 * any other releases the hold (`expired`). Answers how many drafts it looked at.
 */
export async function releaseExpiredHolds(deps: PaymentsDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select()
    .from(paymentDrafts)
    .where(
      and(
        inArray(paymentDrafts.state, ['processing', 'paid']),
        lte(paymentDrafts.holdExpiresAt, deps.clock.now()),
      ),
    )
    .orderBy(asc(paymentDrafts.holdExpiresAt))
    .limit(limit);
  for (const row of due) {
    if (row.state === 'paid') {
      await inTransaction(deps.db, (tx) => completePaid(deps, tx, row.id));
      continue;
    }
    let orderId = row.orderId;
    if (!orderId && needsBank(row) && row.returnUrl) {
      // A registration may have reached the bank without being stored: find it (registration is idempotent).
      orderId = (await registerOrder(deps, row).catch(() => row)).orderId;
    }
    if (orderId) {
      let status: OrderStatus;
      try {
        status = await deps.acquirer.cancelOrder(orderId);
      } catch {
        continue; // the bank is unreachable: the next run asks again, the hold stays until it answers
      }
      if (status.state === 'paid') {
        await settle(deps, { ...row, orderId }, status);
        continue;
      }
      // The bank could not stop the order (the customer is mid 3-D Secure, say): releasing now could lose a
      // payment that lands a moment later, so the draft waits for the next run.
      if (status.state === 'pending') continue;
    }
    await releaseDraft(deps, row.id, 'expired', {
      code: 'EXPIRED',
      message: 'Время на оплату вышло: бонусы возвращены, начните оплату заново',
    });
  }
  return due.length;
}
