import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '#common/lib/format';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi } from '../api';
import { ActionStatus } from '../kit/action-status';
import { Can } from '../kit/can';
import { useAction } from '../kit/use-action';
import { MemberConsent } from './member-consent';
import { MemberDeletion } from './member-deletion';
import { MemberHoldsAndCards, MemberOperations } from './member-extras';
import { MemberProfileList } from './member-profile';
import { MemberReceiptsLink } from './member-receipts-link';
import { AdjustmentForm, MemberCards, MemberSessions, type MemberWork } from './member-actions';
import { memberPhone, roubles } from './member-format';

const t = ruAdmin.members;

/** Every step here may change the member and the search's list: both are read again after it. */
const CHANGED = [
  ['admin', 'member'],
  ['admin', 'members'],
];

/**
 * One member's page: cards (block, unblock), balances and holds, saved bank cards, a manual adjustment, sessions,
 * the login SMS again, the consent to advertising and its history (decision 072), operations (filtered, paged). One
 * status line for the card's steps; the consent block has its own.
 */
export function MemberCard({ userId }: { userId: string }) {
  const member = useQuery({
    queryKey: ['admin', 'member', userId],
    queryFn: () => adminApi().request('GET /api/admin/members/:userId', { params: { userId } }),
  });
  const action = useAction<MemberWork, string | void>({
    run: (work) => work(),
    done: (text) => text,
    invalidate: CHANGED,
  });

  if (member.isError) return <p className="admin-error">{ruAdmin.loadError}</p>;
  if (!member.data) return <p role="status">{ruAdmin.loading}</p>;
  const m = member.data;
  // A deleted member or a payer without a phone login (`temp-…`) has no number to send a code to.
  const hasLogin = !m.phone.startsWith('deleted-') && !m.phone.startsWith('temp-');
  return (
    <section className="admin-member" aria-labelledby="member-heading">
      <h2 id="member-heading">
        {memberPhone(m.phone)} {m.name && `· ${m.name}`}
      </h2>
      <p>{t.balances(formatAmount(m.balances.bonus), roubles(m.balances.money))}</p>
      <MemberReceiptsLink member={m} />
      <MemberProfileList member={m} />
      <MemberHoldsAndCards userId={userId} />
      <MemberCards cards={m.cards} run={action.run} />
      <MemberSessions member={m} hasLogin={hasLogin} run={action.run} />
      <Can permission="members.write">
        <AdjustmentForm userId={userId} run={action.run} pending={action.pending} />
      </Can>
      {hasLogin && (
        <Can permission="members.delete">
          <MemberDeletion phone={m.phone} run={action.run} />
        </Can>
      )}
      <ActionStatus action={action} />
      <MemberConsent userId={userId} />
      <MemberOperations userId={userId} />
    </section>
  );
}
