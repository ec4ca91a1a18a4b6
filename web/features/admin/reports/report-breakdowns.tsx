import type { Report, ReportCategory } from '#common/contract/reports';
import { formatAmount, formatBonuses, formatKopecks } from '#common/lib/format';
import { ruAdminReports as t } from '#web/i18n/ru-admin-reports';
import { DataTable, type Column } from '../kit/data-table';

/*
 * The report's bonuses by point and its receipt lines by catalogue category (decision 068): two narrow tables,
 * each scrolling sideways by itself on a phone; the bonus columns are headed short («Начислено», «Списано»), so the
 * point's table fits a phone's width.
 */

/** Bonuses are counted in hundredths like kopecks, and printed as bonuses (decision 047). */
const bonuses = (hundredths: number) => formatBonuses(hundredths / 100);

type PointRow = Report['byPoint'][number];
const POINT_COLUMNS: Column<PointRow>[] = [
  { header: t.point, cell: (p) => p.title || `№ ${p.retailPointId}` },
  { header: t.issued, cell: (p) => bonuses(p.bonusesIssued), align: 'end' },
  { header: t.spent, cell: (p) => bonuses(p.bonusesSpent), align: 'end' },
];

const CATEGORY_COLUMNS: Column<ReportCategory>[] = [
  { header: t.category, cell: (c) => c.title },
  { header: t.lines, cell: (c) => formatAmount(c.lines), align: 'end' },
  { header: t.goodsSum, cell: (c) => formatKopecks(c.goodsSum), align: 'end' },
  { header: t.issued, cell: (c) => bonuses(c.bonusesEarned), align: 'end' },
  { header: t.spent, cell: (c) => bonuses(c.bonusesSpent), align: 'end' },
];

export function ReportBreakdowns({ report }: { report: Report }) {
  return (
    <>
      <h2>{t.bonusesByPoint}</h2>
      <p className="admin-muted">{t.bonusesByPointNote}</p>
      <DataTable
        label={t.bonusesByPoint}
        columns={POINT_COLUMNS}
        rows={report.byPoint}
        rowKey={(p) => p.retailPointId}
        empty={t.noBonusesByPoint}
      />
      <h2>{t.byCategory}</h2>
      <p className="admin-muted">{t.byCategoryNote}</p>
      <DataTable
        label={t.byCategory}
        columns={CATEGORY_COLUMNS}
        rows={report.byCategory}
        rowKey={(c) => c.categoryId ?? ''}
        empty={t.noLines}
      />
    </>
  );
}
