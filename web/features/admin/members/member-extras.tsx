import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminMemberPage as p, ruAdminMemberProfile } from '#web/i18n/ru-admin-members';
import { adminApi } from '../api';
import { RU_DAY_FIELD, ruDayToIso, useBrandDates } from '../dates';
import { DataTable, MoreRows, type Column } from '../kit/data-table';
import { Field, SelectField } from '../kit/field';
import { roubles } from './member-format';
import { formatBonuses } from '#common/lib/format';
import type { MemberDetails } from '#common/contract/members';

/*
 * The member's page, further (docs/decisions/033): what payments in progress hold, the saved bank cards (the
 * gateway's list, the last 4 digits only), and the operations filtered and paged 50 at a time.
 */

const t = ruAdmin.members;
/** The types the filter offers (the contract's MEMBER_OPERATION_TYPES, not imported: that would bring zod). */
const TYPES = Object.keys(p.types) as (keyof typeof p.types)[];

/** The held balances and the saved bank cards: read from their own calls, so a silent bank slows nothing else. */
export function MemberHoldsAndCards({ userId }: { userId: string }) {
  const holds = useQuery({
    queryKey: ['admin', 'member', userId, 'holds'],
    queryFn: () => adminApi().request('GET /api/admin/members/:userId/holds', { params: { userId } }),
  });
  const cards = useQuery({
    queryKey: ['admin', 'member', userId, 'saved-cards'],
    queryFn: () => adminApi().request('GET /api/admin/members/:userId/saved-cards', { params: { userId } }),
    retry: false,
  });
  return (
    <>
      {holds.data && <p>{p.holds(formatBonuses(holds.data.bonus), roubles(holds.data.money))}</p>}
      <h3>{p.savedCards}</h3>
      {cards.isError && <p className="admin-muted">{p.savedCardsFailed}</p>}
      {cards.data && cards.data.length === 0 && <p>{p.noSavedCards}</p>}
      {cards.data && cards.data.length > 0 && (
        <ul className="admin-cards" aria-label={p.savedCards}>
          {cards.data.map((c) => (
            <li key={c.bindingId}>
              {c.maskedPan}
              {c.expiry && ` · ${p.expiry(c.expiry)}`}
              {c.bindingState === 'INACTIVE' && <span className="admin-muted"> · {p.inactive}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Operation = MemberDetails['operations'][number];

/** The operations' columns; times in the brand's zone. */
const OPERATION_COLUMNS = (dateTime: (iso: string) => string): Column<Operation>[] => [
  { header: t.opColumns.at, cell: (o) => dateTime(o.occurredAt) },
  { header: p.type, cell: (o) => p.types[o.type as keyof typeof p.types] ?? o.type },
  { header: t.opColumns.place, cell: (o) => o.place },
  { header: ruAdminMemberProfile.amount, cell: (o) => (o.amount ? roubles(o.amount) : '') },
  { header: t.opColumns.earned, cell: (o) => (o.earned ? `+${roubles(o.earned)}` : '') },
  { header: t.opColumns.spent, cell: (o) => (o.spent ? `−${roubles(o.spent)}` : '') },
];

type Filters = { type?: (typeof TYPES)[number]; from?: string; to?: string };

/** The operations, newest first: a type and a day range, then "show more" for the older pages. */
export function MemberOperations({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<Filters>({});
  const dates = useBrandDates();
  const pages = useInfiniteQuery({
    queryKey: ['admin', 'member', userId, 'operations', filters],
    queryFn: ({ pageParam }) =>
      adminApi().request('GET /api/admin/members/:userId/operations', {
        params: { userId },
        query: { ...filters, ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '') || undefined;
    setFilters({
      type: value('type') as Filters['type'],
      from: ruDayToIso(value('from') ?? '') ?? undefined,
      to: ruDayToIso(value('to') ?? '') ?? undefined,
    });
  };

  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <h3>{t.operations}</h3>
      <form className="admin-inline-form" aria-label={p.filters} onSubmit={apply}>
        <SelectField
          label={p.type}
          name="type"
          any={p.anyType}
          options={TYPES.map((type): [string, string] => [type, p.types[type]])}
        />
        <Field label={p.from} name="from" {...RU_DAY_FIELD} />
        <Field label={p.to} name="to" {...RU_DAY_FIELD} />
        <button className="admin-button">{p.apply}</button>
      </form>
      <DataTable
        label={t.operations}
        columns={OPERATION_COLUMNS(dates.dateTime)}
        rows={pages.data && items}
        rowKey={(o) => o.id}
        empty={t.noOperations}
        error={pages.isError}
      />
      <MoreRows pages={pages} label={p.more} />
    </>
  );
}
