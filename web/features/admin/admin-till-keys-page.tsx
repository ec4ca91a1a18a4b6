import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '#web/i18n/ru-admin';
import type { OperatorPoint as Point } from '#common/contract/content';
import { adminApi, adminErrorText, useStaffSession } from './admin-api';
import { useBrandDates } from './admin-dates';
import { Field, TableScroll } from './field';

const t = ruAdmin.tillKeys;
const KEYS = ['admin', 'till-keys'] as const;
const addressOf = ({ address: a }: Point) => [a.city, a.street, a.house].filter(Boolean).join(', ');

/** The brand's points to pick a key's point from (decision 054): by name and address, not by a typed number. */
function PointSelect({ points }: { points: Point[] }) {
  return (
    <div className="admin-field">
      <label htmlFor="till-key-point">{t.point}</label>
      <select id="till-key-point" name="point" required defaultValue="">
        <option value="" disabled>
          {t.choosePoint}
        </option>
        {points.map((p) => (
          <option key={p.id} value={p.id}>
            {t.pointOption(p.title, addressOf(p))}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/admin/till-keys`: issue a till's key (shown once), list them, revoke one. */
export function TillKeysPage() {
  const queryClient = useQueryClient();
  const canWrite = useStaffSession().data?.permissions.includes('tillKeys.write') ?? false;
  const keys = useQuery({ queryKey: KEYS, queryFn: () => adminApi().request('GET /api/operator/till-keys') });
  // The content screen's own query of the points (the owner and the viewer, who see this screen, read content).
  const points = useQuery({
    queryKey: ['admin', 'content', 'points'],
    queryFn: () => adminApi().request('GET /api/operator/points'),
  });
  const titles = new Map((points.data ?? []).map((p) => [p.id, p.title]));
  const when = useBrandDates().dateTime;
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
          <PointSelect points={points.data ?? []} />
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
                  <td>{t.pointOf(titles.get(k.retailPointId) ?? '', k.retailPointId)}</td>
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
