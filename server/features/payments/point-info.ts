import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { pointRate } from '#server/core/earn/point-rate';
import { balancesOf } from '#server/core/ledger';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { retailPoints } from '#server/db/schema/content';
import { notFound } from '#server/errors';

/** The retail point a payment is for, or 404. */
export async function loadPoint(db: Db, retailPointId: number) {
  const [point] = await db.select().from(retailPoints).where(eq(retailPoints.id, retailPointId));
  if (!point) throw notFound('Точка не найдена');
  return point;
}

/** `getRetailPointInfo`: what the payment page shows of the point. */
export async function retailPointInfo(db: Db, retailPointId: number) {
  const [point, settings] = await Promise.all([loadPoint(db, retailPointId), readBrandSettings(db)]);
  return {
    id: point.id,
    title: point.title,
    address: { city: point.city, street: point.street, house: point.house },
    // The rate in force: the point's own or the chain's base (decision 055).
    currentBonus: pointRate(point.currentBonus, settings).percent,
  };
}

/** `getUserBalance`: the customer's balances and how much of a payment bonuses may cover. */
export async function userBalance(deps: Pick<AppDeps, 'db'>, userId: string) {
  const [balances, settings] = await Promise.all([balancesOf(deps.db, userId), readBrandSettings(deps.db)]);
  return {
    balance: { availableAmount: toRoubles(balances.bonus), amount: toRoubles(balances.money) },
    maxSpendPercent: settings.maxSpendPercent,
  };
}
