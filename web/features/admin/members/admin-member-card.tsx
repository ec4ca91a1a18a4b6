import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ruAdmin } from '../../../i18n/ru-admin';
import { adminApi, adminErrorText } from '../admin-api';
import { MemberDeletion } from './admin-member-deletion';
import { MemberHoldsAndCards, MemberOperations } from './admin-member-extras';
import { ruAdminMemberPage } from '../../../i18n/ru-admin-members';
import { Field } from '../field';
import { MemberProfileList } from './admin-member-profile';
import { memberPhone, roubles } from './member-format';
import { formatAmount } from '../../../../common/lib/format';

const t = ruAdmin.members;

/**
 * One member's page: cards (block, unblock), balances and holds, saved bank cards, a manual adjustment, sessions,
 * the login SMS again, operations (filtered, paged).
 */
export function MemberCard({
  userId,
  canWrite,
  canDelete,
}: {
  userId: string;
  canWrite: boolean;
  canDelete: boolean;
}) {
  const queryClient = useQueryClient();
  const key = ['admin', 'member', userId];
  const member = useQuery({
    queryKey: key,
    queryFn: () => adminApi().request('GET /api/admin/members/:userId', { params: { userId } }),
  });
  const [message, setMessage] = useState('');
  // One key per filled form: a retry after a timeout is the same adjustment; a success starts a new one.
  const adjustmentKey = useRef<string | null>(null);
  const [error, setError] = useState('');

  const run = async (work: () => Promise<string | void>) => {
    setError('');
    setMessage('');
    try {
      setMessage((await work()) ?? '');
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'member'] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
  };
  const adjust = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    return run(async () => {
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

  if (member.isError) return <p className="admin-error">{ruAdmin.loadError}</p>;
  if (!member.data) return <p role="status">{ruAdmin.loading}</p>;
  const m = member.data;
  return (
    <section className="admin-member" aria-labelledby="member-heading">
      <h2 id="member-heading">
        {memberPhone(m.phone)} {m.name && `· ${m.name}`}
      </h2>
      <p>{t.balances(formatAmount(m.balances.bonus), roubles(m.balances.money))}</p>
      <MemberProfileList member={m} />
      <MemberHoldsAndCards userId={userId} />
      <ul className="admin-cards">
        {m.cards.map((c) => (
          <li key={c.cardNum}>
            {c.cardNum} {c.locked && <strong>· {t.blocked}</strong>}
            {canWrite && (
              <button
                type="button"
                className="admin-link"
                onClick={() =>
                  void run(async () => {
                    await adminApi().request('POST /api/admin/members/cards/:cardNum/lock', {
                      params: { cardNum: c.cardNum },
                      body: { locked: !c.locked },
                    });
                  })
                }
              >
                {c.locked ? t.unblock : t.block}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p>
        {t.sessions(m.activeSessions)}
        {canWrite && m.activeSessions > 0 && (
          <button
            type="button"
            className="admin-link"
            onClick={() =>
              void run(async () => {
                await adminApi().request('POST /api/admin/members/:userId/sessions/end-all', {
                  params: { userId },
                });
              })
            }
          >
            {t.endSessions}
          </button>
        )}
      </p>
      {/* A deleted member or a payer without a phone login (`temp-…`) has no number to send a code to. */}
      {canWrite && !m.phone.startsWith('deleted-') && !m.phone.startsWith('temp-') && (
        <p>
          <button
            type="button"
            className="admin-link"
            onClick={() =>
              void run(async () => {
                await adminApi().request('POST /api/admin/members/:userId/login-sms', { params: { userId } });
                return ruAdminMemberPage.smsSent;
              })
            }
          >
            {ruAdminMemberPage.resendSms}
          </button>
        </p>
      )}
      {canWrite && (
        <form
          className="admin-inline-form"
          onSubmit={(e) => void adjust(e)}
          onChange={() => (adjustmentKey.current = null)}
          aria-label={t.adjustHeading}
        >
          <Field
            label={t.amount}
            name="amount"
            inputMode="decimal"
            pattern="[+\-−]?\d+([.,]\d{1,2})?"
            required
          />
          <Field label={t.reason} name="reason" minLength={3} maxLength={300} required />
          <button className="admin-button">{t.adjust}</button>
        </form>
      )}
      {/* A deleted member or a payer without a phone login (`temp-…`) has no number to send a code to. */}
      {canDelete && !m.phone.startsWith('deleted-') && !m.phone.startsWith('temp-') && (
        <MemberDeletion phone={m.phone} run={(work) => void run(work)} />
      )}
      {message && <p role="status">{message}</p>}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <MemberOperations userId={userId} />
    </section>
  );
}
