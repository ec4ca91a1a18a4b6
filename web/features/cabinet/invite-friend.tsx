import { useState } from 'react';
import { formatBonuses } from '#common/lib/format';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useSettings } from '#web/lib/settings';

/**
 * The registration link that names this member's card as the referrer (`?referrer=`: the server keeps it in the
 * `referer` cookie, the registration form sends it as `refererID`; decision 048). Built in the browser, so the
 * site's own origin (or the partner page's frame) is the one the friend opens.
 */
export function inviteLinkOf(origin: string, cardNum: string): string {
  return `${origin}/registration?referrer=${encodeURIComponent(cardNum)}`;
}

type Shared = 'idle' | 'shared' | 'copied' | 'failed';

/**
 * 'Пригласите друга' on the card tab, only while the brand's referral bonus is on: the system share sheet
 * where the browser has one (phones), else the link is copied; the link is also shown to copy by hand.
 */
export function InviteFriend({ cardNum }: { cardNum: string }) {
  const settings = useSettings();
  const [shared, setShared] = useState<Shared>('idle');
  if (!(settings.referralBonus > 0)) return null;
  const t = ruCabinet.invite;
  const link = inviteLinkOf(window.location.origin, cardNum);
  const invite = async () => {
    const text = t.shareText(settings.title);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: settings.title, text, url: link });
        setShared('shared');
      } catch {
        // Closed by the member, or refused: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setShared('copied');
    } catch {
      setShared('failed');
    }
  };
  return (
    <section className="invite-friend" aria-labelledby="invite-friend-title" data-testid="invite-friend">
      <h2 className="invite-friend__title" id="invite-friend-title">
        {t.title}
      </h2>
      <p className="invite-friend__lead">
        {t.lead(formatBonuses(settings.referralBonus))}
        {settings.referralFriendBonus > 0 && ` ${t.friendGets(formatBonuses(settings.referralFriendBonus))}`}
      </p>
      <label className="invite-friend__label" htmlFor="invite-friend-link">
        {t.linkLabel}
      </label>
      <input
        id="invite-friend-link"
        className="invite-friend__link"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button" onClick={() => void invite()}>
        {t.button}
      </button>
      <p className="invite-friend__status" role="status">
        {shared === 'copied' ? t.copied : shared === 'failed' ? t.copyFailed : ''}
      </p>
    </section>
  );
}
