import type { Draft } from '#common/contract/loyalty';
import { formatAmount, formatBonuses } from '#common/lib/format';
import { ruLoyalty } from '#web/i18n/ru-loyalty';

/** What a draft spends of the money-like balance (certificates, gift cards); 0 when nothing. */
function extraSpendOf(draft: Draft): number {
  return draft.accountChanges.find((c) => c.type === 'EXTRA')?.spend ?? 0;
}

/** What the draft spends and earns, by which rules, and what is left to pay, as the server computed it. */
export function DraftSums({ draft }: { draft: Draft }) {
  const change = draft.accountChanges.find((c) => c.type === 'GLOBAL');
  const extraSpend = extraSpendOf(draft);
  const campaigns = draft.earnRules.filter((r) => r.kind === 'CAMPAIGN');
  return (
    <dl className="loyalty-sums">
      <div>
        <dt>{ruLoyalty.sumLabel}</dt>
        <dd>{formatAmount(draft.paySum)}&nbsp;₽</dd>
      </div>
      {draft.coupon && draft.coupon.discount > 0 && (
        <div data-testid="coupon-discount">
          <dt>{ruLoyalty.couponDiscount}</dt>
          <dd>−{formatAmount(draft.coupon.discount)}&nbsp;₽</dd>
        </div>
      )}
      {extraSpend > 0 && (
        <div>
          <dt>{ruLoyalty.extraSpend}</dt>
          <dd>{formatAmount(extraSpend)}&nbsp;₽</dd>
        </div>
      )}
      <div>
        <dt>{ruLoyalty.spend}</dt>
        <dd>{formatBonuses(change?.spend ?? 0)}</dd>
      </div>
      <div>
        <dt>{ruLoyalty.earn}</dt>
        <dd>{formatBonuses(change?.earn ?? 0)}</dd>
      </div>
      {draft.earnRules
        .filter((r) => r.kind === 'LEVEL')
        .map((r) => (
          <div key={r.title} className="loyalty-sums__rule" data-testid="earn-level">
            <dt>{ruLoyalty.byLevel}</dt>
            <dd>{r.title}</dd>
          </div>
        ))}
      {draft.coupon && draft.coupon.bonuses > 0 && (
        <div className="loyalty-sums__rule" data-testid="coupon-bonuses">
          <dt>{ruLoyalty.couponBonuses}</dt>
          <dd>+{formatBonuses(draft.coupon.bonuses)}</dd>
        </div>
      )}
      {campaigns.length > 0 && (
        <div className="loyalty-sums__rule" data-testid="earn-campaign">
          <dt>{ruLoyalty.byCampaign}</dt>
          <dd>{campaigns.map((r) => r.title).join(', ')}</dd>
        </div>
      )}
      <div className="loyalty-sums__total">
        <dt>{ruLoyalty.leftToPay}</dt>
        <dd>{formatAmount(draft.leftToPay)}&nbsp;₽</dd>
      </div>
    </dl>
  );
}

/** The pay button's words: the sum left to pay (always at the till), else what covers it all. */
export function payButtonText(draft: Draft, atTill: boolean): string {
  if (draft.leftToPay > 0 || atTill) return `${ruLoyalty.pay} ${formatAmount(draft.leftToPay)}\u00a0₽`;
  return extraSpendOf(draft) > 0 ? ruLoyalty.payFromBalance : ruLoyalty.payAll;
}
