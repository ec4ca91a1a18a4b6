import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { midnight, rowsOf, type Window } from './report-queries';

/**
 * The active members over a report's range (members with at least one operation in it) without reading every
 * member (decision 090). A distinct count is no sum of daily counts, but each active member has exactly one
 * first active day in the range: the one whose previous active day is before `from`. So each ended day stores
 * its members grouped by their previous active day (`report_active_days`), and a range's count is the sum of
 * its days' rows whose previous day is before `from`: the rows grow with days times days, not with members.
 */

export interface ActiveDayRow {
  d: string;
  /** The members' previous active day, '' when the day is their first. */
  prev: string;
  members: number;
}

/**
 * The window's days (in `open` only) as rows to store: each day's members grouped by their previous active day,
 * found by one probe of the history index per member and day.
 */
export async function activeDayRows(db: Db, w: Window, open: Set<string>): Promise<ActiveDayRow[]> {
  const rows = rowsOf<ActiveDayRow>(
    await db.execute(sql`
      with a as (
        select distinct o.user_id, (o.occurred_at at time zone ${w.timeZone})::date as day
        from operations o where o.occurred_at >= ${w.start} and o.occurred_at < ${w.end}
      )
      select to_char(a.day, 'YYYY-MM-DD') as d, coalesce(to_char(p.day, 'YYYY-MM-DD'), '') as prev,
        count(*)::int as members
      from a left join lateral (
        select (o.occurred_at at time zone ${w.timeZone})::date as day from operations o
        where o.user_id = a.user_id and o.occurred_at < (a.day::timestamp at time zone ${w.timeZone})
        order by o.occurred_at desc limit 1
      ) p on true
      group by 1, 2`),
  );
  return rows.filter((r) => open.has(r.d));
}

/** Stores the rows in the transaction that closes their days. */
export async function storeActiveDays(tx: Db, timeZone: string, rows: ActiveDayRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    insert into report_active_days (time_zone, day, previous_day, members)
    select ${timeZone}, r.d::date, coalesce(nullif(r.prev, '')::date, '-infinity'::date), r.members
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(d text, prev text, members int)
    on conflict do nothing`);
}

/**
 * The members active from `from` to `to`: the ended days up to `closedTo` from the rollup, and those active in
 * the live part (today) who had no operation earlier in the range.
 */
export async function activeMembersOver(
  db: Db,
  range: { timeZone: string; from: string; closedTo: string; live: Window | null },
): Promise<number> {
  const { timeZone, from, closedTo, live } = range;
  let active = 0;
  if (from <= closedTo) {
    const [row] = rowsOf<{ c: number }>(
      await db.execute(sql`
        select coalesce(sum(members), 0)::int as c from report_active_days
        where time_zone = ${timeZone} and day >= ${from}::date and day <= ${closedTo}::date
          and previous_day < ${from}::date`),
    );
    active += row?.c ?? 0;
  }
  if (live) active += await newlyActive(db, live, midnight(from, timeZone));
  return active;
}

/** Members with an operation in the live window and none from `since` to the window's start. */
async function newlyActive(db: Db, live: Window, since: Window['start']): Promise<number> {
  const [row] = rowsOf<{ c: number }>(
    await db.execute(sql`
      select count(*)::int as c from (
        select distinct user_id from operations where occurred_at >= ${live.start} and occurred_at < ${live.end}
      ) a
      where not exists (
        select 1 from operations o
        where o.user_id = a.user_id and o.occurred_at >= ${since} and o.occurred_at < ${live.start}
      )`),
  );
  return row?.c ?? 0;
}
