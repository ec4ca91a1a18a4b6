import { sql, type SQL } from 'drizzle-orm';
import type { Level } from '#common/contract/header';
import type { SegmentCondition, SegmentPeriod } from '#common/contract/segment-definition';

/**
 * One segment condition as a predicate on the member row `u` (decision 075). Each reads one narrow source
 * through an index the migration adds, and is a semi-join (`u.id in (…)`) or an anti-join (`not exists`), so
 * PostgreSQL hashes the source once instead of probing it per member: a count at 1,000,000 members stays
 * under a second (bench/segments.ts).
 */

export interface SegmentContext {
  /** The moment «last N days», «expiring within N days» and the level's 12 months count back from. */
  now: Date;
  /** The brand's IANA zone: a date in a period is the brand's calendar day. */
  timeZone: string;
  /** The brand's levels (settings), for the level condition: a level is a range of the 12 months' spend. */
  levels: readonly Level[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The 12 months of server/core/earn/levels.ts (`spendOverYear`): the same window, so the same level. */
const YEAR_MS = 365 * DAY_MS;
const kopecks = (roubles: number) => Math.round(roubles * 100);
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
/** A moment as a parameter: ISO text cast in SQL, the same on PGlite and PostgreSQL. */
const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A period's bounds as timestamps: the last N days up to now, or the brand's days from and to, inclusive. */
function periodBounds(period: SegmentPeriod, ctx: SegmentContext): { start: SQL; end: SQL } {
  if ('lastDays' in period) {
    return {
      start: sql`${daysBefore(ctx.now, period.lastDays)}::timestamptz`,
      end: moment(ctx.now),
    };
  }
  return {
    start: sql`(${period.from}::date)::timestamp at time zone ${ctx.timeZone}`,
    end: sql`(${period.to}::date + 1)::timestamp at time zone ${ctx.timeZone}`,
  };
}

/**
 * The purchases (decision 027's level spend): completed shop and till payments and till accruals, less goods
 * returned; a cancelled or refunded operation has state CANCEL. The partial covering index
 * `operations_purchases` answers these from the index alone.
 */
const PURCHASES = sql`state = 'PROCESSED' and type in ('PAYMENT', 'CASHBACK', 'RETURN')`;
const SPEND = sql`sum(case when type = 'RETURN' then -amount else amount end)`;
const PURCHASE_COUNT = sql`count(*) filter (where type <> 'RETURN')`;

function purchaseTotals(value: SQL, start: SQL, end: SQL): SQL {
  return sql`select user_id, ${value} as value from operations
    where ${PURCHASES} and occurred_at >= ${start} and occurred_at < ${end} group by user_id`;
}

/**
 * A condition on a per-member figure that is 0 for members without rows in its source (no purchases, no
 * account). When 0 satisfies the test the member matches unless their row fails it (an anti-join), else the
 * member matches when their row passes it (a semi-join).
 */
function onFigure(source: SQL, test: (value: SQL) => SQL, zeroPasses: boolean): SQL {
  const passes = test(sql`f.value`);
  return zeroPasses
    ? sql`not exists (select 1 from (${source}) f where f.user_id = u.id and not (${passes}))`
    : sql`u.id in (select f.user_id from (${source}) f where ${passes})`;
}

function compared(op: string, bound: number) {
  const test = (value: SQL) => (op === 'gte' ? sql`${value} >= ${bound}` : sql`${value} <= ${bound}`);
  return { test, zeroPasses: op === 'gte' ? 0 >= bound : 0 <= bound };
}

/** The levels chosen, as ranges of the 12 months' spend (kopecks): a level holds from its threshold to the next. */
function levelCondition(titles: readonly string[], ctx: SegmentContext): SQL {
  const ranges = ctx.levels.flatMap((level, i) => {
    if (!titles.includes(level.title)) return [];
    const next = ctx.levels[i + 1];
    return [{ from: level.fromSpend * 100, to: next ? next.fromSpend * 100 : null }];
  });
  if (ranges.length === 0) return sql`false`;
  const test = (value: SQL) =>
    sql.join(
      ranges.map((r) =>
        r.to === null ? sql`(${value} >= ${r.from})` : sql`(${value} >= ${r.from} and ${value} < ${r.to})`,
      ),
      sql` or `,
    );
  const source = purchaseTotals(
    SPEND,
    moment(new Date(ctx.now.getTime() - YEAR_MS)),
    sql`'infinity'::timestamptz`,
  );
  return onFigure(
    source,
    test,
    ranges.some((r) => r.from <= 0 && (r.to === null || r.to > 0)),
  );
}

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

/** Members with a purchase in the last N days, or (gte) with purchases but none in the last N days. */
function lastPurchaseCondition(op: string, days: number, ctx: SegmentContext): SQL {
  const since = daysBefore(ctx.now, days);
  const recent = sql`select user_id from operations where ${PURCHASES} and type <> 'RETURN' and occurred_at >= ${moment(since)}`;
  if (op === 'lte') return sql`u.id in (${recent})`;
  return sql`u.id in (select user_id from operations where ${PURCHASES} and type <> 'RETURN' and occurred_at < ${moment(since)})
    and not exists (select 1 from operations r where r.user_id = u.id and r.state = 'PROCESSED'
      and r.type in ('PAYMENT', 'CASHBACK') and r.occurred_at >= ${moment(since)})`;
}

function expiringCondition(days: number, roubles: number, ctx: SegmentContext): SQL {
  const until = new Date(ctx.now.getTime() + days * DAY_MS);
  return sql`u.id in (select user_id from bonus_lots
    where remaining > 0 and expires_at > ${moment(ctx.now)} and expires_at <= ${moment(until)}
    group by user_id having sum(remaining) >= ${Math.max(1, kopecks(roubles))})`;
}

/** The predicate of one condition on the member row `u`. */
export function conditionSql(condition: SegmentCondition, ctx: SegmentContext): SQL {
  switch (condition.field) {
    case 'level':
      return levelCondition(condition.levels, ctx);
    case 'points':
      return pointsCondition(condition.pointIds);
    case 'daysSinceLastPurchase':
      return lastPurchaseCondition(condition.op, condition.days, ctx);
    case 'purchaseCount':
    case 'purchaseSum': {
      const { start, end } = periodBounds(condition.period, ctx);
      const isCount = condition.field === 'purchaseCount';
      const { test, zeroPasses } = compared(
        condition.op,
        isCount ? condition.value : kopecks(condition.value),
      );
      return onFigure(purchaseTotals(isCount ? PURCHASE_COUNT : SPEND, start, end), test, zeroPasses);
    }
    case 'balance': {
      const { test, zeroPasses } = compared(condition.op, kopecks(condition.value));
      const source = sql`select user_id, balance as value from ledger_accounts where kind = 'bonus' and user_id is not null`;
      return onFigure(source, test, zeroPasses);
    }
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
