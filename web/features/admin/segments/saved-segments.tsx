import type { UseQueryResult } from '@tanstack/react-query';
import type { SegmentInfo } from '#common/contract/segments';
import { ruAdminSegments as t } from '#web/i18n/ru-admin-segments';
import { adminApi } from '../api';
import { useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useAction } from '../kit/use-action';

export const SEGMENTS = ['admin', 'segments', 'list'] as const;

async function exportCsv(segment: SegmentInfo) {
  const file = await adminApi().request('POST /api/operator/segments/:segmentId/export', {
    params: { segmentId: segment.id },
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  return file.rows;
}

/** The saved segments with their counts now: open one in the editor, download its members, delete it. */
export function SavedSegments({
  list,
  onEdit,
  onDeleted,
}: {
  list: UseQueryResult<SegmentInfo[]>;
  onEdit: (segment: SegmentInfo) => void;
  onDeleted: (id: string) => void;
}) {
  const canWrite = useCan('segments.write');
  const canExport = useCan('segments.export');
  const when = useBrandDates().dateTime;
  const download = useAction({ run: exportCsv, done: (rows) => t.exported(rows) });
  const remove = useAction({
    run: async (segment: SegmentInfo) => {
      await adminApi().request('DELETE /api/operator/segments/:segmentId', {
        params: { segmentId: segment.id },
      });
      onDeleted(segment.id);
    },
    done: () => t.deleted,
    invalidate: [SEGMENTS],
  });
  const columns: Column<SegmentInfo>[] = [
    { header: t.columns.name, cell: (s) => s.name },
    {
      header: t.columns.count,
      cell: (s) =>
        s.count === null ? (
          <span title={s.problem ?? ''}>{t.notCounted}</span>
        ) : (
          s.count.toLocaleString('ru-RU')
        ),
    },
    { header: t.columns.updated, cell: (s) => `${when(s.updatedAt)}, ${s.updatedBy}` },
    {
      header: t.columns.actions,
      cell: (s) => (
        <>
          <button type="button" className="admin-link" onClick={() => onEdit(s)}>
            {t.edit}
          </button>
          {canExport && (
            <button type="button" className="admin-link" onClick={() => download.run(s)}>
              {t.exportCsv}
            </button>
          )}
          {canWrite && (
            <button type="button" className="admin-link" onClick={() => remove.ask(s)}>
              {t.delete}
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <section>
      <h2>{t.saved_list}</h2>
      {canExport && <p className="admin-muted">{t.csvNote}</p>}
      {remove.asking && (
        <div className="admin-confirm" role="alertdialog" aria-label={t.delete}>
          <p>{t.confirmDelete(remove.asking.name)}</p>
          <button type="button" className="admin-button" onClick={() => remove.run(remove.asking!)}>
            {t.confirm}
          </button>{' '}
          <button type="button" className="admin-button admin-button-quiet" onClick={remove.cancel}>
            {t.cancel}
          </button>
        </div>
      )}
      <ActionStatus action={download} />
      <ActionStatus action={remove} />
      <DataTable
        label={t.saved_list}
        columns={columns}
        rows={list.data}
        rowKey={(s) => s.id}
        empty={t.none}
        error={list.isError}
      />
    </section>
  );
}
