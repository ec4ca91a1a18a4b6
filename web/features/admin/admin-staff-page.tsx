import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffMember } from '../../../common/contract/admin';
import { STAFF_ROLES, type StaffRole } from '../../../common/contract/permissions';
import { ruAdmin } from '../../i18n/ru-admin';
import { adminApi, adminErrorText, useStaffSession } from './admin-api';
import { useBrandDates } from './admin-dates';
import { Field, TableScroll } from './field';

const t = ruAdmin.staff;
const STAFF_KEY = ['admin', 'staff'] as const;

/** `/admin/staff`: the accounts; the owner creates them (a one-time password shown once), changes roles, disables, resets. */
export function StaffPage() {
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const canWrite = session.data?.permissions.includes('staff.write') ?? false;
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => adminApi().request('GET /api/admin/staff') });
  const [oneTime, setOneTime] = useState<{ email: string; password: string } | null>(null);
  const [error, setError] = useState('');
  const dates = useBrandDates();

  const run = async (work: () => Promise<void>) => {
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  };

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    return run(async () => {
      const created = await adminApi().request('POST /api/admin/staff', {
        body: { email: String(data.get('email')), role: String(data.get('role')) as StaffRole },
      });
      setOneTime({ email: created.staff.email, password: created.oneTimePassword });
      form.reset();
    });
  };
  const update = (member: StaffMember, body: { role?: StaffRole; disabled?: boolean }) =>
    run(async () => {
      await adminApi().request('PATCH /api/admin/staff/:id', { params: { id: member.id }, body });
    });
  const reset = (member: StaffMember, resetTotp: boolean) =>
    run(async () => {
      const done = await adminApi().request('POST /api/admin/staff/:id/reset', {
        params: { id: member.id },
        body: { resetTotp },
      });
      setOneTime({ email: done.staff.email, password: done.oneTimePassword });
    });

  return (
    <>
      <h1>{t.heading}</h1>
      {canWrite && (
        <form className="admin-inline-form" onSubmit={(e) => void create(e)} aria-label={t.create}>
          <Field label={t.email} name="email" type="email" required />
          <div className="admin-field">
            <label htmlFor="new-staff-role">{t.role}</label>
            <select id="new-staff-role" name="role" defaultValue="viewer">
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ruAdmin.roles[r]}
                </option>
              ))}
            </select>
          </div>
          <button className="admin-button">{t.add}</button>
        </form>
      )}
      {oneTime && (
        <div className="admin-secret" role="status">
          <p>{t.oneTime(oneTime.email)}</p>
          <code data-testid="one-time-password">{oneTime.password}</code>
        </div>
      )}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {staff.isError && <p className="admin-error">{ruAdmin.loadError}</p>}
      {staff.data && (
        <TableScroll label={t.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.email}</th>
                <th scope="col">{t.columns.role}</th>
                <th scope="col">{t.columns.state}</th>
                <th scope="col">{t.columns.created}</th>
                {canWrite && <th scope="col">{t.columns.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {staff.data.map((m) => (
                <tr key={m.id}>
                  <td>{m.email}</td>
                  <td>
                    {canWrite ? (
                      <select
                        aria-label={t.roleOf(m.email)}
                        value={m.role}
                        onChange={(e) => void update(m, { role: e.target.value as StaffRole })}
                      >
                        {STAFF_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ruAdmin.roles[r]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      ruAdmin.roles[m.role]
                    )}
                  </td>
                  <td>
                    {m.disabled
                      ? t.disabled
                      : m.lockedUntil
                        ? t.locked(dates.dateTime(m.lockedUntil))
                        : t.active}
                    {!m.totpEnrolled && !m.disabled && <div className="admin-muted">{t.noTotp}</div>}
                  </td>
                  <td>{dates.date(m.createdAt)}</td>
                  {canWrite && (
                    <td>
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="admin-link"
                          onClick={() => void update(m, { disabled: !m.disabled })}
                        >
                          {m.disabled ? t.enable : t.disable}
                        </button>
                        <button type="button" className="admin-link" onClick={() => void reset(m, false)}>
                          {t.reset}
                        </button>
                        <button type="button" className="admin-link" onClick={() => void reset(m, true)}>
                          {t.resetTotp}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
