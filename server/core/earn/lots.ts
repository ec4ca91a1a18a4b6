import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { bonusLots } from '#server/db/schema/programme';
import { localTime } from './local-time';

/**
 * Reading the customer's bonus lots (decision 027). The lots themselves are kept by a trigger on the ledger's
 * entries (migration 0014): every credit to a bonus account is a lot; every debit, of any kind, takes from the
 * lots soonest to expire first, so they always add up to the balance.
 */

export interface Expiring {
  /** Kopecks expiring on `on`. */
  amount: number;
  /** The brand's calendar day, 'YYYY-MM-DD'. */
  on: string;
}

/** The next bonuses to expire: what expires on the soonest day (the brand's calendar), or null. */
export async function nextExpiry(db: Db, userId: string, timeZone: string): Promise<Expiring | null> {
  const rows = await db
    .select({ remaining: bonusLots.remaining, expiresAt: bonusLots.expiresAt })
    .from(bonusLots)
    .where(and(eq(bonusLots.userId, userId), gt(bonusLots.remaining, 0), isNotNull(bonusLots.expiresAt)))
    .orderBy(asc(bonusLots.expiresAt))
    .limit(100);
  const first = rows[0];
  if (!first?.expiresAt) return null;
  const on = localTime(first.expiresAt, timeZone).day;
  const amount = rows
    .filter((r) => r.expiresAt && localTime(r.expiresAt, timeZone).day === on)
    .reduce((sum, r) => sum + r.remaining, 0);
  return { amount, on };
}

/** What the customer's open lots add up to (the invariant: their bonus balance). */
export async function lotsTotal(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bonusLots.remaining}), 0)::text` })
    .from(bonusLots)
    .where(eq(bonusLots.userId, userId));
  return Number(row?.total ?? 0);
}
