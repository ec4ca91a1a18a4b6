import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '#web/lib/router/hooks';
import { memberPath, memberPhone } from './member-format';
import { ruAdmin } from '#web/i18n/ru-admin';
import type { MemberSummary } from '#common/contract/members';
import { adminApi } from '../api';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { MemberCard } from './member-card';
import membersCss from './members.css?url';

const t = ruAdmin.members;

const selectedOf = (pathname: string) => /^\/admin\/members\/([0-9a-f-]{36})\/?$/.exec(pathname)?.[1] ?? null;

/** `/admin/members`: find a member by phone, card number or name, then their page (its own address) below. */
export function MembersPage() {
  const [query, setQuery] = useState('');
  const selected = selectedOf(useLocation().pathname);
  const navigate = useNavigate();
  const found = useQuery({
    queryKey: ['admin', 'members', query],
    queryFn: () => adminApi().request('GET /api/admin/members', { query: { q: query } }),
    enabled: query.length >= 2,
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (selected) void navigate('/admin/members');
    setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  const columns: Column<MemberSummary>[] = [
    {
      header: t.columns.phone,
      cell: (m) => (
        <a
          className="admin-link"
          aria-label={t.open(m.phone)}
          href={memberPath(m.userId)}
          onClick={(event) => {
            event.preventDefault();
            void navigate(memberPath(m.userId));
          }}
        >
          {memberPhone(m.phone)}
        </a>
      ),
    },
    { header: t.columns.name, cell: (m) => m.name || t.noName },
    {
      header: t.columns.cards,
      cell: (m) =>
        m.cards.map((c) => (
          <div key={c.cardNum}>
            {c.cardNum}
            {c.locked && <span className="admin-muted"> · {t.blocked}</span>}
          </div>
        )),
    },
  ];

  return (
    <>
      {/* This screen's own stylesheet, beside the console's console.css (React hoists it). */}
      <link rel="stylesheet" href={membersCss} precedence="default" />
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" role="search" onSubmit={search}>
        <Field label={t.search} name="q" minLength={2} required />
        <button className="admin-button">{t.find}</button>
      </form>
      <DataTable
        label={t.heading}
        columns={columns}
        rows={found.data}
        rowKey={(m) => m.userId}
        empty={t.none}
        error={found.isError}
      />
      {selected && <MemberCard key={selected} userId={selected} />}
    </>
  );
}
