import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminAudit as ra } from '#web/i18n/ru-admin-audit';
import { adminApi } from './api';
import { RU_DAY_FIELD, ruDayToIso, useBrandDates } from './dates';
import { auditColumns } from './audit-columns';
import { DataTable, MoreRows } from './kit/data-table';
import { Field, SelectField } from './kit/field';

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
        <SelectField
          label={t.action}
          name="action"
          any={ra.anyAction}
          options={Object.entries(ra.actions)}
          id="audit-action"
        />
        <Field label={t.from} name="from" {...RU_DAY_FIELD} />
        <Field label={t.to} name="to" {...RU_DAY_FIELD} />
        <button className="admin-button">{t.apply}</button>
      </form>
      <DataTable
        label={t.heading}
        columns={auditColumns(dates.dateTime)}
        rows={log.isSuccess ? items : undefined}
        rowKey={(e) => e.id}
        empty={t.empty}
        error={log.isError}
      />
      <MoreRows pages={log} label={t.more} />
    </>
  );
}
