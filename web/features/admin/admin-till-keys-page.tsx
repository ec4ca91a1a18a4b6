import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '../../i18n/ru-admin';
import { adminApi, adminErrorText, useStaffSession } from './admin-api';
import { Field, TableScroll } from './field';

const t = ruAdmin.tillKeys;
const KEYS = ['admin', 'till-keys'] as const;
const when = (iso: string) => new Date(iso).toLocaleString('ru-RU');

/** `/admin/till-keys`: issue a till's key (shown once), list them, revoke one. */
export function TillKeysPage() {
  const queryClient = useQueryClient();
  const canWrite = useStaffSession().data?.permissions.includes('tillKeys.write') ?? false;
  const keys = useQuery({ queryKey: KEYS, queryFn: () => adminApi().request('GET /api/operator/till-keys') });
  const [issued, setIssued] = useState('');
  const [error, setError] = useState('');

  const run = async (work: () => Promise<void>) => {
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    await queryClient.invalidateQueries({ queryKey: KEYS });
  };
  const issue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    return run(async () => {
      const key = await adminApi().request('POST /api/operator/till-keys', {
        body: { retailPointId: Number(data.get('point')), label: String(data.get('label') ?? '') },
      });
      setIssued(key.key);
      form.reset();
    });
  };

  return (
    <>
      <h1>{t.heading}</h1>
      {canWrite && (
        <form className="admin-inline-form" onSubmit={(e) => void issue(e)} aria-label={t.issue}>
          <Field label={t.point} name="point" type="number" min={1} required />
          <Field label={t.label} name="label" maxLength={100} />
          <button className="admin-button">{t.issue}</button>
        </form>
      )}
      {issued && (
        <div className="admin-secret" role="status">
          <p>{t.issued}</p>
          <code data-testid="till-key">{issued}</code>
        </div>
      )}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {keys.data && keys.data.length === 0 && <p>{t.empty}</p>}
      {keys.data && keys.data.length > 0 && (
        <TableScroll label={t.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.id}</th>
                <th scope="col">{t.columns.point}</th>
                <th scope="col">{t.columns.label}</th>
                <th scope="col">{t.columns.created}</th>
                <th scope="col">{t.columns.state}</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.keyId}>
                  <td>
                    <code>{k.keyId.slice(0, 8)}</code>
                  </td>
                  <td>{k.retailPointId}</td>
                  <td>{k.label}</td>
                  <td>{when(k.createdAt)}</td>
                  <td>
                    {k.revokedAt ? t.revoked(when(k.revokedAt)) : t.active}
                    {!k.revokedAt && canWrite && (
                      <button
                        type="button"
                        className="admin-link"
                        onClick={() =>
                          void run(async () => {
                            await adminApi().request('POST /api/operator/till-keys/:keyId/revoke', {
                              params: { keyId: k.keyId },
                            });
                          })
                        }
                      >
                        {t.revoke}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
