import { useRef, type FormEvent } from 'react';
import type { MemberDetails } from '#common/contract/members';
import { formatAmount } from '#common/lib/format';
import { ruAdmin } from '#web/i18n/ru-admin';
import { ruAdminMemberPage } from '#web/i18n/ru-admin-members';
import { adminApi } from '../api';
import { Can } from '../kit/can';
import { Field } from '../kit/field';

const t = ruAdmin.members;

/** One step on the member's page: the call, then the line a person reads (nothing for a plain change). */
export type MemberWork = () => Promise<string | void>;
type Run = (work: MemberWork) => void;

/** The member's cards, each blocked or unblocked by a holder of members.write. */
export function MemberCards({ cards, run }: { cards: MemberDetails['cards']; run: Run }) {
  const lock = (cardNum: string, locked: boolean) => () =>
    adminApi()
      .request('POST /api/admin/members/cards/:cardNum/lock', { params: { cardNum }, body: { locked } })
      .then(() => undefined);
  return (
    <ul className="admin-cards">
      {cards.map((c) => (
        <li key={c.cardNum}>
          {c.cardNum} {c.locked && <strong>· {t.blocked}</strong>}
          <Can permission="members.write">
            <button type="button" className="admin-link" onClick={() => run(lock(c.cardNum, !c.locked))}>
              {c.locked ? t.unblock : t.block}
            </button>
          </Can>
        </li>
      ))}
    </ul>
  );
}

/** The member's open sessions, ended all at once; the login SMS again for a member with a phone login. */
export function MemberSessions({
  member,
  hasLogin,
  run,
}: {
  member: MemberDetails;
  hasLogin: boolean;
  run: Run;
}) {
  const params = { params: { userId: member.userId } };
  const endAll = () =>
    adminApi()
      .request('POST /api/admin/members/:userId/sessions/end-all', params)
      .then(() => undefined);
  const resend = () =>
    adminApi()
      .request('POST /api/admin/members/:userId/login-sms', params)
      .then(() => ruAdminMemberPage.smsSent);
  return (
    <>
      <p>
        {t.sessions(member.activeSessions)}
        {member.activeSessions > 0 && (
          <Can permission="members.write">
            <button type="button" className="admin-link" onClick={() => run(endAll)}>
              {t.endSessions}
            </button>
          </Can>
        )}
      </p>
      {hasLogin && (
        <Can permission="members.write">
          <p>
            <button type="button" className="admin-link" onClick={() => run(resend)}>
              {ruAdminMemberPage.resendSms}
            </button>
          </p>
        </Can>
      )}
    </>
  );
}

/** A manual adjustment of the member's bonuses, with a reason. */
export function AdjustmentForm({ userId, run, pending }: { userId: string; run: Run; pending: boolean }) {
  // One key per filled form: a retry after a timeout is the same adjustment; a success starts a new one.
  const adjustmentKey = useRef<string | null>(null);
  const adjust = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    run(async () => {
      const { bonus } = await adminApi().request('POST /api/admin/members/:userId/adjustments', {
        params: { userId },
        body: {
          amount: Number(String(data.get('amount')).replace(',', '.').replace('−', '-')),
          reason: String(data.get('reason') ?? ''),
          idempotencyKey: (adjustmentKey.current ??= crypto.randomUUID()),
        },
      });
      adjustmentKey.current = null;
      form.reset();
      return t.adjusted(formatAmount(bonus));
    });
  };
  return (
    <form
      className="admin-inline-form"
      onSubmit={adjust}
      onChange={() => (adjustmentKey.current = null)}
      aria-label={t.adjustHeading}
    >
      <Field label={t.amount} name="amount" inputMode="decimal" pattern="[+\-−]?\d+([.,]\d{1,2})?" required />
      <Field label={t.reason} name="reason" minLength={3} maxLength={300} required />
      <button className="admin-button" disabled={pending}>
        {t.adjust}
      </button>
    </form>
  );
}
