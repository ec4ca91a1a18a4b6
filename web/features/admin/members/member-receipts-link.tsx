import type { MemberDetails } from '#common/contract/members';
import { ruAdmin } from '#web/i18n/ru-admin';
import { Link } from '#web/lib/router/links';
import { Can } from '../kit/can';

/**
 * The member's till receipts in «Чеки» (decision 068), for a role that may read receipts. The link names the
 * member by a card (any card finds all their receipts), else by the whole phone: a role that sees phones masked
 * still has the card, and a masked phone would find nobody. «Чеки» reads the filter from the address.
 */
export function MemberReceiptsLink({ member }: { member: Pick<MemberDetails, 'cards' | 'phone'> }) {
  const card = member.cards.find((c) => c.active) ?? member.cards[0];
  const phone = /^7\d{10}$/.test(member.phone) ? member.phone : null;
  const key = card?.cardNum ?? phone;
  if (!key) return null;
  return (
    <Can permission="receipts.read">
      <p>
        <Link
          className="admin-link"
          to={`/admin/receipts?${new URLSearchParams({ member: key }).toString()}`}
        >
          {ruAdmin.members.receipts}
        </Link>
      </p>
    </Can>
  );
}
