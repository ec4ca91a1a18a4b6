import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { activeDayRows, activeMembersOver, storeActiveDays } from './report-active';
import { breakdownDayRows, storeBreakdownDays } from './report-breakdown-days';
import { fiscalDayRows } from './report-fiscal';
import { pointDayRows, storedPointDays, storePointDays } from './report-point-days';
import { storeOwedOnce } from './report-owed';
import {
  addDays,
  ledgerFlowsAfter,
  ledgerFlowsByDay,
  membersPerDay,
  midnight,
  paymentsByDayAndPoint,
  rowsOf,
  type FlowRow,
  type MemberDayRow,
  type Window,
} from './report-queries';

/**
 * Days that have ended are read from the daily rollup (`report_days`, docs/decisions/031), computed once by the
 * same queries the report runs live; today (and any later day) is read live. So a report over a year reads a
 * few thousand rollup rows plus one day of operations, however many operations the year had.
 */

/**
 * Today in `timeZone` by the database's clock (the one that stamps the ledger); `lag` (an interval's text): the
 * day it was that long ago.
 */
export async function todayIn(db: Db, timeZone: string, lag = '0 seconds'): Promise<string> {
  const [row] = rowsOf<{ day: string }>(
    await db.execute(
      sql`select to_char(((now() - ${lag}::interval) at time zone ${timeZone})::date, 'YYYY-MM-DD') as day`,
    ),
  );
  return row!.day;
}

/** The most days one pass of `closeDays` computes: each pass its own transaction (decision 088). */
export const CLOSE_DAYS_AT_ONCE = 7;

/**
 * Computes and stores the days from..to (all ended) not yet in the rollup, each day once. A week at a time, each
 * week committed: a first report over years at a national chain's size fills in passes whose reads stay a
 * week's index range (one pass over a year sorted the whole ledger), and a pass cut short keeps what it stored.
 */
export async function closeDays(db: Db, timeZone: string, from: string, to: string): Promise<void> {
  if (from > to) return;
  const missing = await missingDays(db, timeZone, from, to);
  for (let i = 0; i < missing.length; i += CLOSE_DAYS_AT_ONCE)
    await closePass(db, timeZone, missing.slice(i, i + CLOSE_DAYS_AT_ONCE));
  // A first fill of many days: fresh statistics now, or the next reports plan without them until autovacuum
  // comes (measured: 1.7 s instead of 0.6 s over a year).
  if (missing.length >= 28) await db.execute(sql`analyze report_days`);
}

/** The days from..to not in the rollup (one row each, ascending, as `d`). */
const missingDaysOf = (timeZone: string, from: string, to: string) => sql`
  select d from generate_series(${from}::date, ${to}::date, interval '1 day') d
  where not exists (select 1 from report_days_closed c where c.time_zone = ${timeZone} and c.day = d::date)`;

/** The days from..to not in the rollup, ascending. */
async function missingDays(db: Db, timeZone: string, from: string, to: string): Promise<string[]> {
  if (from > to) return [];
  return rowsOf<{ day: string }>(
    await db.execute(
      sql`select to_char(m.d, 'YYYY-MM-DD') as day from (${missingDaysOf(timeZone, from, to)}) m order by 1`,
    ),
  ).map((r) => r.day);
}

/** The primary, where the rollup is written, and where reads may go: a replica (decision 074) or the primary. */
export interface ReportDbs {
  db: Db;
  readDb?: Db;
}

/**
 * Where a report reads: the replica when it holds every ended day of the range already (a day's rows commit with
 * its mark in `report_days_closed`, so a replica that has the mark has the rows). Otherwise the missing days are
 * closed on the primary and the report reads its own writes there.
 */
async function readsFor(dbs: ReportDbs, timeZone: string, from: string, yesterday: string): Promise<Db> {
  const reads = dbs.readDb ?? dbs.db;
  // Only a standby's answer holds for the reads after it (its replay only moves forward); the read database falls
  // back to the primary query by query, so an answer from the primary says nothing of what the replica has.
  if (reads !== dbs.db && (await standbyHasAll(reads, timeZone, from, yesterday))) return reads;
  await closeDays(dbs.db, timeZone, from, yesterday);
  return dbs.db;
}

/** Whether a standby answered and holds every day from..to closed. */
async function standbyHasAll(reads: Db, timeZone: string, from: string, to: string): Promise<boolean> {
  const [row] = rowsOf<{ standby: boolean; missing: number }>(
    await reads.execute(sql`
      select pg_is_in_recovery() as standby,
        (select count(*)::int from (${missingDaysOf(timeZone, from, to)}) m) as missing`),
  );
  return row!.standby && row!.missing === 0;
}

/** One pass of `closeDays`: the days (ascending, none closed) computed by the live queries and stored. */
async function closePass(db: Db, timeZone: string, missing: string[]) {
  const w = { start: midnight(missing[0]!, timeZone), end: midnight(missing.at(-1)!, timeZone, 1), timeZone };
  const open = new Set(missing);
  const values: { d: string; m: string; p: number; v: string }[] = [];
  for (const r of await ledgerFlowsByDay(db, w))
    values.push({ d: r.day, m: `ledger:${r.bucket}`, p: 0, v: r.amount });
  for (const r of await membersPerDay(db, w)) {
    values.push({ d: r.day, m: 'new_members', p: 0, v: String(r.new_members) });
    values.push({ d: r.day, m: 'active_members', p: 0, v: String(r.active_members) });
  }
  for (const r of await fiscalDayRows(db, w)) values.push({ d: r.day, m: r.metric, p: 0, v: r.amount });
  const rows = values.filter((v) => open.has(v.d) && v.v !== '0');
  const breakdowns = await breakdownDayRows(db, w, open);
  const active = await activeDayRows(db, w, open);
  const points = await pointDayRows(db, w, open);
  await inTransaction(db, async (tx) => {
    // The days this pass closes: marked first, so a pass closing the same days at once stores nothing of its own
    // (rows of two computations of one day never mix: decision 090).
    const mine = new Set(
      rowsOf<{ day: string }>(
        await tx.execute(sql`
          insert into report_days_closed (time_zone, day)
          select ${timeZone}, d::date from jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb) d
          on conflict do nothing
          returning to_char(day, 'YYYY-MM-DD') as day`),
      ).map((r) => r.day),
    );
    await storeBreakdownDays(
      tx,
      timeZone,
      breakdowns.filter((r) => mine.has(r.d)),
    );
    await storePointDays(
      tx,
      timeZone,
      points.filter((r) => mine.has(r.d)),
    );
    await storeActiveDays(
      tx,
      timeZone,
      active.filter((r) => mine.has(r.d)),
    );
    await tx.execute(sql`
      insert into report_days (time_zone, day, metric, point, value)
      select ${timeZone}, r.d::date, r.m, r.p, r.v::bigint
      from jsonb_to_recordset(${JSON.stringify(rows.filter((r) => mine.has(r.d)))}::jsonb)
        as r(d text, m text, p int, v text)
      on conflict do nothing`);
  });
}

/** How long after midnight the job waits to close a day: a transaction open across midnight commits first. */
const CLOSE_AFTER = '15 minutes';

/**
 * The job's run (hourly): the brand's last week of ended days closed, so a report finds yesterday already in the
 * rollup instead of computing it in the operator's request (nothing to do, one small query, once it is). A day
 * closes a quarter of an hour after it ends, so a transaction still open at midnight (or a row stamped by an
 * instance's clock a little behind the database's) lands before its day is stored for good.
 */
export async function closeEndedDays(db: Db, timeZone: string): Promise<void> {
  const today = await todayIn(db, timeZone, CLOSE_AFTER);
  await closeDays(db, timeZone, addDays(today, -CLOSE_DAYS_AT_ONCE), addDays(today, -1));
  // And what the programme owed at the end of the last of them: the one read of every member, once a day.
  await storeOwedOnce(db, timeZone, addDays(today, -1));
}

interface Stored {
  day: string;
  metric: string;
  value: string;
}

/**
 * The rollup's rows of the ended days from..to, summed server-side: the ledger and member figures per day, the
 * payments per day (over the points asked for) and per point (over the days): a few thousand rows for a year.
 */
async function storedRows(db: Db, timeZone: string, from: string, to: string, ledgerOnly = false) {
  if (from > to) return [];
  // One scan: the rows summed per day and metric.
  return rowsOf<Stored>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, metric, sum(value)::text as value
      from report_days
      where time_zone = ${timeZone} and day >= ${from}::date and day <= ${to}::date
        and (metric like 'ledger:%' ${ledgerOnly ? sql`` : sql`or metric in ('new_members', 'active_members')`})
      group by day, metric`),
  );
}

const flowsOf = (rows: Stored[]): FlowRow[] =>
  rows
    .filter((r) => r.metric.startsWith('ledger:'))
    .map((r) => ({ day: r.day, bucket: r.metric.slice(7), amount: r.value }));

function membersOf(rows: Stored[]): MemberDayRow[] {
  const days = new Map<string, MemberDayRow>();
  for (const r of rows) {
    if (r.metric !== 'new_members' && r.metric !== 'active_members') continue;
    const day = days.get(r.day) ?? { day: r.day, new_members: 0, active_members: 0 };
    day[r.metric] = Number(r.value);
    days.set(r.day, day);
  }
  return [...days.values()];
}

/**
 * Everything a report over from..to needs, its ended days from the rollup (filled first where missing) and the
 * rest live: the ledger's movement per day in the range and after it (what the end-of-range balances are worked
 * back from), members per day and active over the range, payments per day and point.
 */
export async function reportSources(
  dbs: ReportDbs,
  timeZone: string,
  from: string,
  to: string,
  points: number[],
  today?: string,
) {
  const now = today ?? (await todayIn(dbs.db, timeZone));
  const yesterday = addDays(now, -1);
  const db = await readsFor(dbs, timeZone, from, yesterday);
  const closedTo = to < yesterday ? to : yesterday;
  const closed = await storedRows(db, timeZone, from, closedTo);
  const pointDays = await storedPointDays(db, timeZone, from, closedTo, points);
  const liveFrom = from > now ? from : now;
  const live: Window | null =
    liveFrom <= to ? { start: midnight(liveFrom, timeZone), end: midnight(to, timeZone, 1), timeZone } : null;
  // After the range: ended days from the rollup, then live from whichever is later, the day after or today.
  const afterFrom = addDays(to, 1) > now ? addDays(to, 1) : now;
  const afterLive = await ledgerFlowsAfter(db, {
    start: midnight(afterFrom, timeZone),
    end: midnight(afterFrom, timeZone),
    timeZone,
  });
  const after = [...flowsOf(await storedRows(db, timeZone, addDays(to, 1), yesterday, true)), ...afterLive];
  const liveFlows = live ? await ledgerFlowsByDay(db, live) : [];
  return {
    /** Where the rest of the report reads: the replica, or the primary that has just closed its days. */
    db,
    /** The last day read from the rollup (before `from` when none), and today's part read live, if any. */
    closedTo,
    live,
    today: now,
    flows: [...flowsOf(closed), ...liveFlows],
    after,
    /**
     * Everything posted since today's midnight, when read already: the flows after a range that ends before
     * today, or the live flows and those after of one that takes today in; null for a range that starts later.
     */
    sinceToday:
      afterFrom === now ? afterLive : live && liveFrom === now ? [...liveFlows, ...afterLive] : null,
    memberDays: [...membersOf(closed), ...(live ? await membersPerDay(db, live) : [])],
    active: await activeMembersOver(db, { timeZone, from, closedTo, live }),
    // Live rows carry both a day and a point; the rollup's come summed per day or per point.
    payments: [...pointDays.payments, ...(live ? await paymentsByDayAndPoint(db, live, points) : [])],
    /** The ended days' bonuses issued and spent per point (the live part is the breakdowns'). */
    pointBonuses: pointDays.bonuses,
  };
}
