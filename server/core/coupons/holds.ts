import { emitEvent } from '#server/core/events/emit';
import { and, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { couponUses, promoCodes, promos } from '#server/db/schema/coupons';
import { AppError } from '#server/errors';
import { usedCoupon, type PromoCodeRow, type PromoRow } from './find';

/**
 * A code's life at a till (decision 064): held for a visit (`holdCoupon`), tied to the operation that spends
 * with it (`attachCoupon`), used with the completed operation (`useCoupon`, `useCouponsOf`), released on cancel
 * or expiry (`releaseCouponsOf`, `releaseExpiredCoupons`). A one-use code moves `free` -> `held` -> `used` by
 * conditional UPDATEs, so of two tills racing for one code exactly one wins; a promo with limits is locked
 * (`for update`) while its uses are counted, so two tills cannot both take its last use.
 */

export type CouponUseRow = typeof couponUses.$inferSelect;
/** Who holds a code: a till's visit, or a shop payment's draft (decision 071). */
export type CouponHolder = { visitId: string } | { draftId: string };

const isOneUse = (promo: Pick<PromoRow, 'kind'>) => promo.kind !== 'shared';

/** The promo's limits against its uses held or made (under the promo row's lock). */
async function checkLimits(tx: Db, promo: PromoRow, userId: string) {
  if (promo.totalLimit === null && promo.perMemberLimit === null) return;
  await tx.execute(sql`select id from promos where id = ${promo.id} for update`);
  const live = inArray(couponUses.state, ['held', 'used']);
  const [[all], [mine]] = await Promise.all([
    promo.totalLimit === null
      ? [{ n: 0 }]
      : tx
          .select({ n: count() })
          .from(couponUses)
          .where(and(eq(couponUses.promoId, promo.id), live)),
    promo.perMemberLimit === null
      ? [{ n: 0 }]
      : tx
          .select({ n: count() })
          .from(couponUses)
          .where(and(eq(couponUses.promoId, promo.id), eq(couponUses.userId, userId), live)),
  ]);
  if (promo.totalLimit !== null && all!.n >= promo.totalLimit) {
    throw new AppError('COUPON_LIMIT', 'Промокод исчерпан: акция набрала своё число покупок');
  }
  if (promo.perMemberLimit !== null && mine!.n >= promo.perMemberLimit) {
    throw new AppError('COUPON_LIMIT', 'Этот покупатель уже использовал промокод столько раз, сколько можно');
  }
}

/**
 * Holds the code for the visit until `expiresAt`: the visit's own hold again (its expiry renewed), or a new
 * one within the limits; a one-use code only if it is free now (409 `COUPON_USED` for the loser of a race).
 */
export async function holdCoupon(
  db: Db,
  found: { promo: PromoRow; code: PromoCodeRow },
  visit: CouponHolder & { userId: string; now: Date; expiresAt: Date; figures?: CouponFigures },
): Promise<CouponUseRow> {
  const { promo, code } = found;
  const ownHold = and(
    'draftId' in visit ? eq(couponUses.draftId, visit.draftId) : eq(couponUses.visitId, visit.visitId),
    eq(couponUses.codeId, code.id),
    eq(couponUses.state, 'held'),
  );
  const [renewed] = await db
    .update(couponUses)
    .set({ holdExpiresAt: visit.expiresAt, updatedAt: visit.now, ...visit.figures })
    .where(and(ownHold, isNull(couponUses.operationId)))
    .returning();
  if (renewed) return renewed;
  return inTransaction(db, async (tx) => {
    await checkLimits(tx, promo, visit.userId);
    if (isOneUse(promo)) {
      const [taken] = await tx
        .update(promoCodes)
        .set({ status: 'held' })
        .where(and(eq(promoCodes.id, code.id), eq(promoCodes.status, 'free')))
        .returning({ id: promoCodes.id });
      if (!taken) throw usedCoupon();
    }
    const [held] = await tx
      .insert(couponUses)
      .values({
        promoId: promo.id,
        codeId: code.id,
        userId: visit.userId,
        ...('draftId' in visit ? { draftId: visit.draftId } : { visitId: visit.visitId }),
        ...visit.figures,
        state: 'held',
        holdExpiresAt: visit.expiresAt,
        createdAt: visit.now,
        updatedAt: visit.now,
      })
      .onConflictDoNothing()
      .returning();
    // The visit's parallel preview of the same shared code got there first: a code is held once per visit.
    if (!held) throw usedCoupon();
    return held;
  });
}

/** What a use gave the cheque, kopecks. */
export interface CouponFigures {
  discount: number;
  bonuses: number;
  lineDiscounts: number[] | null;
}

/** Ties a held code to the held operation that spends with it: it lives and ends with that hold. */
export async function attachCoupon(
  tx: Db,
  useId: string,
  operation: { id: string; holdExpiresAt: Date | null },
  figures: CouponFigures,
) {
  const [attached] = await tx
    .update(couponUses)
    .set({ operationId: operation.id, holdExpiresAt: operation.holdExpiresAt ?? undefined, ...figures })
    .where(and(eq(couponUses.id, useId), eq(couponUses.state, 'held'), isNull(couponUses.operationId)))
    .returning();
  if (!attached) throw usedCoupon();
}

/** `held` -> `used` for the completed operation, the one-use code with it; a hold lost meanwhile is the 409. */
export async function useCoupon(
  root: Db,
  tx: Db,
  useId: string,
  operationId: string | null,
  figures: CouponFigures,
  now: Date,
) {
  const [used] = await tx
    .update(couponUses)
    .set({ state: 'used', operationId, updatedAt: now, ...figures })
    .where(and(eq(couponUses.id, useId), eq(couponUses.state, 'held')))
    .returning();
  if (!used) throw usedCoupon();
  // A shared code stays `free`: only a one-use code's `held` becomes `used`.
  await tx
    .update(promoCodes)
    .set({ status: 'used' })
    .where(and(eq(promoCodes.id, used.codeId), eq(promoCodes.status, 'held')));
  await emitCouponsUsed(root, tx, [used], now);
}

/** `coupon.used` for each use made in `tx` (decision 073): at a till, or with a shop payment (decision 071). */
export async function emitCouponsUsed(
  root: Db,
  tx: Db,
  used: readonly {
    userId: string;
    promoId: string;
    codeId: string;
    operationId: string | null;
    paymentDraftId?: string;
  }[],
  now: Date,
) {
  for (const use of used) {
    await emitEvent(root, tx, {
      type: 'coupon.used',
      memberId: use.userId,
      payload: {
        memberId: use.userId,
        promoId: use.promoId,
        codeId: use.codeId,
        tillOperationId: use.operationId,
        ...(use.paymentDraftId && { paymentDraftId: use.paymentDraftId }),
        at: now.toISOString(),
      },
      at: now,
    });
  }
}

/** The held operation completed: its codes are used (in the transaction of its settlement). */
export async function useCouponsOf(root: Db, tx: Db, operationId: string, now: Date) {
  const used = await tx
    .update(couponUses)
    .set({ state: 'used', updatedAt: now })
    .where(and(eq(couponUses.operationId, operationId), eq(couponUses.state, 'held')))
    .returning({
      codeId: couponUses.codeId,
      userId: couponUses.userId,
      promoId: couponUses.promoId,
      operationId: couponUses.operationId,
    });
  if (used.length === 0) return;
  await emitCouponsUsed(root, tx, used, now);
  await tx
    .update(promoCodes)
    .set({ status: 'used' })
    .where(
      and(
        inArray(
          promoCodes.id,
          used.map((u) => u.codeId),
        ),
        eq(promoCodes.status, 'held'),
      ),
    );
}

/** Frees what the released uses held: a one-use code goes back to `free` (a shared code never left it). */
export async function freeCodes(tx: Db, released: readonly { codeId: string }[]) {
  if (released.length === 0) return;
  await tx
    .update(promoCodes)
    .set({ status: 'free' })
    .where(
      and(
        inArray(
          promoCodes.id,
          released.map((r) => r.codeId),
        ),
        eq(promoCodes.status, 'held'),
      ),
    );
}

/** The held operation was cancelled, expired or declined: its codes go back (in the transaction of its release). */
export async function releaseCouponsOf(tx: Db, operationId: string, now: Date) {
  const released = await tx
    .update(couponUses)
    .set({ state: 'released', updatedAt: now })
    .where(and(eq(couponUses.operationId, operationId), eq(couponUses.state, 'held')))
    .returning({ codeId: couponUses.codeId });
  await freeCodes(tx, released);
}

/**
 * The hold-expiry work for codes held at a preview and never used (run with the till's; idempotent, safe on
 * several instances: `skip locked`). A code tied to an operation ends with it instead. Answers how many.
 */
export async function releaseExpiredCoupons(db: Db, now: Date, limit = 500): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = tx
      .select({ id: couponUses.id })
      .from(couponUses)
      .where(
        and(
          eq(couponUses.state, 'held'),
          isNull(couponUses.operationId),
          lte(couponUses.holdExpiresAt, now),
          // A draft's code ends with the draft once it is sent to pay (decision 071); before that it expires here.
          sql`(${couponUses.draftId} is null or exists (select 1 from payment_drafts d
            where d.id = ${couponUses.draftId} and d.state = 'created'))`,
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    const released = await tx
      .update(couponUses)
      .set({ state: 'released', updatedAt: now })
      .where(and(inArray(couponUses.id, due), eq(couponUses.state, 'held')))
      .returning({ codeId: couponUses.codeId });
    await freeCodes(tx, released);
    return released.length;
  });
}

/** The uses of these operations (held or made), by operation, with their code and promo (one query). */
export async function couponUsesOf(db: Db, operationIds: readonly string[]) {
  const rows = await db
    .select({ use: couponUses, code: promoCodes.code, title: promos.title, effect: promos.effect })
    .from(couponUses)
    .innerJoin(promoCodes, eq(promoCodes.id, couponUses.codeId))
    .innerJoin(promos, eq(promos.id, couponUses.promoId))
    .where(
      and(inArray(couponUses.operationId, [...operationIds]), inArray(couponUses.state, ['held', 'used'])),
    );
  return new Map(rows.map((row) => [row.use.operationId!, row]));
}

/** The use an operation made (null: none). */
export async function couponUseOf(db: Db, operationId: string) {
  return (await couponUsesOf(db, [operationId])).get(operationId) ?? null;
}

/** The use a completed shop payment made (decision 071), by its draft (null: none). */
export async function couponUseOfDraft(db: Db, draftId: string) {
  const [row] = await db
    .select({ use: couponUses, code: promoCodes.code, title: promos.title, effect: promos.effect })
    .from(couponUses)
    .innerJoin(promoCodes, eq(promoCodes.id, couponUses.codeId))
    .innerJoin(promos, eq(promos.id, couponUses.promoId))
    .where(and(eq(couponUses.draftId, draftId), eq(couponUses.state, 'used')));
  return row ?? null;
}
