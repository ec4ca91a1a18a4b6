import { sql } from 'drizzle-orm';
import type { Level } from '#common/contract/header';
import type { MemberLevel } from '#common/contract/member-bonuses';
import type { Db } from '#server/db/client';
import { yearSpend } from '#server/core/segments/purchases-rollup';
import type { QueryParts } from '#server/core/segments/sql-parts';
import { toRoubles } from '../money';

/**
 * Levels (docs/decisions/027-programme-rules.md "Levels"): the member's spend over the last 12 months picks a
 * level. The spend is computed when it is needed (at earn time and for the cabinet) from running monthly totals
 * the database keeps beside the purchases (decision 082), never a stored level, so every purchase and every day
 * that pushes an old purchase out of the window is reflected without a nightly job.
 */

/**
 * What the member spent in completed purchases (shop and till payments, till accruals) over the 12 months
 * before `now`, kopecks. A refunded or cancelled operation has state CANCEL and does not count; deposits
 * (certificates, gift cards, event bonuses) are not purchases; goods returned at a till (RETURN, decision 063)
 * count against it. From the member's purchase rollup (decision 082, kept by triggers in the writer's own
 * transaction): two lookups in its running monthly totals and at most half a month of their purchases at the
 * window's edge, so a heavy shopper's level costs what an occasional one's does (decision 088). The segments'
 * property test holds the rollup's figure equal to the sum over every purchase, and so does this one's
 * (purchases-rollup.test.ts).
 */
export async function spendOverYear(db: Db, userId: string, now: Date): Promise<number> {
  const parts: QueryParts = { joins: [], statsColumns: [], member: userId };
  const spend = yearSpend(now, parts);
  const result = await db.execute(sql`select (${spend})::text as spend
    from (select ${userId}::uuid as id) u
    left join (select user_id, ${sql.join(parts.statsColumns, sql`, `)} from member_purchase_stats s
      where user_id = ${userId}) s on s.user_id = u.id
    ${sql.join(parts.joins, sql` `)}`);
  const [row] = (result as unknown as { rows: { spend: string }[] }).rows;
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
