import { sql, type SQL } from 'drizzle-orm';
import {
  daysBefore,
  levelRanges,
  moment,
  onFigure,
  periodBounds,
  PURCHASES,
  YEAR_MS,
  type PurchaseConditions,
} from './sql-parts';

/**
 * The purchase conditions read from every purchase in their window (decision 075): the definition the rollup
 * (purchases-rollup.ts, decision 082) must answer exactly. Kept as the reference the property test compares with.
 */

const SPEND = sql`sum(case when type = 'RETURN' then -amount else amount end)`;
const PURCHASE_COUNT = sql`count(*) filter (where type <> 'RETURN')`;

function purchaseTotals(value: SQL, start: SQL, end: SQL): SQL {
  return sql`select user_id, ${value} as value from operations
    where ${PURCHASES} and occurred_at >= ${start} and occurred_at < ${end} group by user_id`;
}

export const referencePurchases: PurchaseConditions = {
  joinsStats: false,
  level(titles, ctx) {
    const { empty, test, zeroPasses } = levelRanges(titles, ctx);
    if (empty) return sql`false`;
    const start = moment(new Date(ctx.now.getTime() - YEAR_MS));
    return onFigure(purchaseTotals(SPEND, start, sql`'infinity'::timestamptz`), test, zeroPasses);
  },
  lastPurchase(op, days, ctx) {
    const since = moment(daysBefore(ctx.now, days));
    const recent = sql`select user_id from operations where ${PURCHASES} and type <> 'RETURN' and occurred_at >= ${since}`;
    if (op === 'lte') return sql`u.id in (${recent})`;
    return sql`u.id in (select user_id from operations where ${PURCHASES} and type <> 'RETURN' and occurred_at < ${since})
    and not exists (select 1 from operations r where r.user_id = u.id and r.state = 'PROCESSED'
      and r.type in ('PAYMENT', 'CASHBACK') and r.occurred_at >= ${since})`;
  },
  period(figure, period, { test, zeroPasses }, ctx) {
    const { start, end } = periodBounds(period, ctx);
    return onFigure(
      purchaseTotals(figure === 'count' ? PURCHASE_COUNT : SPEND, start, end),
      test,
      zeroPasses,
    );
  },
};
