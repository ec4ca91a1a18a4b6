import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '../../../i18n/ru-admin';
import { adminApi, useStaffSession } from '../admin-api';
import { Field, TableScroll } from '../field';
import { MemberCard } from './admin-member-card';

const t = ruAdmin.members;

/** `/admin/members`: find a member by phone, card number or name, then their page below the results. */
export function MembersPage() {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
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
    setSelected(null);
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
                    <button
                      type="button"
                      className="admin-link"
                      aria-label={t.open(m.phone)}
                      onClick={() => setSelected(m.userId)}
                    >
                      +{m.phone}
                    </button>
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
      {selected && <MemberCard userId={selected} canWrite={canWrite} canDelete={canDelete} />}
    </>
  );
}
