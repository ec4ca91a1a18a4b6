import { sql, type SQL } from 'drizzle-orm';
import type { SegmentPeriod } from '#common/contract/segment-definition';
import {
  daysBefore,
  levelRanges,
  moment,
  onFigure,
  periodBounds,
  PURCHASES,
  YEAR_MS,
  type PurchaseConditions,
  type SegmentContext,
} from './sql-parts';

/**
 * The purchase conditions from each member's rollup (`member_purchase_stats`, decision 082): running totals per
 * UTC month, so a run of whole months is two array lookups on one row per member, and only the purchases between
 * a period's ends and the nearest month boundaries are read from `operations` (half a month at most on each
 * side). Exactly decision 075's figures (purchases-reference.ts); the property test holds them equal.
 */

type Figure = 'count' | 'spend';
const COLUMN = { count: sql.raw('s.cum_purchases'), spend: sql.raw('s.cum_spend') };
const VALUE = {
  count: sql`case when type = 'RETURN' then 0 else 1 end`,
  spend: sql`case when type = 'RETURN' then -amount else amount end`,
};

/** The member's total through month `j` (an SQL integer): 0 before the first, the last value after the end. */
function through(figure: Figure, j: SQL): SQL {
  const cum = COLUMN[figure];
  return sql`(case when ${j} < s.first_month then 0 else ${cum}[least(${j} - s.first_month + 1, cardinality(${cum}))] end)`;
}

const monthOf = (at: SQL) => sql`purchase_month(${at})`;
const monthStart = (m: SQL) => sql`make_timestamptz((${m}) / 12, (${m}) % 12 + 1, 1, 0, 0, 0, 'UTC')`;

/**
 * Whether a moment lies in the later half of its UTC month: then the edge to read is up to the next month's
 * start, else back to this month's. A guess only decides which edge is read, never the figure.
 */
function lateInMonth(at: Date): boolean {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  return at.getTime() - start > (next - start) / 2;
}

/** Roughly where a brand's day starts, for `lateInMonth` only (the SQL computes the exact moment). */
const roughDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Purchases (their count or spend) per member with `occurred_at` in [from, to), times `sign`. */
const edge = (figure: Figure, from: SQL, to: SQL, sign: 1 | -1) =>
  sql`select user_id, ${sql.raw(String(sign))} * ${VALUE[figure]} as value from operations
    where ${PURCHASES} and occurred_at >= ${from} and occurred_at < ${to}`;

/**
 * A period's figure per member: [start, end) split at month boundaries A and B (each the month of its end or the
 * next, whichever is nearer): the months A..B-1 from the running totals, plus the signed purchases in [start, A)
 * and [B, end) (an edge «backwards» is subtracted). `end` null is «no end» (the level's window).
 */
function periodFigure(
  figure: Figure,
  bounds: { start: SQL; end: SQL | null },
  guesses: { startLate: boolean; endLate: boolean },
): SQL {
  const a = sql`(${monthOf(bounds.start)} + ${sql.raw(guesses.startLate ? '1' : '0')})`;
  const edges = [
    guesses.startLate
      ? edge(figure, bounds.start, monthStart(a), 1)
      : edge(figure, monthStart(a), bounds.start, -1),
  ];
  let upper = sql`${COLUMN[figure]}[cardinality(${COLUMN[figure]})]`;
  if (bounds.end !== null) {
    const b = sql`(${monthOf(bounds.end)} + ${sql.raw(guesses.endLate ? '1' : '0')})`;
    upper = through(figure, sql`${b} - 1`);
    edges.push(
      guesses.endLate
        ? edge(figure, bounds.end, monthStart(b), -1)
        : edge(figure, monthStart(b), bounds.end, 1),
    );
  }
  const edgeSums = sql`select user_id, sum(value)::bigint as value from (${sql.join(edges, sql` union all `)}) x
    group by user_id`;
  return sql`select s.user_id, ${upper} - ${through(figure, sql`${a} - 1`)} + coalesce(e.value, 0) as value
    from member_purchase_stats s left join (${edgeSums}) e on e.user_id = s.user_id`;
}

function periodGuesses(period: SegmentPeriod, ctx: SegmentContext) {
  if ('lastDays' in period) {
    // The end is now: what lies after it (in the month) is nothing, or a purchase of the last instant.
    return { startLate: lateInMonth(daysBefore(ctx.now, period.lastDays)), endLate: true };
  }
  const end = new Date(roughDay(period.to).getTime() + 24 * 60 * 60 * 1000);
  return { startLate: lateInMonth(roughDay(period.from)), endLate: lateInMonth(end) };
}

export const rollupPurchases: PurchaseConditions = {
  level(titles, ctx) {
    const { empty, test, zeroPasses } = levelRanges(titles, ctx);
    if (empty) return sql`false`;
    const start = new Date(ctx.now.getTime() - YEAR_MS);
    const source = periodFigure(
      'spend',
      { start: moment(start), end: null },
      { startLate: lateInMonth(start), endLate: true },
    );
    return onFigure(source, test, zeroPasses);
  },
  lastPurchase(op, days, ctx) {
    const since = moment(daysBefore(ctx.now, days));
    const passes = op === 'lte' ? sql`last_purchase_at >= ${since}` : sql`last_purchase_at < ${since}`;
    return sql`u.id in (select user_id from member_purchase_stats where ${passes})`;
  },
  period(figure, period, { test, zeroPasses }, ctx) {
    const source = periodFigure(figure, periodBounds(period, ctx), periodGuesses(period, ctx));
    return onFigure(source, test, zeroPasses);
  },
};
