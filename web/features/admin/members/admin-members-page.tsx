import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '../../../lib/router/hooks';
import { memberPath, memberPhone } from './member-format';
import { ruAdmin } from '../../../i18n/ru-admin';
import { adminApi, useStaffSession } from '../admin-api';
import { Field, TableScroll } from '../field';
import { MemberCard } from './admin-member-card';

const t = ruAdmin.members;

const selectedOf = (pathname: string) => /^\/admin\/members\/([0-9a-f-]{36})\/?$/.exec(pathname)?.[1] ?? null;

/** `/admin/members`: find a member by phone, card number or name, then their page (its own address) below. */
export function MembersPage() {
  const [query, setQuery] = useState('');
  const selected = selectedOf(useLocation().pathname);
  const navigate = useNavigate();
  const permissions = useStaffSession().data?.permissions ?? [];
  const canWrite = permissions.includes('members.write');
  const canDelete = permissions.includes('members.delete');
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

  return (
    <>
      <h1>{t.heading}</h1>
      <form className="admin-inline-form" role="search" onSubmit={search}>
        <Field label={t.search} name="q" minLength={2} required />
        <button className="admin-button">{t.find}</button>
      </form>
      {found.isError && <p className="admin-error">{ruAdmin.loadError}</p>}
      {found.data && found.data.length === 0 && <p>{t.none}</p>}
      {found.data && found.data.length > 0 && (
        <TableScroll label={t.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.phone}</th>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.cards}</th>
              </tr>
            </thead>
            <tbody>
              {found.data.map((m) => (
                <tr key={m.userId}>
                  <td>
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
                  </td>
                  <td>{m.name || t.noName}</td>
                  <td>
                    {m.cards.map((c) => (
                      <div key={c.cardNum}>
                        {c.cardNum}
                        {c.locked && <span className="admin-muted"> · {t.blocked}</span>}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {selected && <MemberCard key={selected} userId={selected} canWrite={canWrite} canDelete={canDelete} />}
    </>
  );
}
