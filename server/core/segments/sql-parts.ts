import { sql, type SQL } from 'drizzle-orm';
import type { Level } from '#common/contract/header';
import type { SegmentPeriod } from '#common/contract/segment-definition';

/** What the condition SQL of decisions 075 and 082 shares: the context, moments, periods and the 0-figure rule. */

export interface SegmentContext {
  /** The moment «last N days», «expiring within N days» and the level's 12 months count back from. */
  now: Date;
  /** The brand's IANA zone: a date in a period is the brand's calendar day. */
  timeZone: string;
  /** The brand's levels (settings), for the level condition: a level is a range of the 12 months' spend. */
  levels: readonly Level[];
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The 12 months of server/core/earn/levels.ts (`spendOverYear`): the same window, so the same level. */
export const YEAR_MS = 365 * DAY_MS;
export const kopecks = (roubles: number) => Math.round(roubles * 100);
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
/** A moment as a parameter: ISO text cast in SQL, the same on PGlite and PostgreSQL. */
export const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A period's bounds as timestamps: the last N days up to now, or the brand's days from and to, inclusive. */
export function periodBounds(period: SegmentPeriod, ctx: SegmentContext): { start: SQL; end: SQL } {
  if ('lastDays' in period) {
    return { start: moment(daysBefore(ctx.now, period.lastDays)), end: moment(ctx.now) };
  }
  return {
    start: sql`(${period.from}::date)::timestamp at time zone ${ctx.timeZone}`,
    end: sql`(${period.to}::date + 1)::timestamp at time zone ${ctx.timeZone}`,
  };
}

/**
 * The purchases (decision 027's level spend): completed shop and till payments and till accruals, less goods
 * returned; a cancelled or refunded operation has state CANCEL.
 */
export const PURCHASES = sql`state = 'PROCESSED' and type in ('PAYMENT', 'CASHBACK', 'RETURN')`;

/**
 * A condition on a per-member figure that is 0 for members without rows in its source (no purchases, no
 * account). When 0 satisfies the test the member matches unless their row fails it (an anti-join), else the
 * member matches when their row passes it (a semi-join).
 */
export function onFigure(source: SQL, test: (value: SQL) => SQL, zeroPasses: boolean): SQL {
  const passes = test(sql`f.value`);
  // `not in` rather than `not exists`: under an «or» PostgreSQL hashes a `not in` set once, but runs a correlated
  // `not exists` per member (decision 082). The sources never hold a null user_id, so the two mean the same.
  return zeroPasses
    ? sql`u.id not in (select f.user_id from (${source}) f where not (${passes}))`
    : sql`u.id in (select f.user_id from (${source}) f where ${passes})`;
}

export function compared(op: string, bound: number) {
  const test = (value: SQL) => (op === 'gte' ? sql`${value} >= ${bound}` : sql`${value} <= ${bound}`);
  return { test, zeroPasses: op === 'gte' ? 0 >= bound : 0 <= bound };
}

/** The levels chosen, as ranges of the 12 months' spend (kopecks): a level holds from its threshold to the next. */
export function levelRanges(titles: readonly string[], ctx: SegmentContext) {
  const ranges = ctx.levels.flatMap((level, i) => {
    if (!titles.includes(level.title)) return [];
    const next = ctx.levels[i + 1];
    return [{ from: level.fromSpend * 100, to: next ? next.fromSpend * 100 : null }];
  });
  const test = (value: SQL) =>
    sql.join(
      ranges.map((r) =>
        r.to === null ? sql`(${value} >= ${r.from})` : sql`(${value} >= ${r.from} and ${value} < ${r.to})`,
      ),
      sql` or `,
    );
  const zeroPasses = ranges.some((r) => r.from <= 0 && (r.to === null || r.to > 0));
  return { empty: ranges.length === 0, test, zeroPasses };
}

/**
 * What conditions add to the segment's query besides their predicate: joins on `u`, and figures computed from the
 * rollup row before it is joined (so the join hashes a few numbers per member, not the row's arrays).
 */
export interface QueryParts {
  joins: SQL[];
  statsColumns: SQL[];
  /** One member's id when the query is for that member alone (their level): what is joined reads only their rows. */
  member?: string;
}

/** The purchase conditions, as the rollup (decision 082) or as the reference over every purchase (075) answers them. */
export interface PurchaseConditions {
  /** Whether the predicates read the member's rollup row as `s` (the segment's query then joins it once). */
  joinsStats: boolean;
  /** Each returns a predicate on `u` (and `s`); what it needs joined or computed it adds to `parts`. */
  level(titles: readonly string[], ctx: SegmentContext, parts: QueryParts): SQL;
  lastPurchase(op: string, days: number, ctx: SegmentContext): SQL;
  period(
    figure: 'count' | 'spend',
    period: SegmentPeriod,
    compare: ReturnType<typeof compared>,
    ctx: SegmentContext,
    parts: QueryParts,
  ): SQL;
}
