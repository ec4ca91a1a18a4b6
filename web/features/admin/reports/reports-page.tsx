import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdminReports as t } from '#web/i18n/ru-admin-reports';
import { useSearchParams } from '#web/lib/router/hooks';
import { adminApi, adminErrorText } from '../api';
import { isoDayToRu, RU_DAY_FIELD, ruDayToIso, useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { Field } from '../kit/field';
import { useAction } from '../kit/use-action';
import reportsCss from './reports.css?url';
import { ReportView } from './report-view';

const ruDay = isoDayToRu;
/** yyyy-mm-dd minus `n` days. */
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

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
  // The period in the address (`?from=2026-11-22&to=2026-11-28`: a figure on the home links so, decision 054),
  // else the last 30 days of the brand's calendar.
  const [search] = useSearchParams();
  const today = ruDayToIso(useBrandDates().today())!;
  const asked = (name: string) => ruDayToIso(isoDayToRu(search.get(name) ?? ''));
  const [range, setRange] = useState<Range>(() => ({
    from: asked('from') ?? daysBefore(asked('to') ?? today, 29),
    to: asked('to') ?? today,
    points: '',
  }));
  // The form holds the days as typed (dd.mm.yyyy, whatever the browser's locale: decision 054).
  const [form, setForm] = useState<Range>(() => ({ ...range, from: ruDay(range.from), to: ruDay(range.to) }));
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
    const from = ruDayToIso(form.from);
    const to = ruDayToIso(form.to);
    if (!from || !to || from > to) return setError(t.badRange);
    setRange({ from, to, points: form.points.replace(/\s+/g, '') });
  };
  const edit = (field: keyof Range) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value }),
  });

  return (
    <>
      {/* This screen's own stylesheet, beside the console's console.css (React hoists it). */}
      <link rel="stylesheet" href={reportsCss} precedence="default" />
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" onSubmit={submit}>
        <Field label={t.from} {...RU_DAY_FIELD} {...edit('from')} />
        <Field label={t.to} {...RU_DAY_FIELD} {...edit('to')} />
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
