import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FiscalReceiptRow } from '#common/contract/fiscal-receipts';
import { formatMoney } from '#common/lib/format';
import { FISCAL_STATUSES, type FiscalStatus } from '#common/lib/fiscal-vocabulary';
import { ruAdminFiscal as t } from '#web/i18n/ru-admin-fiscal';
import { adminApi } from '../api';
import { RU_DAY_FIELD, ruDayToIso, useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { Field, SelectField } from '../kit/field';
import { useAction } from '../kit/use-action';

interface Filter {
  status?: FiscalStatus;
  from?: string;
  to?: string;
}

const roubles = (kopecks: number) => formatMoney(kopecks / 100);

/**
 * `/admin/fiscal-receipts` (decision 070): the 54-FZ receipts by state and by the days they were queued, with the
 * provider's reason for a failure and, for whoever may (`fiscal.write`: the owner, the accountant), a retry.
 */
export function FiscalReceiptsPage() {
  const canRetry = useCan('fiscal.write');
  const when = useBrandDates().dateTime;
  const [filter, setFilter] = useState<Filter>({});
  const [error, setError] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'fiscal-receipts', filter],
    queryFn: () => adminApi().request('GET /api/operator/fiscal-receipts', { query: filter }),
  });
  const action = useAction<string>({
    run: (receiptId) =>
      adminApi().request('POST /api/operator/fiscal-receipts/:receiptId/retry', { params: { receiptId } }),
    done: () => t.retried,
    invalidate: [['admin', 'fiscal-receipts']],
  });
  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const day = (name: string) => String(data.get(name) ?? '').trim();
    const [from, to] = [day('from'), day('to')].map((d) => (d ? ruDayToIso(d) : undefined));
    const badDay = (typed: string, iso: string | null | undefined) => typed !== '' && !iso;
    if (badDay(day('from'), from) || badDay(day('to'), to) || (from && to && from > to)) {
      return setError(t.badRange);
    }
    setError('');
    const status = String(data.get('status') ?? '') as FiscalStatus | '';
    setFilter({ ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  const columns: Column<FiscalReceiptRow>[] = [
    { header: t.columns.createdAt, cell: (r) => when(r.createdAt) },
    { header: t.columns.kind, cell: (r) => t.kinds[r.kind] ?? r.kind },
    { header: t.columns.source, cell: (r) => t.sources[r.sourceType] ?? r.sourceType },
    { header: t.columns.total, cell: (r) => roubles(r.total), align: 'end' },
    { header: t.columns.status, cell: (r) => t.statuses[r.status] ?? r.status },
    { header: t.columns.attempts, cell: (r) => r.attempts, align: 'end' },
    { header: t.columns.result, cell: (r) => <ReceiptResult receipt={r} when={when} /> },
    {
      header: t.columns.retry,
      cell: (r) =>
        canRetry && r.status !== 'done' ? (
          <button type="button" className="admin-link" onClick={() => action.run(r.id)}>
            {t.retry}
          </button>
        ) : null,
    },
  ];
  const data = list.data;
  return (
    <>
      <h1>{t.heading}</h1>
      <p className="admin-muted">{t.lead}</p>
      <form className="admin-inline-form" onSubmit={find} aria-label={t.filter}>
        <SelectField
          label={t.status}
          name="status"
          any={t.anyStatus}
          options={FISCAL_STATUSES.map((s) => [s, t.statuses[s]!])}
        />
        <Field label={t.from} name="from" {...RU_DAY_FIELD} />
        <Field label={t.to} name="to" {...RU_DAY_FIELD} />
        <button className="admin-button">{t.find}</button>
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <ActionStatus action={action} />
      {data && (
        <p data-testid="fiscal-totals">
          {t.totals(String(data.count), roubles(data.total))}
          {data.count > data.receipts.length && ` · ${t.cut(data.receipts.length)}`}
        </p>
      )}
      <DataTable
        label={t.heading}
        columns={columns}
        rows={data?.receipts}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': `fiscal-${r.status}` })}
        empty={t.empty}
        error={list.isError}
      />
    </>
  );
}

/** An issued receipt's signs and its OFD page; else the provider's reason or when it is tried next. */
function ReceiptResult({ receipt, when }: { receipt: FiscalReceiptRow; when: (iso: string) => string }) {
  const fiscal = receipt.fiscal;
  if (fiscal) {
    return (
      <>
        {t.fiscalSigns(fiscal.fnNumber, fiscal.fiscalDocumentNumber, fiscal.fiscalDocumentAttribute)}
        {fiscal.ofdReceiptUrl && (
          <>
            {' · '}
            <a href={fiscal.ofdReceiptUrl} target="_blank" rel="noreferrer">
              {t.ofdLink}
            </a>
          </>
        )}
      </>
    );
  }
  if (receipt.status === 'failed') return <span className="admin-error">{receipt.lastError}</span>;
  return (
    <span className="admin-muted">
      {receipt.lastError ? `${receipt.lastError}. ` : ''}
      {t.nextAttempt(when(receipt.nextAttemptAt))}
    </span>
  );
}
