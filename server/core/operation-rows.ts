import type { Operation, PurchaseCoupon, PurchaseLine } from '#common/contract/cabinet';
import type { operations } from '../db/schema/cabinet';
import { toRoubles } from './money';

/**
 * One row of a customer's history as the cabinet shows it: the cabinet's pages and the customer's data export
 * share it, so a field added to the history reaches both.
 */
export function toOperation(
  row: typeof operations.$inferSelect,
  lines: PurchaseLine[] = [],
  coupon: PurchaseCoupon | null = null,
): Operation {
  return {
    id: row.id,
    place: row.place,
    date: row.occurredAt.toISOString(),
    amountEarn: toRoubles(row.amountEarn),
    amountSpend: toRoubles(row.amountSpend),
    amountSpendExtra: toRoubles(row.amountSpendExtra),
    amount: toRoubles(row.amount),
    state: row.state,
    type: row.type,
    earnRules: row.earnRules,
    lines,
    coupon,
  };
}
