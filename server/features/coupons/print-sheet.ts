import { and, asc, count, eq } from 'drizzle-orm';
import { PRINT_CODES_PER_PAGE, type PromoCodesSheet } from '#common/contract/coupons';
import type { PromoRow } from '#server/core/coupons/find';
import type { Db } from '#server/db/client';
import { promoCodes } from '#server/db/schema/coupons';

/**
 * A page of a promo's free codes for the console's printable sheet (decision 064): QR and Code128 cards a shop
 * hands out or a partner prints. Only codes still free: a used or held code on paper would be refused at the
 * till. In the order they were made (then by code), so page 2 follows page 1 while nobody uses a code between.
 */
export async function promoCodesSheet(db: Db, promo: PromoRow, page: number): Promise<PromoCodesSheet> {
  const free = and(eq(promoCodes.promoId, promo.id), eq(promoCodes.status, 'free'));
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(promoCodes).where(free),
    db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(free)
      .orderBy(asc(promoCodes.createdAt), asc(promoCodes.code))
      .limit(PRINT_CODES_PER_PAGE)
      .offset((page - 1) * PRINT_CODES_PER_PAGE),
  ]);
  const total = counted?.total ?? 0;
  return {
    title: promo.title,
    endsOn: promo.endsOn,
    codes: rows.map((row) => row.code),
    page,
    pages: Math.max(1, Math.ceil(total / PRINT_CODES_PER_PAGE)),
    total,
  };
}
