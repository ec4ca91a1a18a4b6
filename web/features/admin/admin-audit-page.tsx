import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '../../i18n/ru-admin';
import { ruAdminAudit as ra } from '../../i18n/ru-admin-audit';
import { adminApi } from './admin-api';
import { RU_DAY_FIELD, ruDayToIso, useBrandDates } from './admin-dates';
import { changedFields } from './audit-changes';
import { Field, TableScroll } from './field';

const t = ruAdmin.audit;

interface Filter {
  actor?: string;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
}

/** A typed day (dd.mm.yyyy, the brand's day) as the API's ISO instant; `to` takes the whole day. */
const dayStart = (day: string, timeZone: string, plusDays = 0) => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + plusDays);
  // The zone's offset at that moment, read back through Intl (no library): midnight there, as an instant.
  const shown = new Date(at.toLocaleString('en-US', { timeZone }));
  const asUtc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(at.getTime() - (shown.getTime() - asUtc.getTime())).toISOString();
};

/** `/admin/audit`: every change by staff or the token, newest first, filtered, a page at a time. */
export function AuditPage() {
  const [filter, setFilter] = useState<Filter>({});
  const dates = useBrandDates();
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
    const from = ruDayToIso(text('from') ?? '');
    const to = ruDayToIso(text('to') ?? '');
    setFilter({
      actor: text('actor'),
      action: text('action'),
      ...(from && { from: dayStart(from, dates.timeZone) }),
      ...(to && { to: dayStart(to, dates.timeZone, 1) }),
    });
  };
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" onSubmit={apply} aria-label={t.heading}>
        <Field label={t.actor} name="actor" />
        <div className="admin-field">
          <label htmlFor="audit-action">{t.action}</label>
          <select id="audit-action" name="action" defaultValue="">
            <option value="">{ra.anyAction}</option>
            {Object.entries(ra.actions).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Field label={t.from} name="from" {...RU_DAY_FIELD} />
        <Field label={t.to} name="to" {...RU_DAY_FIELD} />
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
                  <td>{dates.dateTime(e.at)}</td>
                  <td>{e.actorKind === 'system' ? ra.system : e.actor}</td>
                  <td title={e.action}>{ra.actions[e.action] ?? e.action}</td>
                  <td>
                    {ra.entities[e.entity] ?? e.entity}
                    {e.entityId && (
                      <div className="admin-muted" title={e.entityId}>
                        {e.entityId.length > 12 ? `${e.entityId.slice(0, 8)}…` : e.entityId}
                      </div>
                    )}
                  </td>
                  <td className="admin-change">
                    <AuditChange before={e.before} after={e.after} />
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

/** Only the fields that changed (decision 053): a settings change was two whole JSON documents. */
function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const rows = changedFields(before, after);
  if (rows.length === 0) return before != null || after != null ? <span>{ra.noChange}</span> : null;
  return (
    <ul className="admin-diff">
      {rows.map((r) => (
        <li key={r.field}>
          <b>{r.field}</b>: {r.before !== undefined && <del>{r.before}</del>}
          {r.before !== undefined && r.after !== undefined && ' → '}
          {r.after !== undefined && <ins>{r.after}</ins>}
        </li>
      ))}
    </ul>
  );
}
