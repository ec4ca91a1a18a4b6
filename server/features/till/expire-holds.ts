import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import { tillOperations } from '#server/db/schema/till';
import { stopCardPayment } from './card-settlement';
import { releaseHold } from './holds';
import type { TillDeps } from './operation-rows';

/**
 * The hold-expiry work for till spends and card payments (run by the interval `main.ts` starts, idempotent,
 * safe on several instances): every hold past its expiry goes back to the customer; a card payment's order is
 * cancelled at the bank first (one the bank took completes instead). Answers how many it looked at.
 */
export async function releaseExpiredTillHolds(deps: TillDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select()
    .from(tillOperations)
    .where(
      and(
        eq(tillOperations.state, 'held'),
        lte(tillOperations.holdExpiresAt, deps.clock.now()),
        // A card payment taken through another gateway (ACQUIRER changed) cannot be asked here: it waits
        // for the operator rather than filling every batch.
        or(ne(tillOperations.kind, 'card'), eq(tillOperations.acquirer, deps.acquirer.name)),
      ),
    )
    // Spends first: they need no gateway, so card payments waiting on a silent bank never starve them.
    .orderBy(sql`${tillOperations.kind} = 'card'`, asc(tillOperations.holdExpiresAt))
    .limit(limit);
  const failures: unknown[] = [];
  for (const row of due) {
    // One row that fails (a point since removed, a gateway error) must not stop the others.
    try {
      if (row.kind === 'card') await stopCardPayment(deps, row, 'expired');
      else await releaseHold(deps, row.id, 'expired');
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${due.length} expired till holds failed`);
  }
  return due.length;
}
