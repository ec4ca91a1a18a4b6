import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { promoCodes, promos } from '#server/db/schema/coupons';
import { AppError } from '#server/errors';
import { localTime } from '../earn/local-time';

export type PromoRow = typeof promos.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A code as stored: trimmed and upper-case («лето» is «ЛЕТО»). */
export const normalCode = (code: string) => code.trim().toUpperCase();

/**
 * The promo of a code a member gives at a till, checked before anything is held (decision 064): the code
 * exists, the promo runs today in the brand's zone, a personal coupon is this member's. A 400/409 in Russian.
 */
export async function findCoupon(
  db: Db,
  request: { code: string; userId: string; now: Date; timeZone: string },
): Promise<{ promo: PromoRow; code: PromoCodeRow }> {
  const [found] = await db
    .select({ promo: promos, code: promoCodes })
    .from(promoCodes)
    .innerJoin(promos, eq(promos.id, promoCodes.promoId))
    .where(eq(promoCodes.code, normalCode(request.code)));
  if (!found) throw new AppError('COUPON_UNKNOWN', 'Такого промокода нет: проверьте, как он набран');
  if (found.promo.paused) throw new AppError('COUPON_EXPIRED', 'Акция по этому промокоду приостановлена');
  const today = localTime(request.now, request.timeZone).day;
  if (found.promo.startsOn && today < found.promo.startsOn) {
    throw new AppError('COUPON_EXPIRED', 'Промокод ещё не действует: акция не началась');
  }
  if (found.promo.endsOn && today > found.promo.endsOn) {
    throw new AppError('COUPON_EXPIRED', 'Срок действия промокода закончился');
  }
  if (found.code.userId !== null && found.code.userId !== request.userId) {
    throw new AppError('COUPON_NOT_YOURS', 'Это персональный купон другого покупателя');
  }
  if (found.code.status === 'used') throw usedCoupon();
  return found;
}

export const usedCoupon = () =>
  new AppError('COUPON_USED', 'Промокод уже использован или сейчас применён на другой кассе');

/** The promo's category and every category below it (one recursive query, at most 32 levels); null: no category. */
export async function categoriesOf(db: Db, categoryId: string | null): Promise<Set<string> | null> {
  if (categoryId === null) return null;
  const result = await db.execute(sql`
    with recursive down(id, depth) as (
      select ${categoryId}::text, 0
      union all
      select c.id, down.depth + 1 from catalogue_categories c join down on c.parent_id = down.id
      where down.depth < 32)
    select distinct id from down`);
  const rows = (result as unknown as { rows: { id: string }[] }).rows;
  return new Set(rows.map((row) => row.id));
}
