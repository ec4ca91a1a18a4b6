import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '../../i18n/ru-admin';
import { adminApi } from './admin-api';
import { Field, TableScroll } from './field';

const t = ruAdmin.audit;

interface Filter {
  actor?: string;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
}

/** A day of the date input (the browser's time zone) as the API's ISO instant; `to` takes the whole day. */
const dayStart = (day: string, plusDays = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

const short = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/** `/admin/audit`: every change by staff or the token, newest first, filtered, a page at a time. */
export function AuditPage() {
  const [filter, setFilter] = useState<Filter>({});
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit', filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      adminApi().request('GET /api/admin/audit', {
        query: { ...filter, ...(pageParam && { before: pageParam }) },
      }),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const from = text('from');
    const to = text('to');
    setFilter({
      actor: text('actor'),
      action: text('action'),
      entity: text('entity'),
      ...(from && { from: dayStart(from) }),
      ...(to && { to: dayStart(to, 1) }),
    });
  };
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" onSubmit={apply} aria-label={t.heading}>
        <Field label={t.actor} name="actor" />
        <Field label={t.action} name="action" />
        <Field label={t.entity} name="entity" />
        <Field label={t.from} name="from" type="date" />
        <Field label={t.to} name="to" type="date" />
        <button className="admin-button">{t.apply}</button>
      </form>
      {log.isError && <p className="admin-error">{ruAdmin.loadError}</p>}
      {log.isSuccess && items.length === 0 && <p>{t.empty}</p>}
      {items.length > 0 && (
        <TableScroll label={t.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.at}</th>
                <th scope="col">{t.columns.actor}</th>
                <th scope="col">{t.columns.action}</th>
                <th scope="col">{t.columns.entity}</th>
                <th scope="col">{t.columns.change}</th>
                <th scope="col">{t.columns.ip}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td>{new Date(e.at).toLocaleString('ru-RU')}</td>
                  <td>{e.actor}</td>
                  <td>{e.action}</td>
                  <td>
                    {e.entity}
                    {e.entityId && (
                      <div className="admin-muted" title={e.entityId}>
                        {e.entityId.length > 12 ? `${e.entityId.slice(0, 8)}…` : e.entityId}
                      </div>
                    )}
                  </td>
                  <td className="admin-change">
                    {e.before != null && <div>− {short(e.before)}</div>}
                    {e.after != null && <div>+ {short(e.after)}</div>}
                  </td>
                  <td>{e.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className="admin-button admin-button-quiet"
          onClick={() => void log.fetchNextPage()}
        >
          {t.more}
        </button>
      )}
    </>
  );
}
