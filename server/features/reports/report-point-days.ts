import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { bonusesByPoint, type PointBonusRow } from './report-breakdowns';
import { onlyPoints, paymentsByDayAndPoint, rowsOf, type PaymentRow, type Window } from './report-queries';

/**
 * The rollup's figures per ended day and retail point in one row each (`report_point_days`, decision 090): the
 * payments' parts (decision 031) and the bonuses issued and spent by the point's postings (decision 068). A
 * national chain has every point busy every day, so a year is 365 × 3,000 rows: kept as one row with a column per
 * figure, not a row per figure, a report over a year reads a tenth of what it did.
 */

const PARTS = [
  'count',
  'total',
  'bonuses',
  'money',
  'card',
  'sbp',
  'gift',
  'till',
  'issued',
  'spent',
] as const;
type Part = (typeof PARTS)[number];

export type PointDayRow = { d: string; point: number } & Record<Part, string>;

const emptyRow = (d: string, point: number): PointDayRow => ({
  d,
  point,
  ...(Object.fromEntries(PARTS.map((p) => [p, '0'])) as Record<Part, string>),
});

/** The window's days (in `open` only) per point, computed by the live queries, as rows to store. */
export async function pointDayRows(db: Db, w: Window, open: Set<string>): Promise<PointDayRow[]> {
  const rows = new Map<string, PointDayRow>();
  const rowOf = (day: string, point: number) => {
    const key = `${day}:${point}`;
    const row = rows.get(key) ?? emptyRow(day, point);
    rows.set(key, row);
    return row;
  };
  for (const r of await paymentsByDayAndPoint(db, w, [])) {
    const row = rowOf(r.day, r.point);
    for (const part of ['total', 'bonuses', 'money', 'card', 'sbp', 'gift', 'till'] as const)
      row[part] = r[part];
    row.count = String(r.count);
  }
  for (const r of await bonusesByPoint(db, w, [], true)) Object.assign(rowOf(r.day!, r.point), pick(r));
  return [...rows.values()].filter((r) => open.has(r.d));
}

const pick = (r: PointBonusRow) => ({ issued: r.issued, spent: r.spent });

/** Stores the rows in the transaction that closes their days. */
export async function storePointDays(tx: Db, timeZone: string, rows: PointDayRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    insert into report_point_days
      (time_zone, day, point, count, total, bonuses, money, card, sbp, gift, till, issued, spent)
    select ${timeZone}, r.d::date, r.point, r.count::int, r.total::bigint, r.bonuses::bigint, r.money::bigint,
      r.card::bigint, r.sbp::bigint, r.gift::bigint, r.till::bigint, r.issued::bigint, r.spent::bigint
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(d text, point int, count text, total text,
      bonuses text, money text, card text, sbp text, gift text, till text, issued text, spent text)
    on conflict do nothing`);
}

/**
 * The stored rows of the ended days from..to (only `points`, when given), summed in one scan: per day (`point`
 * -1) and per point (`day` ''), as payment rows; and each point's bonuses issued and spent.
 */
export async function storedPointDays(db: Db, timeZone: string, from: string, to: string, points: number[]) {
  if (from > to) return { payments: [] as PaymentRow[], bonuses: [] as PointBonusRow[] };
  const only = onlyPoints(points);
  const rows = rowsOf<PaymentRow & { issued: string; spent: string }>(
    await db.execute(sql`
      select coalesce(to_char(day, 'YYYY-MM-DD'), '') as day, coalesce(point, -1) as point,
        sum(count)::int as count, sum(total)::text as total, sum(bonuses)::text as bonuses,
        sum(money)::text as money, sum(card)::text as card, sum(sbp)::text as sbp, sum(gift)::text as gift,
        sum(till)::text as till, sum(issued)::text as issued, sum(spent)::text as spent
      from report_point_days
      where time_zone = ${timeZone} and day >= ${from}::date and day <= ${to}::date ${only}
      group by grouping sets ((day), (point))`),
  );
  return {
    payments: rows.map(({ issued: _issued, spent: _spent, ...payment }) => payment),
    bonuses: rows
      .filter((r) => r.day === '')
      .map((r) => ({ point: r.point, issued: r.issued, spent: r.spent })),
  };
}
