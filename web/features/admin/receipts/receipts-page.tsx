import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatKopecks } from '#common/lib/format';
import type { ReceiptListQuery, ReceiptOperation } from '#common/contract/receipts';
import { ruAdminReceipts as t } from '#web/i18n/ru-admin-receipts';
import { useLocation, useNavigate, useSearchParams } from '#web/lib/router/hooks';
import { adminApi, adminErrorText } from '../api';
import { isoToRuDateTime, RU_DAY_FIELD } from '../dates';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { filtersOfAddress, queryOf, type Filters } from './receipt-filters';
import { bonusesText, kindText, receiptPath } from './receipt-format';
import { ReceiptView } from './receipt-view';

const selectedOf = (pathname: string) =>
  /^\/admin\/receipts\/([0-9a-f-]{36})\/?$/.exec(pathname)?.[1] ?? null;

/**
 * `/admin/receipts` (decision 066): the till's receipts, newest first, found by days, point, the till's receipt
 * number or the member (also from the address's query); a receipt opens below at its own address with its lines.
 */
export function ReceiptsPage() {
  const navigate = useNavigate();
  const selected = selectedOf(useLocation().pathname);
  // The filters start from the address (a member's page links here with `?member=<card>`, decision 068).
  const [search] = useSearchParams();
  const [form, setForm] = useState<Filters>(() => filtersOfAddress(search));
  const [query, setQuery] = useState<ReceiptListQuery>(() => queryOf(form) ?? {});
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const list = useQuery({
    queryKey: ['admin', 'receipts', query, page],
    queryFn: () =>
      adminApi().request('GET /api/operator/receipts', { query: { ...query, page: String(page) } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = queryOf(form);
    if (!asked) return setError(t.badRange);
    setError('');
    setPage(1);
    setQuery(asked);
  };
  const edit = (field: keyof Filters) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value }),
  });
  const open = (id: string) => void navigate(receiptPath(id));
  const timeZone = list.data?.timeZone ?? 'Europe/Moscow';

  const columns: Column<ReceiptOperation>[] = [
    { header: t.columns.at, cell: (r) => isoToRuDateTime(r.at, timeZone) },
    { header: t.columns.point, cell: (r) => r.pointTitle },
    {
      header: t.columns.receipt,
      cell: (r) => (
        <a
          className="admin-link"
          href={receiptPath(r.id)}
          aria-label={t.open(r.receipt)}
          onClick={(event) => {
            event.preventDefault();
            open(r.id);
          }}
        >
          {r.receipt}
        </a>
      ),
    },
    { header: t.columns.kind, cell: kindText },
    { header: t.columns.sum, cell: (r) => formatKopecks(r.sum), align: 'end' },
    { header: t.columns.spent, cell: (r) => bonusesText(r.spent), align: 'end' },
    { header: t.columns.earned, cell: (r) => bonusesText(r.earned), align: 'end' },
    { header: t.columns.member, cell: (r) => r.phone },
    { header: t.columns.lines, cell: (r) => r.lines || t.noLines, align: 'end' },
  ];

  return (
    <>
      <h1>{t.heading}</h1>
      <p className="admin-muted">{t.lead}</p>
      <form className="admin-inline-form" role="search" onSubmit={submit}>
        <Field label={t.from} {...RU_DAY_FIELD} {...edit('from')} />
        <Field label={t.to} {...RU_DAY_FIELD} {...edit('to')} />
        <Field label={t.point} inputMode="numeric" {...edit('point')} />
        <Field label={t.receipt} {...edit('receipt')} />
        <Field label={t.member} inputMode="tel" {...edit('member')} />
        <button className="admin-button">{t.find}</button>
      </form>
      {(error || list.error) && (
        <p className="admin-error" role="alert">
          {error || adminErrorText(list.error)}
        </p>
      )}
      {selected && (
        <ReceiptView key={selected} id={selected} onClose={() => void navigate('/admin/receipts')} />
      )}
      <DataTable
        label={t.table}
        columns={columns}
        rows={list.data?.receipts}
        rowKey={(r) => r.id}
        empty={t.none}
        loading
      />
      <div className="admin-inline-form">
        {page > 1 && (
          <button type="button" className="admin-button admin-button-quiet" onClick={() => setPage(page - 1)}>
            {t.back}
          </button>
        )}
        {list.data?.hasMore && (
          <button type="button" className="admin-button admin-button-quiet" onClick={() => setPage(page + 1)}>
            {t.more}
          </button>
        )}
      </div>
    </>
  );
}
