import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Level } from '#common/contract/header';
import type { MemberLevel } from '#common/contract/member-bonuses';
import type { Db } from '#server/db/client';
import { operations } from '#server/db/schema/cabinet';
import { toRoubles } from '../money';

/**
 * Levels (docs/decisions/027-programme-rules.md "Levels"): the member's spend over the last 12 months picks a
 * level. The spend is computed when it is needed (at earn time and for the cabinet), never stored, so every
 * purchase and every day that pushes an old purchase out of the window is reflected without a nightly job.
 */

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * What the member spent in completed purchases (shop and till payments, till accruals) over the 12 months
 * before `now`, kopecks. A refunded or cancelled operation has state CANCEL and does not count; deposits
 * (certificates, gift cards, event bonuses) are not purchases; goods returned at a till (RETURN, decision 063)
 * count against it. One range scan of the member's rows in the
 * `operations_user_history` index (user_id, occurred_at DESC).
 */
export async function spendOverYear(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({
      spend: sql<string>`coalesce(sum(case when ${operations.type} = 'RETURN' then -${operations.amount} else ${operations.amount} end), 0)`,
    })
    .from(operations)
    .where(
      and(
        eq(operations.userId, userId),
        gte(operations.occurredAt, new Date(now.getTime() - YEAR_MS)),
        eq(operations.state, 'PROCESSED'),
        inArray(operations.type, ['PAYMENT', 'CASHBACK', 'RETURN']),
      ),
    );
  return Number(row?.spend ?? 0);
}

/** The level a spend (kopecks) reaches: the last whose threshold it meets; null when levels are off. */
export function levelFor(levels: readonly Level[], spend: number): Level | null {
  let found: Level | null = null;
  for (const level of levels) if (spend >= level.fromSpend * 100) found = level;
  return found;
}

/** The level after `level`, or null at the top. */
export function nextLevel(levels: readonly Level[], level: Level | null): Level | null {
  const i = level ? levels.indexOf(level) : -1;
  return levels[i + 1] ?? null;
}

/** The cabinet's view: the level, the spend and the way to the next (no query when levels are off). */
export async function memberLevel(
  db: Db,
  levels: readonly Level[],
  userId: string,
  now: Date,
): Promise<MemberLevel> {
  if (levels.length === 0) return { level: null };
  const spend = await spendOverYear(db, userId, now);
  // Levels start from 0, so every member has one.
  const level = levelFor(levels, spend)!;
  const next = nextLevel(levels, level);
  return {
    level: {
      title: level.title,
      earnPercent: level.earnPercent,
      spend: toRoubles(spend),
      next: next && {
        title: next.title,
        earnPercent: next.earnPercent,
        left: toRoubles(next.fromSpend * 100 - spend),
      },
    },
  };
}
