import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdminReports as t } from '../../../i18n/ru-admin-reports';
import { adminApi, adminErrorText } from '../admin-api';
import { ActionStatus } from '../kit/action-status';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import reportsCss from './reports.css?url';
import { ReportView } from './report-view';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

interface Range {
  from: string;
  to: string;
  points: string;
}
const queryOf = (r: Range) => ({ from: r.from, to: r.to, ...(r.points ? { points: r.points } : {}) });

/** The same report as CSV for Excel, saved by the browser. */
async function downloadCsv(range: Range) {
  const { csv, fileName } = await adminApi().request('GET /api/operator/reports/csv', {
    query: queryOf(range),
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * `/admin/reports` (decision 031): the owner, the accountant and the viewer pick a range of days (the brand's
 * calendar) and, if they like, points; the figures, two charts and the tables follow, and the same report
 * downloads as CSV for Excel.
 */
export function ReportsPage() {
  const today = new Date();
  const [form, setForm] = useState<Range>({
    from: isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)),
    to: isoDay(today),
    points: '',
  });
  const [range, setRange] = useState<Range>(form);
  const [error, setError] = useState('');
  const report = useQuery({
    queryKey: ['admin', 'report', range],
    queryFn: () => adminApi().request('GET /api/operator/reports', { query: queryOf(range) }),
  });
  const download = useAction({ run: downloadCsv });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    download.reset();
    if (!form.from || !form.to || form.from > form.to) return setError(t.badRange);
    setRange({ ...form, points: form.points.replace(/\s+/g, '') });
  };
  const edit = (field: keyof Range) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value }),
  });

  return (
    <>
      {/* This screen's own stylesheet, beside the console's admin.css (React hoists it). */}
      <link rel="stylesheet" href={reportsCss} precedence="default" />
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" onSubmit={submit}>
        <Field label={t.from} type="date" {...edit('from')} />
        <Field label={t.to} type="date" {...edit('to')} />
        <Field label={t.points} inputMode="numeric" {...edit('points')} />
        <button type="submit" className="admin-button">
          {t.show}
        </button>
        <button
          type="button"
          className="admin-button admin-button-quiet admin-report-download"
          disabled={download.pending}
          onClick={() => download.run(range)}
        >
          {t.download}
        </button>
      </form>
      <ActionStatus action={download} />
      {(error || report.error) && (
        <p className="admin-error" role="alert">
          {error || adminErrorText(report.error)}
        </p>
      )}
      {report.data ? <ReportView report={report.data} /> : !report.error && <p role="status">…</p>}
    </>
  );
}
