import type { LoyaltyCard } from '#common/contract/cabinet';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { calendarDay, formatBonuses, formatDay, formatRoubles } from '#common/lib/format';
import { maskCardNum } from '#web/lib/formats';
import { useSettings } from '#web/lib/settings';
import { useBonusExpiry } from './api';
import { LevelLine } from './level-line';
import { MemberCodeView } from './member-code-view';

/** The active card: its balance in bonuses, the money-like amount, and the member code for the till. */
export function CardPanel({ card, brand }: { card: LoyaltyCard; brand: string }) {
  // Asked even at a zero balance: the first purchase's bonuses may be pending (decision 030).
  const { expiring, pending } = useBonusExpiry(true).data ?? {};
  // The cabinet's data is the browser's own (never rendered on the server), so today is the browser's now.
  const today = calendarDay(new Date(), useSettings().timeZone);
  const dayMonth = (day: string) => formatDay(day, today);
  return (
    <section className="card-panel" aria-labelledby="card-panel-title">
      <div className="loyalty-card">
        <p className="loyalty-card__brand">{brand}</p>
        <h2 className="loyalty-card__title" id="card-panel-title">
          {ruCabinet.cardTitle}
        </h2>
        <p className="loyalty-card__label">{ruCabinet.balance}</p>
        <p className="loyalty-card__balance" data-testid="bonus-balance">
          {formatBonuses(card.balance.balance)}
        </p>
        {expiring && (
          <p className="loyalty-card__expiring" data-testid="bonus-expiry">
            {ruCabinet.expiring(formatBonuses(expiring.bonuses), dayMonth(expiring.on))}
          </p>
        )}
        {pending && (
          <p className="loyalty-card__expiring" data-testid="bonus-pending">
            {ruCabinet.pending(formatBonuses(pending.bonuses), dayMonth(pending.from))}
          </p>
        )}
        {card.balance.amount > 0 && (
          <p className="loyalty-card__amount" data-testid="money-balance">
            {ruCabinet.amount}: {formatRoubles(card.balance.amount)}
          </p>
        )}
        <LevelLine />
        <p className="loyalty-card__number">{maskCardNum(card.cardNum)}</p>
      </div>
      {card.locked ? (
        <p className="form-error" role="alert">
          {ruCabinet.locked}
        </p>
      ) : (
        <MemberCodeView card={card} />
      )}
    </section>
  );
}
