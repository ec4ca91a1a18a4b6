import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffMember } from '#common/contract/admin';
import { STAFF_ROLES, type StaffRole } from '#common/contract/permissions';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi } from './api';
import { useBrandDates } from './dates';
import { ActionStatus } from './kit/action-status';
import { useCan } from './kit/can';
import { DataTable, type Column } from './kit/data-table';
import { Field, LabelledField } from './kit/field';
import { useAction } from './kit/use-action';

const t = ruAdmin.staff;
const STAFF_KEY = ['admin', 'staff'] as const;
type OneTime = { email: string; password: string };

function RoleOptions() {
  return STAFF_ROLES.map((r) => (
    <option key={r} value={r}>
      {ruAdmin.roles[r]}
    </option>
  ));
}

/** `/admin/staff`: the accounts; the owner creates them (a one-time password shown once), changes roles, disables, resets. */
export function StaffPage() {
  const canWrite = useCan('staff.write');
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => adminApi().request('GET /api/admin/staff') });
  const [oneTime, setOneTime] = useState<OneTime | null>(null);
  // One action for the page's calls: each is its own little job, and the page shows one refusal at a time.
  const action = useAction<() => Promise<void>>({ run: (work) => work(), invalidate: [STAFF_KEY] });
  const calls = staffCalls(setOneTime);

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { email: String(data.get('email')), role: String(data.get('role')) as StaffRole };
    action.run(async () => {
      await calls.create(body);
      form.reset();
    });
  };

  return (
    <>
      <h1>{t.heading}</h1>
      {canWrite && (
        <form className="admin-inline-form" onSubmit={create} aria-label={t.create}>
          <Field label={t.email} name="email" type="email" required />
          <LabelledField label={t.role} id="new-staff-role">
            {(control) => (
              <select {...control} name="role" defaultValue="viewer">
                <RoleOptions />
              </select>
            )}
          </LabelledField>
          <button className="admin-button">{t.add}</button>
        </form>
      )}
      {oneTime && (
        <div className="admin-secret" role="status">
          <p>{t.oneTime(oneTime.email)}</p>
          <code data-testid="one-time-password">{oneTime.password}</code>
        </div>
      )}
      <ActionStatus action={action} />
      <DataTable
        label={t.heading}
        columns={staffColumns(canWrite, (work) => action.run(work), calls)}
        rows={staff.data}
        rowKey={(m) => m.id}
        empty=""
        error={staff.isError}
      />
    </>
  );
}

/** The page's calls to the server; a reset or a new account shows its one-time password. */
function staffCalls(setOneTime: (shown: OneTime) => void) {
  return {
    create: async (body: { email: string; role: StaffRole }) => {
      const created = await adminApi().request('POST /api/admin/staff', { body });
      setOneTime({ email: created.staff.email, password: created.oneTimePassword });
    },
    update: async (member: StaffMember, body: { role?: StaffRole; disabled?: boolean }) => {
      await adminApi().request('PATCH /api/admin/staff/:id', { params: { id: member.id }, body });
    },
    reset: async (member: StaffMember, resetTotp: boolean) => {
      const done = await adminApi().request('POST /api/admin/staff/:id/reset', {
        params: { id: member.id },
        body: { resetTotp },
      });
      setOneTime({ email: done.staff.email, password: done.oneTimePassword });
    },
  };
}

function staffColumns(
  canWrite: boolean,
  run: (work: () => Promise<void>) => void,
  calls: ReturnType<typeof staffCalls>,
): Column<StaffMember>[] {
  const columns: Column<StaffMember>[] = [
    { header: t.columns.email, cell: (m) => m.email },
    {
      header: t.columns.role,
      cell: (m) =>
        canWrite ? (
          <select
            aria-label={t.roleOf(m.email)}
            value={m.role}
            onChange={(e) => run(() => calls.update(m, { role: e.target.value as StaffRole }))}
          >
            <RoleOptions />
          </select>
        ) : (
          ruAdmin.roles[m.role]
        ),
    },
    { header: t.columns.state, cell: (m) => <StaffState member={m} /> },
    { header: t.columns.created, cell: (m) => <CreatedDate at={m.createdAt} /> },
  ];
  if (!canWrite) return columns;
  const actions: Column<StaffMember> = {
    header: t.columns.actions,
    cell: (m) => (
      <div className="admin-actions">
        <button
          type="button"
          className="admin-link"
          onClick={() => run(() => calls.update(m, { disabled: !m.disabled }))}
        >
          {m.disabled ? t.enable : t.disable}
        </button>
        <button type="button" className="admin-link" onClick={() => run(() => calls.reset(m, false))}>
          {t.reset}
        </button>
        <button type="button" className="admin-link" onClick={() => run(() => calls.reset(m, true))}>
          {t.resetTotp}
        </button>
      </div>
    ),
  };
  return [...columns, actions];
}

function StaffState({ member: m }: { member: StaffMember }) {
  const dates = useBrandDates();
  return (
    <>
      {m.disabled ? t.disabled : m.lockedUntil ? t.locked(dates.dateTime(m.lockedUntil)) : t.active}
      {!m.totpEnrolled && !m.disabled && <div className="admin-muted">{t.noTotp}</div>}
    </>
  );
}

function CreatedDate({ at }: { at: string }) {
  return <>{useBrandDates().date(at)}</>;
}
