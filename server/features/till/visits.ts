import { and, asc, eq } from 'drizzle-orm';
import type { TillVisit } from '#common/contract/till';
import type { BrandSettings } from '#common/contract/header';
import { readBrandSettings } from '#server/core/brand-settings';
import { pointRate } from '#server/core/earn/point-rate';
import { balancesOf } from '#server/core/ledger';
import { nextExpiry } from '#server/core/earn/lots';
import { localTime } from '#server/core/earn/local-time';
import { pendingSummary } from '#server/core/earn/pending';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/auth';
import { cards } from '#server/db/schema/cabinet';
import { tillOperations, tillVisits } from '#server/db/schema/till';
import { AppError, notFound } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import { chargeableCard } from './saved-card';
import { loadPoint, toOperation, type TillDeps, type VisitRow } from './operation-rows';
import { withCoupons } from './coupon';
import { withLines } from './receipt-answers';
import { withReturned } from './returned-figures';

/** The point's rate in force and where it comes from (decision 055). */
function rateOf(own: number | null, settings: Pick<BrandSettings, 'baseEarnPercent'>) {
  const { percent, from } = pointRate(own, settings);
  return { currentBonus: percent, earnFrom: from };
}

/** How long a scanned code keeps its visit open for accrue and spend. */
export const TILL_VISIT_MINUTES = 15;

/** A visit of the caller's point (404 for any other: another point's visit is indistinguishable from none). */
export async function loadVisit(db: Db, caller: TillCaller, visitId: string): Promise<VisitRow> {
  const [visit] = await db
    .select()
    .from(tillVisits)
    .where(and(eq(tillVisits.id, visitId), eq(tillVisits.retailPointId, caller.retailPointId)));
  if (!visit) throw notFound('Визит не найден: отсканируйте код покупателя');
  return visit;
}

export function checkOpen(deps: TillDeps, visit: VisitRow) {
  if (visit.expiresAt <= deps.clock.now()) {
    throw new AppError('VISIT_ENDED', 'Визит закончился: отсканируйте код покупателя ещё раз');
  }
}

export async function getVisit(deps: TillDeps, caller: TillCaller, visitId: string): Promise<TillVisit> {
  return visitView(deps, await loadVisit(deps.db, caller, visitId));
}

export async function visitView(deps: TillDeps, visit: VisitRow): Promise<TillVisit> {
  const [[user], [card], point, balances, settings, rows, savedCard] = await Promise.all([
    deps.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, visit.userId)),
    deps.db.select({ cardNum: cards.cardNum }).from(cards).where(eq(cards.id, visit.cardId)),
    loadPoint(deps.db, visit.retailPointId),
    balancesOf(deps.db, visit.userId),
    readBrandSettings(deps.db),
    deps.db
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.visitId, visit.id))
      .orderBy(asc(tillOperations.createdAt), asc(tillOperations.id)),
    chargeableCard(deps, visit.userId),
  ]);
  const expiring = await nextExpiry(deps.db, visit.userId, settings.timeZone);
  // Only with a return window: without one the verify costs no extra query (decision 030).
  const pending = settings.bonusPendingDays > 0 ? await pendingSummary(deps.db, visit.userId) : null;
  const initial = user?.lastName ? ` ${user.lastName.slice(0, 1)}.` : '';
  return {
    visitId: visit.id,
    expiresAt: visit.expiresAt.toISOString(),
    customer: {
      name: `${user?.firstName || 'Покупатель'}${initial}`,
      cardNum: `**** **** **** ${(card?.cardNum ?? '').slice(-4)}`,
      bonuses: toRoubles(balances.bonus),
      expiring: expiring && { bonuses: toRoubles(expiring.amount), on: expiring.on },
      pending: pending && {
        bonuses: toRoubles(pending.amount),
        from: localTime(pending.from, settings.timeZone).day,
      },
    },
    point: { id: point.id, title: point.title, ...rateOf(point.currentBonus, settings) },
    maxSpendPercent: settings.maxSpendPercent,
    bindingActive: savedCard !== null,
    savedCard: savedCard ? `•••• ${savedCard.last4}` : null,
    // And what came back of each, so the till offers only the rest (decision 063).
    operations: await withReturned(
      deps.db,
      await withCoupons(deps.db, await withLines(deps.db, rows.map(toOperation))),
    ),
  };
}
