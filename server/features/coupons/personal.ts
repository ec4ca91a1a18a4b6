import { emitEvent } from '#server/core/events/emit';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserCoupon } from '#common/contract/coupons';
import { recordAudit, type AuditActor } from '#server/core/audit';
import type { PromoRow } from '#server/core/coupons/find';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { promoCodes, promos } from '#server/db/schema/coupons';
import { AppError, notFound } from '#server/errors';
import { randomCodes } from './generate';

/**
 * Personal coupons (decision 064): the marketer issues one to a member by phone; the member sees it in the
 * cabinet with its code as a QR to show at the till, which takes it like any code (only for that member).
 */
export async function issuePersonalCoupon(
  db: Db,
  promo: PromoRow,
  phone: string,
  actor: AuditActor,
  now: Date,
): Promise<{ code: string }> {
  if (promo.kind !== 'personal') {
    throw new AppError('PROMO_KIND', 'Персональные купоны выдают только в акции с персональными купонами');
  }
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!member) throw notFound('Участника с таким телефоном нет');
  return inTransaction(db, async (tx) => {
    for (;;) {
      const [code] = randomCodes(1);
      const [row] = await tx
        .insert(promoCodes)
        .values({ promoId: promo.id, code: code!, userId: member.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: promoCodes.id, code: promoCodes.code });
      if (!row) continue; // a clash with an existing code: another one
      await recordAudit(tx, actor, {
        action: 'promo.personal',
        entity: 'promo',
        entityId: promo.id,
        after: { userId: member.id, codeId: row.id },
      });
      await emitEvent(db, tx, {
        type: 'coupon.issued',
        memberId: member.id,
        payload: { memberId: member.id, promoId: promo.id, codeId: row.id, at: now.toISOString() },
        at: now,
      });
      return { code: row.code };
    }
  });
}

const STATUS_ORDER = sql`case ${promoCodes.status} when 'free' then 0 when 'held' then 1 else 2 end`;

/** The member's personal coupons, those to use first, then by the promo's end. */
export async function userCoupons(db: Db, userId: string): Promise<UserCoupon[]> {
  const rows = await db
    .select({ code: promoCodes.code, status: promoCodes.status, promo: promos })
    .from(promoCodes)
    .innerJoin(promos, eq(promos.id, promoCodes.promoId))
    .where(and(eq(promoCodes.userId, userId)))
    .orderBy(STATUS_ORDER, asc(promos.endsOn), asc(promoCodes.createdAt));
  return rows.map(({ code, status, promo }) => ({
    code,
    title: promo.title,
    effect: promo.effect.toUpperCase() as UserCoupon['effect'],
    value: promo.effect.endsWith('_percent') ? promo.value : toRoubles(promo.value),
    endsOn: promo.endsOn,
    status: status.toUpperCase() as UserCoupon['status'],
  }));
}
