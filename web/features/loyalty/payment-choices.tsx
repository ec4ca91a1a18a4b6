import type { SavedCard } from '#common/contract/bindings';
import type { PayType } from '#common/contract/loyalty';
import { formatAmount, formatBonuses } from '#common/lib/format';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { useShell } from '#web/ui/shell-state';
import { HowItWorks } from './payment-confirm';

/** The choices the page offers, in this order (Apple Pay and Google Pay are not accepted yet). */
const PAY_TYPES_ON_PAGE: readonly PayType[] = ['CARD', 'SBP_QR', 'IN_RETAIL_POINT'];

/** The bonus balance and the link to the popup that explains how bonuses are earned and spent. */
export function BonusBalance(props: { available: number; earnPercent: number; maxSpendPercent: number }) {
  const { openPopup } = useShell();
  return (
    <div className="loyalty-balance">
      <span>{ruLoyalty.balance}</span>
      <strong>{formatBonuses(props.available)}</strong>
      <button
        type="button"
        className="link-button"
        onClick={() =>
          openPopup({
            title: ruLoyalty.howTitle,
            content: <HowItWorks percent={props.earnPercent} maxSpendPercent={props.maxSpendPercent} />,
          })
        }
      >
        {ruLoyalty.howItWorks}
      </button>
    </div>
  );
}

/** The money-like balance (certificates, gift cards) and the choice to spend it, shown only when there is some. */
export function ExtraBalance(props: {
  amount: number;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <>
      <div className="loyalty-balance">
        <span>{ruLoyalty.extraBalance}</span>
        <strong data-testid="extra-balance">{formatAmount(props.amount)}&nbsp;₽</strong>
      </div>
      <label className="switch">
        <input
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__label">
          {ruLoyalty.spendExtraToggle}
          <small>{ruLoyalty.spendExtraHint}</small>
        </span>
      </label>
    </>
  );
}

/** The switch that spends bonuses, up to the point's share of the sum. */
export function SpendBonusSwitch(props: {
  checked: boolean;
  disabled: boolean;
  maxSpendPercent: number;
  onChange(checked: boolean): void;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch__label">
        {ruLoyalty.spendToggle}
        <small>{ruLoyalty.spendHint(props.maxSpendPercent)}</small>
      </span>
    </label>
  );
}

interface PayTypeChoiceProps {
  payType: PayType;
  /** The saved card chosen to pay a CARD draft, or null for the bank's page. */
  savedCardId: string | null;
  savedCards: readonly SavedCard[] | undefined;
  onChoose(payType: PayType, savedCardId: string | null): void;
}

/** How to pay the rest: a saved card first, then the page's pay types; the till's hint when it is chosen. */
export function PayTypeChoice({ payType, savedCardId, savedCards, onChoose }: PayTypeChoiceProps) {
  return (
    <fieldset className="loyalty-pay-types">
      <legend>{ruLoyalty.payTypeLegend}</legend>
      {savedCards?.map((card) => (
        <label key={card.bindingId} className="loyalty-pay-type">
          <input
            type="radio"
            name="payType"
            value={`saved:${card.bindingId}`}
            checked={payType === 'CARD' && savedCardId === card.bindingId}
            onChange={() => onChoose('CARD', card.bindingId)}
          />
          <span>{ruLoyalty.savedCard(card.maskedPan)}</span>
        </label>
      ))}
      {PAY_TYPES_ON_PAGE.map((type) => (
        <label key={type} className="loyalty-pay-type">
          <input
            type="radio"
            name="payType"
            value={type}
            checked={payType === type && (type !== 'CARD' || savedCardId === null)}
            onChange={() => onChoose(type, null)}
          />
          <span>{ruLoyalty.payTypes[type]}</span>
        </label>
      ))}
      {payType === 'IN_RETAIL_POINT' && (
        <p className="loyalty-pay-types__hint">{ruLoyalty.inRetailPointHint}</p>
      )}
    </fieldset>
  );
}
