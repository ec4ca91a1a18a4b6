import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { NavLink } from '#web/lib/router/links';
import { useNavigate } from '#web/lib/router/hooks';
import type { Permission } from '#common/contract/permissions';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi, SESSION_KEY, useStaffSession } from './api';
import { AdminDashboard } from './reports/dashboard';
import { Can, useCanCheck } from './kit/can';
import { SECTIONS } from './sections';

const t = ruAdmin.shell;

/** `/admin/*`: the console's shell around a page. Nobody logged in (or a login half done) goes to /admin/login. */
export function AdminLayout({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const session = useStaffSession();
  const can = useCanCheck();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = session.data;
  const active = data && data.stage === 'active' ? data : null;

  useEffect(() => {
    if (session.isSuccess && !active) void navigate('/admin/login', { replace: true });
  }, [session.isSuccess, active, navigate]);

  const leave = async (key: 'POST /api/admin/logout' | 'POST /api/admin/sessions/end-all') => {
    await adminApi()
      .request(key)
      .catch(() => undefined);
    queryClient.setQueryData(SESSION_KEY, null);
    queryClient.removeQueries({ queryKey: ['admin'] });
    await navigate('/admin/login');
  };

  if (!active) {
    return (
      <main className="admin-login">
        <p role="status">{session.isError ? ruAdmin.loadError : ruAdmin.loading}</p>
      </main>
    );
  }
  const sections = SECTIONS.filter((s) => can(s.permission));
  return (
    <div className="admin">
      <header className="admin-header">
        <span className="admin-brand">{ruAdmin.title}</span>
        <span className="admin-who">
          {t.signedInAs(active.staff.email, ruAdmin.roles[active.staff.role])}
        </span>
        <button
          type="button"
          className="admin-link"
          onClick={() => void leave('POST /api/admin/sessions/end-all')}
        >
          {t.endAll}
        </button>
        <button
          type="button"
          className="admin-button admin-button-quiet"
          onClick={() => void leave('POST /api/admin/logout')}
        >
          {t.logout}
        </button>
      </header>
      <div className="admin-body">
        <nav className="admin-nav" aria-label={t.nav}>
          <NavLink to="/admin" end>
            {t.home}
          </NavLink>
          {sections.map((s) => (
            <NavLink key={s.path} to={s.path}>
              {s.label}
            </NavLink>
          ))}
        </nav>
        <main className="admin-main">
          {!permission || can(permission) ? (
            children
          ) : (
            <p className="admin-error" role="alert">
              {ruAdmin.errors.FORBIDDEN}
            </p>
          )}
        </main>
      </div>
    </div>
  );
}

/** `/admin`: today's and the week's figures for a role that reads the reports (decision 054), and its sections. */
export function AdminHomePage() {
  const can = useCanCheck();
  const sections = SECTIONS.filter((s) => can(s.permission));
  return (
    <>
      <h1>{t.home}</h1>
      <p>{t.welcome}</p>
      <Can permission="reports.read">
        <AdminDashboard />
      </Can>
      {sections.length ? (
        <>
          <p>{t.available}</p>
          <ul>
            {sections.map((s) => (
              <li key={s.path}>
                <NavLink to={s.path}>{s.label}</NavLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t.nothing}</p>
      )}
    </>
  );
}
