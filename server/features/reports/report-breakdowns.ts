import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { onlyPoints, rowsOf, type Window } from './report-queries';

/**
 * Bonuses per retail point and receipt lines per catalogue category (decision 068). Both start from the same
 * ledger postings the days count (`ledger_transactions_created_at` over the range): a sale (`till_spend`,
 * `till_accrue`, a shop payment's `payment`), a full refund (`till_refund`) and a return by lines
 * (`till_return`, a site payment's `payment_return`: decision 084), each on the day it was posted. Every such posting's key ends with its operation's id
 * (server/core/holds.ts), which names the point and the receipt. Read live for today (and over the range when
 * points narrow the categories); the ended days per day into the rollup (`perDay`, report-breakdown-days.ts:
 * decision 088).
 */

const S = SYSTEM_ACCOUNTS;
const SALE = sql`('till_spend', 'till_accrue', 'payment')`;

/** The range's postings of sales, refunds and returns, with the operation each is about and its point. */
function events(w: Window, points: number[]): SQL {
  const only = onlyPoints(points);
  return sql`
    ev0 as (
      select t.id, t.kind, t.idempotency_key as key, right(t.idempotency_key, 36)::uuid as op, t.created_at as at
      from ledger_transactions t
      where t.created_at >= ${w.start} and t.created_at < ${w.end}
        and t.kind in ('till_spend', 'till_accrue', 'till_refund', 'till_return', 'payment', 'payment_return')
      union all
      -- A till receipt that earned and spent nothing has no posting, yet its goods were sold: an accrual on the
      -- day it was made, any other on the day it completed; a refund of one on the day it was refunded.
      select null, 'till_accrue', '', o.id, case when o.kind = 'accrue' then o.created_at else o.updated_at end
      from till_operations o
      where o.earn = 0 and o.spend = 0 and o.state in ('completed', 'refunded', 'refunding')
        and (case when o.kind = 'accrue' then o.created_at else o.updated_at end) >= ${w.start}
        and (case when o.kind = 'accrue' then o.created_at else o.updated_at end) < ${w.end}
      union all
      select null, 'till_refund', '', o.id, o.updated_at from till_operations o
      where o.earn = 0 and o.spend = 0 and o.state in ('refunded', 'refunding')
        and o.updated_at >= ${w.start} and o.updated_at < ${w.end}
      union all
      -- So has a return by lines that gave and took back nothing (cigarettes): on the day it was made.
      select distinct null::uuid, 'till_return', k.key, k.op, k.at from (
        select 'till-return:' || r.return_key || ':' || r.till_operation_id::text as key, r.till_operation_id as op,
          r.created_at as at
        from till_return_lines r where r.created_at >= ${w.start} and r.created_at < ${w.end}
      ) k
      where not exists (select 1 from ledger_transactions t where t.idempotency_key = k.key)
      union all
      -- The same for a site payment's lines returned at the till (decision 084).
      select distinct null::uuid, 'payment_return', k.key, k.op, k.at from (
        select 'payment-return:' || r.return_key || ':' || r.draft_id::text as key, r.draft_id as op,
          r.created_at as at
        from payment_return_lines r where r.created_at >= ${w.start} and r.created_at < ${w.end}
      ) k
      where not exists (select 1 from ledger_transactions t where t.idempotency_key = k.key)
    ), ev as (
      select * from (
        select ev0.*, case when ev0.kind in ('payment', 'payment_return') then 'payment' else 'till' end as source,
          coalesce(o.retail_point_id, d.retail_point_id) as point
        from ev0
        left join till_operations o on ev0.kind not in ('payment', 'payment_return') and o.id = ev0.op
        left join payment_drafts d on ev0.kind in ('payment', 'payment_return') and d.id = ev0.op
      ) x where point is not null ${only}
    )`;
}

export interface PointBonusRow {
  point: number;
  issued: string;
  spent: string;
}

/** An event's calendar day in the brand's zone, for the rollup's rows per day (decision 088). */
const dayOf = (w: Window, at: SQL) => sql`to_char((${at} at time zone ${w.timeZone})::date, 'YYYY-MM-DD')`;

/**
 * Bonuses issued (out of `bonus_issued`) and spent (into `bonus_spent`) by each point's postings, net; `perDay`:
 * per day of the window too (`day`), for the rollup.
 */
export async function bonusesByPoint(db: Db, w: Window, points: number[], perDay = false) {
  return rowsOf<PointBonusRow & { day?: string }>(
    await db.execute(sql`
      with ${events(w, points)}
      select ${perDay ? sql`${dayOf(w, sql`ev.at`)} as day,` : sql``} ev.point,
        coalesce(sum(-e.amount) filter (where e.account_id = ${S.bonus_issued}), 0)::text as issued,
        coalesce(sum(e.amount) filter (where e.account_id = ${S.bonus_spent}), 0)::text as spent
      from ev join ledger_entries e on e.transaction_id = ev.id
      where e.account_id in (${S.bonus_issued}, ${S.bonus_spent})
      group by ${perDay ? sql`1, 2` : sql`1`}`),
  );
}

export interface CategoryRow {
  category_id: string | null;
  name: string | null;
  lines: number;
  goods: string;
  earned: string;
  spent: string;
}

/**
 * The stored receipt lines per category: a sale adds its lines; a full refund takes them all back; a return by
 * lines takes back what `till_return_lines` recorded: the spend given back, the earn taken back less what the
 * customer no longer had (withheld from the money, it stays issued in the ledger: decision 063), and the line's
 * sum in proportion to the quantity returned, kopeck-exact by the returns' cumulative quantity as 063 shares
 * bonuses (a line returned whole in several returns takes back its whole sum).
 */
export async function linesByCategory(db: Db, w: Window, points: number[], perDay = false) {
  return rowsOf<CategoryRow & { day?: string }>(
    await db.execute(sql`
      with ${events(w, points)},
      sold as (
        select l.category_id, case when ev.kind = 'till_refund' then -1 else 1 end as sign,
          l.sum, l.earn, l.spend, ev.at
        from ev join receipt_lines l on l.source = ev.source and l.operation_id = ev.op
        where ev.kind in ${SALE} or ev.kind = 'till_refund'
      ), returns as (
        select 'till' as source, r.till_operation_id as op, r.return_key, r.line_no, r.quantity_milli,
          r.earn_back, r.withheld, r.spend_back, 'till-return:' || r.return_key || ':' || r.till_operation_id::text as key,
          sum(r.quantity_milli) over (
            partition by r.till_operation_id, r.line_no order by r.created_at, r.return_key
          )::bigint as upto
        from till_return_lines r
        where r.till_operation_id in (select op from ev where kind = 'till_return')
        union all
        -- A site payment's returns (decision 084): the same figures, keyed by its draft.
        select 'payment', r.draft_id, r.return_key, r.line_no, r.quantity_milli, r.earn_back, r.withheld,
          r.spend_back, 'payment-return:' || r.return_key || ':' || r.draft_id::text,
          sum(r.quantity_milli) over (partition by r.draft_id, r.line_no order by r.created_at, r.return_key)::bigint
        from payment_return_lines r
        where r.draft_id in (select op from ev where kind = 'payment_return')
      ), returned as (
        select l.category_id,
          l.sum * r.upto / l.quantity_milli - l.sum * (r.upto - r.quantity_milli) / l.quantity_milli as sum,
          r.earn_back - r.withheld as earn, r.spend_back as spend, ev.at
        from ev
        join returns r on r.op = ev.op and ev.key = r.key
        join receipt_lines l on l.source = r.source and l.operation_id = r.op and l.line_no = r.line_no
        where ev.kind in ('till_return', 'payment_return')
      ), moves as (
        select category_id, sign as lines, sign * sum as goods, sign * earn as earned, sign * spend as spent, at
        from sold
        union all
        select category_id, 0, -sum, -earn, -spend, at from returned
      )
      select ${perDay ? sql`${dayOf(w, sql`m.at`)} as day,` : sql``} m.category_id, c.name,
        sum(m.lines)::int as lines, sum(m.goods)::text as goods,
        sum(m.earned)::text as earned, sum(m.spent)::text as spent
      from moves m left join catalogue_categories c on c.id = m.category_id
      group by ${perDay ? sql`1, 2, 3` : sql`1, 2`}`),
  );
}
