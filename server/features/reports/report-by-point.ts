import type { PaymentSplit, ReportCategory } from '#common/contract/reports';
import type { CategoryRow, PointBonusRow } from './report-breakdowns';

/** What a lines' row without a category is called in the console and the CSV. */
export const NO_CATEGORY = 'Без категории';

export type PointFigures = PaymentSplit & { bonusesIssued: number; bonusesSpent: number };

/**
 * The payments by point with each point's bonuses issued and spent (decision 068): a point that moved bonuses
 * without a payment in the range (a refund of last month's cheque) gets a row with no payments.
 */
export function pointsWithBonuses(paid: Map<number, PaymentSplit>, bonuses: PointBonusRow[]) {
  const rows = new Map<number, PointFigures>(
    [...paid].map(([point, split]) => [point, { ...split, bonusesIssued: 0, bonusesSpent: 0 }]),
  );
  for (const row of bonuses) {
    const point = rows.get(row.point) ?? {
      ...{ count: 0, total: 0, bonuses: 0, money: 0, card: 0, sbp: 0, giftCards: 0, till: 0 },
      ...{ bonusesIssued: 0, bonusesSpent: 0 },
    };
    point.bonusesIssued += Number(row.issued);
    point.bonusesSpent += Number(row.spent);
    rows.set(row.point, point);
  }
  return rows;
}

/** The categories' rows, the largest goods sum first; a category id the catalogue lost shows as its id. */
export function categoriesOf(rows: CategoryRow[]): ReportCategory[] {
  return rows
    .map((r) => ({
      categoryId: r.category_id,
      title: r.category_id === null ? NO_CATEGORY : (r.name ?? r.category_id),
      lines: r.lines,
      goodsSum: Number(r.goods),
      bonusesEarned: Number(r.earned),
      bonusesSpent: Number(r.spent),
    }))
    .sort((a, b) => b.goodsSum - a.goodsSum || a.title.localeCompare(b.title, 'ru'));
}
