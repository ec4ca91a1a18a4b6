import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import { QrCode } from '#web/ui/qr-code';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi, adminErrorText, SESSION_KEY, setCsrfToken } from './admin-api';
import { Field } from './field';

const t = ruAdmin.login;
type Stage = 'email' | 'totp' | 'enrol' | 'password' | 'active';

/** `/admin/login`: the password, then the authenticator's code (enrolled with a QR the first time), then a new password. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>('email');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);

  const advance = async (next: { stage: Stage; csrfToken: string }) => {
    setCsrfToken(next.csrfToken);
    setError('');
    if (next.stage === 'active') {
      // Forget whatever session was cached (none, or the one just logged out): the shell loads the new one.
      queryClient.removeQueries({ queryKey: SESSION_KEY });
      await navigate('/admin');
      return;
    }
    if (next.stage === 'enrol') setEnrolment(await adminApi().request('POST /api/admin/login/enrol'));
    setStage(next.stage);
  };

  const submit = (work: (form: FormData) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await work(new FormData(event.currentTarget));
    } catch (failure) {
      setError(adminErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const text = (form: FormData, name: string) => String(form.get(name) ?? '');

  return (
    <main className="admin-login">
      <h1>
        {stage === 'email'
          ? t.heading
          : stage === 'enrol'
            ? t.enrolHeading
            : stage === 'password'
              ? t.newPasswordHeading
              : t.totpHeading}
      </h1>
      {stage === 'email' && (
        <form
          onSubmit={submit(async (form) =>
            advance(
              await adminApi().request('POST /api/admin/login', {
                body: { email: text(form, 'email'), password: text(form, 'password') },
              }),
            ),
          )}
        >
          <Field label={t.email} name="email" type="email" autoComplete="username" required />
          <Field
            label={t.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button className="admin-button" disabled={busy}>
            {t.submit}
          </button>
        </form>
      )}
      {(stage === 'totp' || stage === 'enrol') && (
        <form
          onSubmit={submit(async (form) =>
            advance(
              await adminApi().request(
                stage === 'totp' ? 'POST /api/admin/login/totp' : 'POST /api/admin/login/enrol/confirm',
                { body: { code: text(form, 'code').replace(/\s/g, '') } },
              ),
            ),
          )}
        >
          {stage === 'enrol' && enrolment && (
            <div className="admin-enrol">
              <p>{t.enrolHint}</p>
              <QrCode className="admin-qr" value={enrolment.otpauthUrl} label={t.qrLabel} />
              <p>
                {t.enrolKey}: <code data-testid="totp-secret">{enrolment.secret}</code>
              </p>
            </div>
          )}
          {stage === 'totp' && <p>{t.totpHint}</p>}
          <Field
            label={t.code}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            required
          />
          <button className="admin-button" disabled={busy}>
            {t.confirm}
          </button>
        </form>
      )}
      {stage === 'password' && (
        <form
          onSubmit={submit(async (form) => {
            if (text(form, 'password') !== text(form, 'repeat')) return setError(t.mismatch);
            await advance(
              await adminApi().request('POST /api/admin/login/password', {
                body: { password: text(form, 'password') },
              }),
            );
          })}
        >
          <p>{t.newPasswordHint}</p>
          <Field
            label={t.newPassword}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
          />
          <Field
            label={t.repeatPassword}
            name="repeat"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
          />
          <button className="admin-button" disabled={busy}>
            {t.save}
          </button>
        </form>
      )}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {stage !== 'email' && (
        <button type="button" className="admin-link" onClick={() => setStage('email')}>
          {t.restart}
        </button>
      )}
    </main>
  );
}
