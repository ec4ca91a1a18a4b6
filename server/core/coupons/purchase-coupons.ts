import { and, eq, inArray } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PurchaseCoupon } from '#common/contract/cabinet';
import type { Db } from '#server/db/client';
import { couponUses, promoCodes, promos } from '#server/db/schema/coupons';
import { paymentDrafts } from '#server/db/schema/payments';
import { tillOperations } from '#server/db/schema/till';
import { toRoubles } from '../money';

/**
 * The promo code each purchase of the cabinet's history used (issue 29 item 7: «with coupons used»), by the
 * history row's id: a till's, through the till operation that wrote the row (index `till_operations_history`,
 * then `coupon_uses_operation`), and a shop payment's, through its draft (decision 071; `payment_drafts_history`,
 * then `coupon_uses_draft`). Only uses made (`used`): a held or released code bought nothing. One query.
 */
export async function purchaseCoupons(
  db: Db,
  historyIds: readonly string[],
): Promise<Map<string, PurchaseCoupon>> {
  const byRow = new Map<string, PurchaseCoupon>();
  if (historyIds.length === 0) return byRow;
  const ids = [...historyIds];
  /** The used codes of the purchases `owner` wrote, joined on the use's column that names the owner's row. */
  const usedVia = (owner: typeof tillOperations | typeof paymentDrafts, useOf: AnyPgColumn) =>
    db
      .select({
        historyId: owner.operationId,
        code: promoCodes.code,
        promo: promos.title,
        discount: couponUses.discount,
        bonuses: couponUses.bonuses,
      })
      .from(owner)
      .innerJoin(couponUses, and(eq(useOf, owner.id), eq(couponUses.state, 'used')))
      .innerJoin(promoCodes, eq(promoCodes.id, couponUses.codeId))
      .innerJoin(promos, eq(promos.id, couponUses.promoId))
      .where(inArray(owner.operationId, ids));
  const atTill = usedVia(tillOperations, couponUses.operationId);
  const onSite = usedVia(paymentDrafts, couponUses.draftId);
  for (const row of await unionAll(atTill, onSite)) {
    if (!row.historyId) continue;
    byRow.set(row.historyId, {
      code: row.code,
      promo: row.promo,
      discount: toRoubles(row.discount),
      bonuses: toRoubles(row.bonuses),
    });
  }
  return byRow;
}
