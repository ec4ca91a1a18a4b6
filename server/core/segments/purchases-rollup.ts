import { sql, type SQL } from 'drizzle-orm';
import type { SegmentPeriod } from '#common/contract/segment-definition';
import {
  daysBefore,
  levelRanges,
  moment,
  periodBounds,
  PURCHASES,
  YEAR_MS,
  type PurchaseConditions,
  type QueryParts,
  type SegmentContext,
} from './sql-parts';

/**
 * The purchase conditions from each member's rollup (`member_purchase_stats`, decision 082), as predicates on the
 * member `u` and their rollup row `s` (joined once by the segment's query, whatever the number of conditions):
 * running totals per UTC month, so a run of whole months is two array lookups, and only the purchases between a
 * period's ends and the nearest month boundaries are read from `operations` (half a month at most on each side).
 * Exactly decision 075's figures (purchases-reference.ts); the property test holds them equal.
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

interface Edge {
  from: SQL;
  to: SQL;
  sign: 1 | -1;
}

/**
 * The member's purchases (count or spend) in the edges, each times its sign, as a join on the member (its alias
 * added to the parts' joins): a hashed aggregate of at most a month's buyers. Edges may overlap (both ends in one month),
 * so their rows are summed apart (union all).
 */
function edgeValue(figure: Figure, edges: Edge[], { joins, member }: QueryParts): SQL {
  const alias = sql.raw(`e${joins.length + 1}`);
  const whose = member === undefined ? sql`` : sql` and user_id = ${member}`;
  const rows = sql.join(
    edges.map(
      (e) => sql`select user_id, ${sql.raw(String(e.sign))} * ${VALUE[figure]} as value from operations
        where ${PURCHASES}${whose} and occurred_at >= ${e.from} and occurred_at < ${e.to}`,
    ),
    sql` union all `,
  );
  joins.push(sql`left join (select user_id, sum(value)::bigint as value from (${rows}) x group by user_id) ${alias}
    on ${alias}.user_id = u.id`);
  return sql`coalesce(${alias}.value, 0)`;
}

/**
 * A period's figure for the member `u` (with their rollup row `s`, null for one who never bought): [start, end)
 * split at month boundaries A and B (each the month of its end or the next, whichever is nearer): the months
 * A..B-1 from the running totals, plus the signed purchases in [start, A) and [B, end) (an edge «backwards» is
 * subtracted). `end` null is «no end» (the level's window).
 */
function periodFigure(
  figure: Figure,
  bounds: { start: SQL; end: SQL | null },
  guesses: { startLate: boolean; endLate: boolean },
  parts: QueryParts,
): SQL {
  const a = sql`(${monthOf(bounds.start)} + ${sql.raw(guesses.startLate ? '1' : '0')})`;
  const edges: Edge[] = [
    guesses.startLate
      ? { from: bounds.start, to: monthStart(a), sign: 1 }
      : { from: monthStart(a), to: bounds.start, sign: -1 },
  ];
  let upper = sql`${COLUMN[figure]}[cardinality(${COLUMN[figure]})]`;
  if (bounds.end !== null) {
    const b = sql`(${monthOf(bounds.end)} + ${sql.raw(guesses.endLate ? '1' : '0')})`;
    upper = through(figure, sql`${b} - 1`);
    edges.push(
      guesses.endLate
        ? { from: bounds.end, to: monthStart(b), sign: -1 }
        : { from: monthStart(b), to: bounds.end, sign: 1 },
    );
  }
  const column = sql.raw(`f${parts.statsColumns.length + 1}`);
  parts.statsColumns.push(sql`${upper} - ${through(figure, sql`${a} - 1`)} as ${column}`);
  return sql`(coalesce(s.${column}, 0) + ${edgeValue(figure, edges, parts)})`;
}

function periodGuesses(period: SegmentPeriod, ctx: SegmentContext) {
  if ('lastDays' in period) {
    // The end is now: what lies after it (in the month) is nothing, or a purchase of the last instant.
    return { startLate: lateInMonth(daysBefore(ctx.now, period.lastDays)), endLate: true };
  }
  const end = new Date(roughDay(period.to).getTime() + 24 * 60 * 60 * 1000);
  return { startLate: lateInMonth(roughDay(period.from)), endLate: lateInMonth(end) };
}

/** A member's figure compared: `coalesce` so a member without a row (null figures) is judged on 0, as in 075. */
const judged = (test: (value: SQL) => SQL, value: SQL) => sql`coalesce(${test(value)}, false)`;

/** The 12 months' spend before `now` (the level's figure, as `spendOverYear` defines it) of `u` with row `s`. */
export function yearSpend(now: Date, parts: QueryParts): SQL {
  const start = new Date(now.getTime() - YEAR_MS);
  return periodFigure(
    'spend',
    { start: moment(start), end: null },
    { startLate: lateInMonth(start), endLate: true },
    parts,
  );
}

export const rollupPurchases: PurchaseConditions = {
  joinsStats: true,
  level(titles, ctx, parts) {
    const { empty, test } = levelRanges(titles, ctx);
    if (empty) return sql`false`;
    return judged(test, yearSpend(ctx.now, parts));
  },
  lastPurchase(op, days, ctx) {
    const since = moment(daysBefore(ctx.now, days));
    return op === 'lte'
      ? sql`coalesce(s.last_purchase_at >= ${since}, false)`
      : sql`coalesce(s.last_purchase_at < ${since}, false)`;
  },
  period(figure, period, { test }, ctx, parts) {
    return judged(test, periodFigure(figure, periodBounds(period, ctx), periodGuesses(period, ctx), parts));
  },
};
