import { PAYMENT_STATUS } from '../../../common/contract/codes';
import { useState } from 'react';
import { useNavigate } from '../../lib/router/hooks';
import type { Draft, PaymentResult, PayType } from '../../../common/contract/loyalty';
import { ruLoyalty } from '../../i18n/ru-loyalty';
import { formatAmount, formatBonuses } from '../../../common/lib/format';
import { errorCodeOf } from '../../lib/api-errors';
import { LoyaltyError } from '../../payment/loyalty-error';
import { PaymentCallError } from '../../payment/payment-call-error';
import { PaymentFailed } from '../../payment/payment-failed';
import { usePaymentResult } from '../../payment/use-payment-result';
import { useShell } from '../../ui/shell-state';
import { HowItWorks, PaymentConfirm } from './payment-confirm';
import { finishPath, forgetDraft, type DraftChoice } from './payment-api';
import { useBalance, useDraft, usePayerSavedCards, usePrepareDraft } from './use-payment';

/** The choices the page offers, in this order (Apple Pay and Google Pay are not accepted yet). */
const PAY_TYPES_ON_PAGE: readonly PayType[] = ['CARD', 'SBP_QR', 'IN_RETAIL_POINT'];

interface PaymentPanelProps {
  retailPointId: number;
  paySum: number;
  /** The point's earn rate, for the popup that explains it. */
  earnPercent: number;
}

/**
 * Spec section 4 "Payment flow" on /loyalty: the draft is created once and recomputed as the customer
 * chooses to spend bonuses or not and how to pay; 'Оплатить' confirms in the payment popup, then the bank's
 * page opens (card), the bank picker opens (SBP) or the result shows (bonuses or the till cover it all).
 */
export function PaymentPanel({ retailPointId, paySum, earnPercent }: PaymentPanelProps) {
  const navigate = useNavigate();
  const { openPopup, closePopup } = useShell();
  const [spendBonus, setSpendBonus] = useState(true);
  const [spendExtra, setSpendExtra] = useState(true);
  const [payType, setPayType] = useState<PayType>('CARD');
  /** A saved card pays a CARD draft without the bank's page. */
  const [savedCardId, setSavedCardId] = useState<string | null>(null);
  const savedCards = usePayerSavedCards();
  const savedCard = savedCards.data?.find((card) => card.bindingId === savedCardId) ?? null;
  const choice: DraftChoice = { retailPointId, paySum, spendBonus, spendExtra, payType };
  const balance = useBalance();
  const draft = useDraft(choice);
  const prepare = usePrepareDraft();

  const finishOf = (draftId: string) => finishPath(draftId, retailPointId, paySum);
  // A draft paid at once shows its result on the finish page too.
  const payment = usePaymentResult({ finishPath: finishOf, donePath: finishOf });
  const onResult = (result: PaymentResult) => {
    closePopup();
    payment.handleResult(result, payType);
  };
  const startAgain = () => {
    forgetDraft(choice);
    payment.reset();
    void draft.refetch();
  };

  if (payment.failure) {
    return (
      <PaymentFailed
        result={payment.failure}
        texts={ruLoyalty}
        backTo={`/loyalty?p=${retailPointId}&s=${paySum}`}
        onBack={startAgain}
      />
    );
  }
  if (draft.isError || balance.isError) {
    return (
      <LoyaltyError
        title={ruLoyalty.loadErrorTitle}
        text={ruLoyalty.loadErrorText}
        code={errorCodeOf(draft.error ?? balance.error)}
      />
    );
  }
  const opened = draft.data;
  if (!opened || !balance.data) {
    return (
      <p className="loader-text" role="status">
        {ruLoyalty.loadingPayer}
      </p>
    );
  }
  if (opened.kind === 'started') {
    const { result } = opened;
    return (
      <div className="loyalty-started" role="status">
        <h2 className="loyalty-started__title">{ruLoyalty.startedTitle}</h2>
        <p>{ruLoyalty.startedText}</p>
        <div className="loyalty-actions">
          <button type="button" className="button" onClick={() => void navigate(finishOf(result.draftId))}>
            {ruLoyalty.checkPayment}
          </button>
          {result.status === PAYMENT_STATUS.pending && result.formUrl && (
            <a className="button button--ghost" href={result.formUrl}>
              {ruLoyalty.continuePayment}
            </a>
          )}
        </div>
      </div>
    );
  }

  const { availableAmount, amount } = balance.data.balance;
  const { maxSpendPercent } = balance.data;
  const current: Draft = opened.draft;
  const change = current.accountChanges.find((c) => c.type === 'GLOBAL');
  const extra = current.accountChanges.find((c) => c.type === 'EXTRA');
  const atTill = payType === 'IN_RETAIL_POINT';
  const busy = draft.isFetching || prepare.isPending;
  const pay = () =>
    prepare.mutate(choice, {
      onSuccess: (ready) => {
        if (ready.kind === 'started') return void draft.refetch();
        openPopup({
          title: ruLoyalty.confirmTitle,
          content: <PaymentConfirm draft={ready.draft} savedCard={savedCard} onResult={onResult} />,
        });
      },
    });

  return (
    <div className="loyalty-panel" aria-busy={busy}>
      <div className="loyalty-balance">
        <span>{ruLoyalty.balance}</span>
        <strong>{formatBonuses(availableAmount)}</strong>
        <button
          type="button"
          className="link-button"
          onClick={() =>
            openPopup({
              title: ruLoyalty.howTitle,
              content: <HowItWorks percent={earnPercent} maxSpendPercent={maxSpendPercent} />,
            })
          }
        >
          {ruLoyalty.howItWorks}
        </button>
      </div>
      {amount > 0 && (
        <ExtraBalance
          amount={amount}
          checked={spendExtra && !atTill}
          disabled={atTill}
          onChange={setSpendExtra}
        />
      )}
      <label className="switch">
        <input
          type="checkbox"
          checked={spendBonus && !atTill && availableAmount > 0}
          disabled={atTill || availableAmount <= 0}
          onChange={(event) => setSpendBonus(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__label">
          {ruLoyalty.spendToggle}
          <small>{ruLoyalty.spendHint(maxSpendPercent)}</small>
        </span>
      </label>
      <fieldset className="loyalty-pay-types">
        <legend>{ruLoyalty.payTypeLegend}</legend>
        {savedCards.data?.map((card) => (
          <label key={card.bindingId} className="loyalty-pay-type">
            <input
              type="radio"
              name="payType"
              value={`saved:${card.bindingId}`}
              checked={payType === 'CARD' && savedCardId === card.bindingId}
              onChange={() => {
                setPayType('CARD');
                setSavedCardId(card.bindingId);
              }}
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
              onChange={() => {
                setPayType(type);
                setSavedCardId(null);
              }}
            />
            <span>{ruLoyalty.payTypes[type]}</span>
          </label>
        ))}
        {atTill && <p className="loyalty-pay-types__hint">{ruLoyalty.inRetailPointHint}</p>}
      </fieldset>
      <dl className="loyalty-sums">
        <div>
          <dt>{ruLoyalty.sumLabel}</dt>
          <dd>{formatAmount(current.paySum)}&nbsp;₽</dd>
        </div>
        {(extra?.spend ?? 0) > 0 && (
          <div>
            <dt>{ruLoyalty.extraSpend}</dt>
            <dd>{formatAmount(extra!.spend)}&nbsp;₽</dd>
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
        {current.earnRules
          .filter((r) => r.kind === 'LEVEL')
          .map((r) => (
            <div key={r.title} className="loyalty-sums__rule" data-testid="earn-level">
              <dt>{ruLoyalty.byLevel}</dt>
              <dd>{r.title}</dd>
            </div>
          ))}
        {current.earnRules.some((r) => r.kind === 'CAMPAIGN') && (
          <div className="loyalty-sums__rule" data-testid="earn-campaign">
            <dt>{ruLoyalty.byCampaign}</dt>
            <dd>
              {current.earnRules
                .filter((r) => r.kind === 'CAMPAIGN')
                .map((r) => r.title)
                .join(', ')}
            </dd>
          </div>
        )}
        <div className="loyalty-sums__total">
          <dt>{ruLoyalty.leftToPay}</dt>
          <dd>{formatAmount(current.leftToPay)}&nbsp;₽</dd>
        </div>
      </dl>
      <button type="button" className="button loyalty-panel__pay" disabled={busy} onClick={pay}>
        {current.leftToPay > 0 || atTill
          ? `${ruLoyalty.pay} ${formatAmount(current.leftToPay)}\u00a0₽`
          : (extra?.spend ?? 0) > 0
            ? ruLoyalty.payFromBalance
            : ruLoyalty.payAll}
      </button>
      <PaymentCallError error={prepare.error} />
      {payment.sbpWait}
    </div>
  );
}

/** The money-like balance (certificates, gift cards) and the choice to spend it, shown only when there is some. */
function ExtraBalance(props: {
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
