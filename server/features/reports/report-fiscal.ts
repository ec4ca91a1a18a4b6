import { sql } from 'drizzle-orm';
import type { FiscalRow, ReportFiscal } from '#common/contract/report-fiscal';
import type { FiscalMode } from '#common/lib/fiscal-vocabulary';
import type { FiscalGapReason } from '#common/lib/fiscal-reconciliation';
import type { Db } from '#server/db/client';
import { midnight, rowsOf, type Window } from './report-queries';

/**
 * The fiscal reconciliation (decision 083): the card and SBP money the site took against its fiscal receipts,
 * per day of the brand's calendar. Money counts on the day it was taken (a draft's `resolved_at`, a till card
 * payment's `completed_at`) and given back (`refunded_at`); a receipt on the day it was queued, which is the
 * settlement's own transaction (decision 070), so the two meet by day. An ended day's money and its receipts'
 * sum are in the daily rollup (decision 090); a receipt's state still moves after its day ends, so the receipts
 * not yet done are read live, by a partial index that holds only them: what is issued is the day's sum less those.
 */

type Source = 'shop' | 'giftCards' | 'tillCard';
type Bucket = 'issued' | 'pending' | 'failed';

/**
 * The card and SBP money per day and source: taken, less a till card payment's refund (whole, or the part a
 * return by lines sent back) and the part a site payment's return by lines sent back, on the day the gateway
 * confirmed it.
 */
async function moneyByDay(db: Db, w: Window) {
  return rowsOf<{ day: string; source: Source; amount: string }>(
    await db.execute(sql`
      with m as (
        select resolved_at as at,
          case when product_type = 'GIFT_CARD' then 'giftCards' else 'shop' end as source,
          left_to_pay as amount
        from payment_drafts
        where state = 'completed' and pay_type in ('CARD', 'SBP_QR')
          and resolved_at >= ${w.start} and resolved_at < ${w.end}
        union all
        select completed_at, 'tillCard', card_amount from till_operations
        where kind = 'card' and completed_at is not null and completed_at >= ${w.start} and completed_at < ${w.end}
        union all
        select refunded_at, 'tillCard', -card_amount from till_operations
        where kind = 'card' and refunded_at is not null and refunded_at >= ${w.start} and refunded_at < ${w.end}
        union all
        -- A return by lines sends its part of the card's money back (decision 063's returns of a card payment).
        select refunded_at, 'tillCard', -amount from till_card_refunds
        where refunded_at is not null and refunded_at >= ${w.start} and refunded_at < ${w.end}
        union all
        -- And so does a site payment's (decision 084): its shop payment's card or SBP part.
        select refunded_at, 'shop', -amount from payment_card_refunds
        where refunded_at is not null and refunded_at >= ${w.start} and refunded_at < ${w.end}
      )
      select to_char((at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, source,
        sum(amount)::text as amount
      from m group by 1, 2`),
  );
}

/**
 * The receipts' card part (payment type «безналичными», tag 1081: the `electronic` column, kept beside the
 * document because reading each document's payments took 7 times as long) per day and state, a sell refund negative.
 * Only that part: a shop payment's receipt also states the money-like balance spent as an advance's offset
 * (decision 070), which was never card money taken that day.
 */
async function receiptsByDay(db: Db, w: Window, openOnly = false) {
  return rowsOf<{ day: string; bucket: Bucket; amount: string }>(
    await db.execute(sql`
      select to_char((r.created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day,
        case r.status when 'done' then 'issued' when 'failed' then 'failed' else 'pending' end as bucket,
        sum(case when r.kind = 'sell_refund' then -r.electronic else r.electronic end)::text as amount
      from fiscal_receipts r
      where r.created_at >= ${w.start} and r.created_at < ${w.end} ${openOnly ? sql`and r.status <> 'done'` : sql``}
      group by 1, 2`),
  );
}

const emptyRow = (): Omit<FiscalRow, 'difference' | 'reasons'> => ({
  money: { shop: 0, giftCards: 0, tillCard: 0, total: 0 },
  receipts: { issued: 0, pending: 0, failed: 0 },
});

/**
 * The difference and why it is not 0. In the `till` mode the site issues no receipt: not applicable. Otherwise
 * the money less what was issued; what is pending or failed explains its part, and what they do not is money
 * with no receipt (or a receipt with no money), e.g. a payment made before the mode was switched on.
 */
export function reconcile(row: Omit<FiscalRow, 'difference' | 'reasons'>, mode: FiscalMode): FiscalRow {
  if (mode === 'till') return { ...row, difference: null, reasons: ['tillMode'] };
  const difference = row.money.total - row.receipts.issued;
  const reasons: FiscalGapReason[] = [];
  if (row.receipts.pending !== 0) reasons.push('pending');
  if (row.receipts.failed !== 0) reasons.push('failed');
  if (difference - row.receipts.pending - row.receipts.failed !== 0) reasons.push('unmatched');
  return { ...row, difference, reasons };
}

/** An ended day's rows for the rollup: its money per source and its receipts' card part whatever their state. */
export async function fiscalDayRows(
  db: Db,
  w: Window,
): Promise<Array<{ day: string; metric: string; amount: string }>> {
  const money = (await moneyByDay(db, w)).map((r) => ({ ...r, metric: `fiscal:money:${r.source}` }));
  const receipts = new Map<string, number>();
  for (const r of await receiptsByDay(db, w))
    receipts.set(r.day, (receipts.get(r.day) ?? 0) + Number(r.amount));
  return [
    ...money,
    ...[...receipts].map(([day, amount]) => ({ day, metric: 'fiscal:receipts', amount: String(amount) })),
  ];
}

/** The ended days from..closedTo from the rollup, with their receipts not done yet read live. */
async function closedDays(db: Db, range: FiscalRange) {
  const { timeZone, from, closedTo } = range;
  const stored = rowsOf<{ day: string; metric: string; amount: string }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, metric, sum(value)::text as amount from report_days
      where time_zone = ${timeZone} and day >= ${from}::date and day <= ${closedTo}::date and metric like 'fiscal:%'
      group by 1, 2`),
  );
  const money = stored
    .filter((r) => r.metric.startsWith('fiscal:money:'))
    .map((r) => ({ day: r.day, source: r.metric.slice(13) as Source, amount: r.amount }));
  const window = { start: midnight(from, timeZone), end: midnight(closedTo, timeZone, 1), timeZone };
  const open = await receiptsByDay(db, window, true);
  // Issued: the day's sum less what is not done yet (which is in the sum with its own sign).
  const issued = stored
    .filter((r) => r.metric === 'fiscal:receipts')
    .map((r) => ({ day: r.day, bucket: 'issued' as const, amount: r.amount }));
  for (const r of open) issued.push({ day: r.day, bucket: 'issued', amount: String(-Number(r.amount)) });
  return { money, receipts: [...issued, ...open] };
}

export interface FiscalRange {
  timeZone: string;
  from: string;
  /** The last ended day read from the rollup (before `from` when none). */
  closedTo: string;
  live: Window | null;
}

/** The reconciliation over the range's days (`days`, yyyy-mm-dd) and in all. */
export async function fiscalReconciliation(
  db: Db,
  range: FiscalRange,
  days: string[],
  mode: FiscalMode,
): Promise<ReportFiscal> {
  const byDay = new Map(days.map((day) => [day, emptyRow()]));
  const total = emptyRow();
  const closed = range.from <= range.closedTo ? await closedDays(db, range) : { money: [], receipts: [] };
  const live = range.live
    ? { money: await moneyByDay(db, range.live), receipts: await receiptsByDay(db, range.live) }
    : { money: [], receipts: [] };
  for (const r of [...closed.money, ...live.money]) {
    for (const row of [byDay.get(r.day), total]) {
      if (!row) continue;
      row.money[r.source] += Number(r.amount);
      row.money.total += Number(r.amount);
    }
  }
  for (const r of [...closed.receipts, ...live.receipts]) {
    for (const row of [byDay.get(r.day), total]) if (row) row.receipts[r.bucket] += Number(r.amount);
  }
  return {
    mode,
    days: [...byDay.entries()].map(([day, row]) => ({ day, ...reconcile(row, mode) })),
    total: reconcile(total, mode),
  };
}
