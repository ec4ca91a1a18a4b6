import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ruAdmin } from '#web/i18n/ru-admin';
import type { OperatorPoint as Point } from '#common/contract/content';
import type { TillKeyInfo } from '#common/contract/operator';
import { adminApi } from './api';
import { useBrandDates } from './dates';
import { ActionStatus } from './kit/action-status';
import { useCan } from './kit/can';
import { DataTable, type Column } from './kit/data-table';
import { Field, LabelledField } from './kit/field';
import { useAction } from './kit/use-action';

const t = ruAdmin.tillKeys;
const KEYS = ['admin', 'till-keys'] as const;
const addressOf = ({ address: a }: Point) => [a.city, a.street, a.house].filter(Boolean).join(', ');

/** The brand's points to pick a key's point from (decision 054): by name and address, not by a typed number. */
function PointSelect({ points }: { points: Point[] }) {
  return (
    <LabelledField label={t.point} id="till-key-point">
      {(control) => (
        <select {...control} name="point" required defaultValue="">
          <option value="" disabled>
            {t.choosePoint}
          </option>
          {points.map((p) => (
            <option key={p.id} value={p.id}>
              {t.pointOption(p.title, addressOf(p))}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/** `/admin/till-keys`: issue a till's key (shown once), list them, revoke one. */
export function TillKeysPage() {
  const canWrite = useCan('tillKeys.write');
  const keys = useQuery({ queryKey: KEYS, queryFn: () => adminApi().request('GET /api/operator/till-keys') });
  // The content screen's own query of the points (the owner and the viewer, who see this screen, read content).
  const points = useQuery({
    queryKey: ['admin', 'content', 'points'],
    queryFn: () => adminApi().request('GET /api/operator/points'),
  });
  const titles = new Map((points.data ?? []).map((p) => [p.id, p.title]));
  const when = useBrandDates().dateTime;
  const [issued, setIssued] = useState('');
  // One action for the page's calls (issue, revoke): the page shows one refusal at a time.
  const action = useAction<() => Promise<void>>({ run: (work) => work(), invalidate: [KEYS] });

  const issue = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    action.run(async () => {
      const key = await adminApi().request('POST /api/operator/till-keys', {
        body: { retailPointId: Number(data.get('point')), label: String(data.get('label') ?? '') },
      });
      setIssued(key.key);
      form.reset();
    });
  };
  const revoke = (keyId: string) =>
    action.run(async () => {
      await adminApi().request('POST /api/operator/till-keys/:keyId/revoke', { params: { keyId } });
    });
  const columns: Column<TillKeyInfo>[] = [
    { header: t.columns.id, cell: (k) => <code>{k.keyId.slice(0, 8)}</code> },
    { header: t.columns.point, cell: (k) => t.pointOf(titles.get(k.retailPointId) ?? '', k.retailPointId) },
    { header: t.columns.label, cell: (k) => k.label },
    { header: t.columns.created, cell: (k) => when(k.createdAt) },
    {
      header: t.columns.state,
      cell: (k) => (
        <>
          {k.revokedAt ? t.revoked(when(k.revokedAt)) : t.active}
          {!k.revokedAt && canWrite && (
            <button type="button" className="admin-link" onClick={() => revoke(k.keyId)}>
              {t.revoke}
            </button>
          )}
        </>
      ),
    },
  ];

  return (
    <>
      <h1>{t.heading}</h1>
      {canWrite && (
        <form className="admin-inline-form" onSubmit={issue} aria-label={t.issue}>
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
      <ActionStatus action={action} />
      <DataTable
        label={t.heading}
        columns={columns}
        rows={keys.data}
        rowKey={(k) => k.keyId}
        empty={t.empty}
        error={keys.isError}
      />
    </>
  );
}
