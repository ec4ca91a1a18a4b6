import type { PaymentSplit, Report, ReportDay, ReportQuery } from '#common/contract/reports';
import { readBrandSettings } from '#server/core/brand-settings';
import { categoriesOf, pointsWithBonuses } from './report-by-point';
import { reportBreakdowns } from './report-breakdown-days';
import { fiscalReconciliation } from './report-fiscal';
import {
  bonusesIssued,
  bonusInflow,
  bucketKind,
  f,
  flowsOf,
  giftInflow,
  moneyInflow,
  type Flows,
  type Owed,
} from './report-flows';
import { owedNowFromRollup } from './report-owed';
import { GIFT_CARD_ADD, midnight, pointTitles, type PaymentRow } from './report-queries';
import { reportSources, type ReportDbs } from './rollup';

/**
 * A report over the calendar days `from`..`to` in the brand's time zone (docs/decisions/031). The bonus, money-
 * like and gift-card figures are the ledger's sums on the programme's own accounts, for the whole programme;
 * the payments come from the payment records and can be narrowed to points.
 */

const emptySplit = (): PaymentSplit => ({
  count: 0,
  total: 0,
  bonuses: 0,
  money: 0,
  card: 0,
  sbp: 0,
  giftCards: 0,
  till: 0,
});
function addRow(split: PaymentSplit, row: PaymentRow) {
  split.count += row.count;
  split.total += Number(row.total);
  split.bonuses += Number(row.bonuses);
  split.money += Number(row.money);
  split.card += Number(row.card);
  split.sbp += Number(row.sbp);
  split.giftCards += Number(row.gift);
  split.till += Number(row.till);
}

/** Every calendar day from `from` to `to`, as yyyy-mm-dd. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export const parsePoints = (points: string | undefined) =>
  [...new Set((points ?? '').split(',').filter(Boolean).map(Number))].sort((a, b) => a - b);

type Sources = Awaited<ReturnType<typeof reportSources>>;

export async function buildReport(
  /** `readDb`: a replica the report may read from (decision 074); the rollup is written on `db`. */
  deps: ReportDbs,
  query: ReportQuery,
  /**
   * `today`: the day the rollup ends before (tests and the bench); the database's today otherwise.
   * `breakdowns: false`: without the bonuses by point, the categories and the fiscal reconciliation (the
   * console's home needs none).
   */
  options: { today?: string; breakdowns?: boolean } = {},
): Promise<Report> {
  const { timeZone, fiscal } = await readBrandSettings(deps.db);
  const points = parsePoints(query.points);
  const sources = await reportSources(deps, timeZone, query.from, query.to, points, options.today);
  const reads = sources.db;
  const owed = await owedNowFromRollup(
    { db: deps.db, readDb: reads },
    timeZone,
    sources.today,
    sources.sinceToday,
  );

  const { byDay: flowsByDay, total } = sumFlows(sources.flows);
  // Summed: the rollup's part comes a row per day and kind.
  const after = flowsOf(sources.after);
  const days = reportDays(query, flowsByDay, sources.memberDays);
  const { payments, byPoint: paid } = splitPayments(sources.payments, days, points);
  const window = { start: midnight(query.from, timeZone), end: midnight(query.to, timeZone, 1), timeZone };
  const breakdowns = options.breakdowns !== false;
  const parts = breakdowns
    ? await reportBreakdowns(
        reads,
        { timeZone, from: query.from, closedTo: sources.closedTo, window, live: sources.live },
        points,
        sources.pointBonuses,
      )
    : null;
  const byPoint = pointsWithBonuses(paid, parts?.byPoint ?? []);
  const titles = await pointTitles(reads, [...byPoint.keys()]);

  return {
    from: query.from,
    to: query.to,
    timeZone,
    points,
    totals: {
      newMembers: sources.memberDays.reduce((sum, d) => sum + d.new_members, 0),
      activeMembers: sources.active,
      ...poolTotals(owed, after, total),
      payments,
    },
    days: [...days.values()],
    byPoint: [...byPoint.entries()]
      .sort(([a], [b]) => a - b)
      .map(([retailPointId, split]) => ({ retailPointId, title: titles.get(retailPointId) ?? '', ...split })),
    byCategory: parts ? categoriesOf(parts.byCategory) : [],
    fiscal: breakdowns
      ? await fiscalReconciliation(
          reads,
          { timeZone, from: query.from, closedTo: sources.closedTo, live: sources.live },
          [...days.keys()],
          fiscal.mode,
        )
      : null,
  };
}

/** The ledger's flows of the period per day and in all. */
function sumFlows(rows: Sources['flows']) {
  const byDay = new Map<string, Flows>();
  const total: Flows = {};
  for (const row of rows) {
    const kind = bucketKind(row.bucket);
    const day = byDay.get(row.day) ?? {};
    day[kind] = (day[kind] ?? 0) + Number(row.amount);
    byDay.set(row.day, day);
    total[kind] = (total[kind] ?? 0) + Number(row.amount);
  }
  return { byDay, total };
}

/** A row for every day of the period, with its flows and members; its payments are added after. */
function reportDays(query: ReportQuery, flowsByDay: Map<string, Flows>, memberDays: Sources['memberDays']) {
  const days = new Map<string, ReportDay>(
    daysOf(query.from, query.to).map((day) => {
      const x = flowsByDay.get(day) ?? {};
      return [
        day,
        {
          day,
          newMembers: 0,
          activeMembers: 0,
          bonusesIssued: bonusesIssued(x),
          bonusesSpent: f(x, 'bonus_spent'),
          giftCardsSold: -f(x, 'gift_cards_issued'),
          giftCardsRedeemed: f(x, 'gift_cards_redeemed'),
          payments: emptySplit(),
        },
      ];
    }),
  );
  for (const row of memberDays) {
    const day = days.get(row.day);
    if (day) Object.assign(day, { newMembers: row.new_members, activeMembers: row.active_members });
  }
  return days;
}

/** The payments split in all, into `days` (in place) and per point (every asked point, even without any). */
function splitPayments(rows: PaymentRow[], days: Map<string, ReportDay>, points: number[]) {
  const payments = emptySplit();
  const byPoint = new Map<number, PaymentSplit>(points.map((p) => [p, emptySplit()]));
  // A row per day and point (live), or summed per day (point -1) or per point (day '') from the rollup.
  for (const row of rows) {
    if (row.day !== '') {
      const day = days.get(row.day);
      if (day) addRow(day.payments, row);
      addRow(payments, row);
    }
    if (row.point >= 0) {
      const point = byPoint.get(row.point) ?? emptySplit();
      addRow(point, row);
      byPoint.set(row.point, point);
    }
  }
  return { payments, byPoint };
}

/** The three pools over the period. Each pool's figures add up (decision 047): opening + what came in − what went out = outstanding. */
function poolTotals(owed: Owed, after: Flows, total: Flows) {
  return {
    bonuses: {
      opening: owed.bonus - bonusInflow(after) - bonusInflow(total),
      issued: bonusesIssued(total),
      adjusted: -f(total, 'bonus_adjusted'),
      spent: f(total, 'bonus_spent'),
      expired: f(total, 'bonus_expired'),
      forfeited: f(total, 'bonus_forfeited'),
      outstanding: owed.bonus - bonusInflow(after),
    },
    money: {
      opening: owed.money - moneyInflow(after) - moneyInflow(total),
      credited: -f(total, 'certificates_issued') + f(total, GIFT_CARD_ADD),
      spent: f(total, 'money_spent'),
      forfeited: f(total, 'money_forfeited'),
      outstanding: owed.money - moneyInflow(after),
    },
    giftCards: {
      opening: owed.gift - giftInflow(after) - giftInflow(total),
      sold: -f(total, 'gift_cards_issued'),
      redeemed: f(total, 'gift_cards_redeemed'),
      addedToBalance: f(total, GIFT_CARD_ADD),
      outstanding: owed.gift - giftInflow(after),
    },
  };
}
