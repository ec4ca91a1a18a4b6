import { sql, type SQL } from 'drizzle-orm';
import type { SegmentCondition } from '#common/contract/segment-definition';
import {
  compared,
  DAY_MS,
  kopecks,
  moment,
  periodBounds,
  type PurchaseConditions,
  type QueryParts,
  type SegmentContext,
} from './sql-parts';

export type { SegmentContext } from './sql-parts';

/**
 * One segment condition as a predicate on the member row `u` (decision 075). Each reads one narrow source
 * through an index the migration adds, and is a semi-join (`u.id in (…)`), an anti-join, or a join of a row
 * the member has at most one of (the balance), so PostgreSQL hashes the source once instead of probing it per
 * member: a count at 1,000,000 members stays under a second (bench/segments.ts).
 */

/** Members who completed a till or shop purchase at any of the points. */
function pointsCondition(pointIds: readonly number[]): SQL {
  const ids = sql`array[${sql.join(
    pointIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  return sql`u.id in (
    select user_id from till_operations where state = 'completed' and retail_point_id = any(${ids})
    union all
    select user_id from payment_drafts where state = 'completed' and retail_point_id = any(${ids}))`;
}

/** Members who bought goods of the categories or of any category under them (the tree of decision 060). */
function categoriesCondition(categoryIds: readonly string[]): SQL {
  const ids = sql`array[${sql.join(
    categoryIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  return sql`u.id in (
    with recursive tree(id) as (
      select unnest(${ids})
      union select c.id from catalogue_categories c join tree on c.parent_id = tree.id)
    select t.user_id from receipt_lines l join till_operations t on t.id = l.operation_id
    where l.source = 'till' and t.state = 'completed' and l.category_id in (select id from tree)
    union all
    select d.user_id from receipt_lines l join payment_drafts d on d.id = l.operation_id
    where l.source = 'payment' and d.state = 'completed' and l.category_id in (select id from tree))`;
}

function expiringCondition(days: number, roubles: number, ctx: SegmentContext): SQL {
  const until = new Date(ctx.now.getTime() + days * DAY_MS);
  return sql`u.id in (select user_id from bonus_lots
    where remaining > 0 and expires_at > ${moment(ctx.now)} and expires_at <= ${moment(until)}
    group by user_id having sum(remaining) >= ${Math.max(1, kopecks(roubles))})`;
}

/**
 * The member's bonus balance (0 without an account), from their account joined on `u`: at most one row a member
 * (the `ledger_accounts_user_kind` key), so a join, which PostgreSQL hashes once for all its parallel workers,
 * where a `not in` set is hashed again by each (decision 088: the group segment 35 % faster at 1,000,000).
 */
function bonusBalance({ joins }: QueryParts): SQL {
  const alias = sql.raw(`b${joins.length + 1}`);
  joins.push(sql`left join ledger_accounts ${alias} on ${alias}.user_id = u.id and ${alias}.kind = 'bonus'`);
  return sql`coalesce(${alias}.balance, 0)`;
}

/**
 * The predicate of one condition on the member row `u`. The purchase conditions come from `purchases`: the rollup
 * (decision 082, with its row `s`) or the reference reading every purchase (075, for the property test).
 */
export function conditionSql(
  condition: SegmentCondition,
  ctx: SegmentContext,
  purchases: PurchaseConditions,
  parts: QueryParts,
): SQL {
  switch (condition.field) {
    case 'level':
      return purchases.level(condition.levels, ctx, parts);
    case 'points':
      return pointsCondition(condition.pointIds);
    case 'daysSinceLastPurchase':
      return purchases.lastPurchase(condition.op, condition.days, ctx);
    case 'purchaseCount':
      return purchases.period('count', condition.period, compared(condition.op, condition.value), ctx, parts);
    case 'purchaseSum':
      return purchases.period(
        'spend',
        condition.period,
        compared(condition.op, kopecks(condition.value)),
        ctx,
        parts,
      );
    case 'balance':
      return compared(condition.op, kopecks(condition.value)).test(bonusBalance(parts));
    case 'expiringBonuses':
      return expiringCondition(condition.days, condition.value, ctx);
    case 'birthdayMonth':
      return sql`extract(month from u.birth_date)::int = any(array[${sql.join(
        condition.months.map((m) => sql`${m}`),
        sql`, `,
      )}]::int[])`;
    case 'categories':
      return categoriesCondition(condition.categoryIds);
    case 'registered': {
      const { start, end } = periodBounds(condition.period, ctx);
      return sql`(u.registered_at >= ${start} and u.registered_at < ${end})`;
    }
    case 'giftCards': {
      // A card sent to the member's phone, not moved into their balance, not blocked, with value left.
      const held = sql`exists (select 1 from gift_cards g join ledger_accounts a on a.id = g.account_id
        where g.phone = u.phone and g.blocked_at is null and g.added_at is null and a.balance > 0)`;
      return condition.held ? held : sql`not ${held}`;
    }
    case 'consent': {
      const granted = sql`exists (select 1 from marketing_consents m
        where m.user_id = u.id and m.channel = ${condition.channel} and m.granted)`;
      return condition.granted ? granted : sql`not ${granted}`;
    }
  }
}
