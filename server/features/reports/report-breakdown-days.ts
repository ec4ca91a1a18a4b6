import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { bonusesByPoint, linesByCategory, type CategoryRow, type PointBonusRow } from './report-breakdowns';
import { rowsOf, type Window } from './report-queries';

/**
 * The reports' breakdowns (decision 068: bonuses per retail point, receipt lines per category) from the daily
 * rollup for the ended days and live for today (decision 088), as the payments are (decision 031): a report over
 * months reads a few rows per day and category (and the points' bonuses with their payments in
 * `report_point_days`, decision 090) instead of every posting of the range.
 */

interface BreakdownRow {
  d: string;
  k: 'category';
  key: string;
  lines: number;
  goods: string;
  earned: string;
  spent: string;
}

/** The window's breakdowns per day, computed by the live queries, as rows to store (days in `open` only). */
export async function breakdownDayRows(db: Db, w: Window, open: Set<string>): Promise<BreakdownRow[]> {
  const rows: BreakdownRow[] = [];
  for (const r of await linesByCategory(db, w, [], true))
    rows.push({
      d: r.day!,
      k: 'category',
      key: r.category_id ?? '',
      lines: r.lines,
      goods: r.goods,
      earned: r.earned,
      spent: r.spent,
    });
  return rows.filter((r) => open.has(r.d));
}

/** Stores the rows in the transaction that closes their days. */
export async function storeBreakdownDays(tx: Db, timeZone: string, rows: BreakdownRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    insert into report_breakdown_days (time_zone, day, kind, key, lines, goods, earned, spent)
    select ${timeZone}, r.d::date, r.k, r.key, r.lines, r.goods::bigint, r.earned::bigint, r.spent::bigint
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(d text, k text, key text, lines int, goods text, earned text, spent text)
    on conflict do nothing`);
}

/** The stored rows of the days from..to summed per category, with its name. */
async function storedCategories(db: Db, timeZone: string, from: string, to: string) {
  return rowsOf<CategoryRow>(
    await db.execute(sql`
      select nullif(b.key, '') as category_id, c.name, sum(b.lines)::int as lines, sum(b.goods)::text as goods,
        sum(b.earned)::text as earned, sum(b.spent)::text as spent
      from report_breakdown_days b left join catalogue_categories c on c.id = nullif(b.key, '')
      where b.time_zone = ${timeZone} and b.kind = 'category' and b.day >= ${from}::date and b.day <= ${to}::date
      group by 1, 2`),
  );
}

const add = (a: string, b: string) => String(Number(a) + Number(b));

function mergedPoints(rows: PointBonusRow[]): PointBonusRow[] {
  const byPoint = new Map<number, PointBonusRow>();
  for (const r of rows) {
    const kept = byPoint.get(r.point);
    byPoint.set(
      r.point,
      kept ? { point: r.point, issued: add(kept.issued, r.issued), spent: add(kept.spent, r.spent) } : r,
    );
  }
  return [...byPoint.values()];
}

function mergedCategories(rows: CategoryRow[]): CategoryRow[] {
  const byId = new Map<string | null, CategoryRow>();
  for (const r of rows) {
    const kept = byId.get(r.category_id);
    byId.set(
      r.category_id,
      kept
        ? {
            ...kept,
            name: kept.name ?? r.name,
            lines: kept.lines + r.lines,
            goods: add(kept.goods, r.goods),
            earned: add(kept.earned, r.earned),
            spent: add(kept.spent, r.spent),
          }
        : r,
    );
  }
  return [...byId.values()];
}

/**
 * The report's breakdowns: the ended days `from`..`closedTo` from the rollup (closed by `reportSources` before),
 * `live` (today, when in the range) from the postings. With points chosen, the categories are read live over the
 * whole `window`: the rollup keeps them for all points together (per point and category they would be days ×
 * points × categories rows).
 */
export async function reportBreakdowns(
  db: Db,
  range: { timeZone: string; from: string; closedTo: string; window: Window; live: Window | null },
  points: number[],
  /** The ended days' bonuses per point, from `report_point_days` (read with the payments, decision 090). */
  storedPoints: PointBonusRow[],
) {
  const { timeZone, from, closedTo, window, live } = range;
  const closed = from <= closedTo;
  const byPoint = mergedPoints([...storedPoints, ...(live ? await bonusesByPoint(db, live, points) : [])]);
  const byCategory = points.length
    ? await linesByCategory(db, window, points)
    : mergedCategories([
        ...(closed ? await storedCategories(db, timeZone, from, closedTo) : []),
        ...(live ? await linesByCategory(db, live, []) : []),
      ]);
  return { byPoint, byCategory };
}
