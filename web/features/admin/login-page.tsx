import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import { QrCode } from '#web/ui/qr-code';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi, SESSION_KEY, setCsrfToken } from './api';
import { ActionStatus } from './kit/action-status';
import { Field } from './kit/field';
import { useAction, type Action } from './kit/use-action';

const t = ruAdmin.login;
type Stage = 'email' | 'totp' | 'enrol' | 'password' | 'active';
type Enrolment = { secret: string; otpauthUrl: string };
/** A step's form: its work with the submitted values, run as the page's one action. */
type Submit = (work: (form: FormData) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;

const text = (form: FormData, name: string) => String(form.get(name) ?? '');
const headings: Record<Stage, string> = {
  email: t.heading,
  enrol: t.enrolHeading,
  password: t.newPasswordHeading,
  totp: t.totpHeading,
  active: t.totpHeading,
};

/** `/admin/login`: the password, then the authenticator's code (enrolled with a QR the first time), then a new password. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>('email');
  const [mismatch, setMismatch] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  // Every step is one call that changes the session: one action, so the page shows one refusal at a time.
  const action = useAction<() => Promise<void>>({ run: (work) => work() });

  const advance = async (next: { stage: Stage; csrfToken: string }) => {
    setCsrfToken(next.csrfToken);
    if (next.stage === 'active') {
      // Forget whatever session was cached (none, or the one just logged out): the shell loads the new one.
      queryClient.removeQueries({ queryKey: SESSION_KEY });
      await navigate('/admin');
      return;
    }
    if (next.stage === 'enrol') setEnrolment(await adminApi().request('POST /api/admin/login/enrol'));
    setStage(next.stage);
  };
  const submit: Submit = (work) => (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setMismatch(false);
    action.run(() => work(form));
  };
  const steps = { advance, submit, busy: action.pending };

  return (
    <main className="admin-login">
      <h1>{headings[stage]}</h1>
      {stage === 'email' && <PasswordStep {...steps} />}
      {(stage === 'totp' || stage === 'enrol') && (
        <CodeStep {...steps} stage={stage} enrolment={stage === 'enrol' ? enrolment : null} />
      )}
      {stage === 'password' && (
        <NewPasswordStep
          {...steps}
          onMismatch={() => {
            action.reset();
            setMismatch(true);
          }}
        />
      )}
      <LoginError action={action} mismatch={mismatch} />
      {stage !== 'email' && (
        <button type="button" className="admin-link" onClick={() => setStage('email')}>
          {t.restart}
        </button>
      )}
    </main>
  );
}

function LoginError({
  action,
  mismatch,
}: {
  action: Pick<Action<never>, 'message' | 'error'>;
  mismatch: boolean;
}) {
  if (!mismatch) return <ActionStatus action={action} />;
  return (
    <p className="admin-error" role="alert">
      {t.mismatch}
    </p>
  );
}

interface StepProps {
  advance: (next: { stage: Stage; csrfToken: string }) => Promise<void>;
  submit: Submit;
  busy: boolean;
}

function PasswordStep({ advance, submit, busy }: StepProps) {
  return (
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
      <Field label={t.password} name="password" type="password" autoComplete="current-password" required />
      <button className="admin-button" disabled={busy}>
        {t.submit}
      </button>
    </form>
  );
}

function CodeStep({
  advance,
  submit,
  busy,
  stage,
  enrolment,
}: StepProps & { stage: 'totp' | 'enrol'; enrolment: Enrolment | null }) {
  return (
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
      {enrolment && (
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
  );
}

function NewPasswordStep({ advance, submit, busy, onMismatch }: StepProps & { onMismatch: () => void }) {
  const save = submit(async (form) =>
    advance(
      await adminApi().request('POST /api/admin/login/password', {
        body: { password: text(form, 'password') },
      }),
    ),
  );
  return (
    <form
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        if (text(form, 'password') === text(form, 'repeat')) return save(event);
        // The two spellings differ: said here, nothing is sent.
        event.preventDefault();
        onMismatch();
      }}
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
  );
}
