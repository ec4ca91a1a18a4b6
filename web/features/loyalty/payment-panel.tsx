import { PAYMENT_STATUS } from '#common/contract/codes';
import { useState } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import type { PaymentResult, PayType } from '#common/contract/loyalty';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { errorCodeOf } from '#web/lib/api-errors';
import { LoyaltyError } from '#web/payment/loyalty-error';
import { PaymentCallError } from '#web/payment/payment-call-error';
import { PaymentFailed } from '#web/payment/payment-failed';
import { usePaymentResult } from '#web/payment/use-payment-result';
import { useShell } from '#web/ui/shell-state';
import { PaymentConfirm } from './payment-confirm';
import { BonusBalance, ExtraBalance, PayTypeChoice, SpendBonusSwitch } from './payment-choices';
import { DraftSums, payButtonText } from './payment-sums';
import { finishPath, forgetDraft, paymentPath, type DraftChoice } from './payment-api';
import { CouponField } from './coupon-field';
import { isCouponRefusal, useApplyCoupon, useCoupon } from './use-coupon';
import { ReceiptLines } from './receipt-lines';
import { useBalance, useDraft, usePayerSavedCards, usePrepareDraft } from './use-payment';

interface PaymentPanelProps {
  retailPointId: number;
  paySum: number;
  /** The till's receipt the QR names (decision 069), or null. */
  receiptId: string | null;
  /** The point's earn rate, for the popup that explains it. */
  earnPercent: number;
}

/**
 * Spec section 4 "Payment flow" on /loyalty: the draft is created once and recomputed as the customer
 * chooses to spend bonuses or not and how to pay; 'Оплатить' confirms in the payment popup, then the bank's
 * page opens (card), the bank picker opens (SBP) or the result shows (bonuses or the till cover it all).
 */
export function PaymentPanel({ retailPointId, paySum, receiptId, earnPercent }: PaymentPanelProps) {
  const { openPopup, closePopup } = useShell();
  const [spendBonus, setSpendBonus] = useState(true);
  const [spendExtra, setSpendExtra] = useState(true);
  const [payType, setPayType] = useState<PayType>('CARD');
  const coupon = useCoupon();
  /** A saved card pays a CARD draft without the bank's page. */
  const [savedCardId, setSavedCardId] = useState<string | null>(null);
  const savedCards = usePayerSavedCards();
  const savedCard = savedCards.data?.find((card) => card.bindingId === savedCardId) ?? null;
  // Paid at the till, the cashier takes the code: the page's is let go meanwhile.
  const code = payType === 'IN_RETAIL_POINT' ? null : coupon.code;
  const choice: DraftChoice = {
    retailPointId,
    paySum,
    spendBonus,
    spendExtra,
    payType,
    receiptId,
    coupon: code,
  };
  const balance = useBalance();
  const draft = useDraft(choice);
  const prepare = usePrepareDraft();
  const applyCoupon = useApplyCoupon(coupon, prepare, choice, draft.error);
  const finishOf = (draftId: string) => finishPath(draftId, retailPointId, paySum, receiptId);
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
        backTo={paymentPath(retailPointId, paySum, receiptId)}
        onBack={startAgain}
      />
    );
  }
  // A held code the server now refuses (paused meanwhile, say) comes off the page instead (useApplyCoupon).
  if ((draft.isError && !(coupon.code && isCouponRefusal(draft.error))) || balance.isError) {
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
  if (opened.kind === 'started') return <StartedPayment result={opened.result} finishOf={finishOf} />;

  const { availableAmount, amount } = balance.data.balance;
  const { maxSpendPercent } = balance.data;
  const current = opened.draft;
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
  const choosePayType = (type: PayType, cardId: string | null) => {
    setPayType(type);
    setSavedCardId(cardId);
  };

  return (
    <div className="loyalty-panel" aria-busy={busy}>
      <BonusBalance available={availableAmount} earnPercent={earnPercent} maxSpendPercent={maxSpendPercent} />
      {amount > 0 && (
        <ExtraBalance
          amount={amount}
          checked={spendExtra && !atTill}
          disabled={atTill}
          onChange={setSpendExtra}
        />
      )}
      <SpendBonusSwitch
        checked={spendBonus && !atTill && availableAmount > 0}
        disabled={atTill || availableAmount <= 0}
        maxSpendPercent={maxSpendPercent}
        onChange={setSpendBonus}
      />
      <PayTypeChoice
        payType={payType}
        savedCardId={savedCardId}
        savedCards={savedCards.data}
        onChoose={choosePayType}
      />
      {!atTill && <CouponField coupon={coupon} held={current.coupon} busy={busy} onApply={applyCoupon} />}
      {current.lines && <ReceiptLines lines={current.lines} />}
      <DraftSums draft={current} />
      <button type="button" className="button loyalty-panel__pay" disabled={busy} onClick={pay}>
        {payButtonText(current, atTill)}
      </button>
      <PaymentCallError error={isCouponRefusal(prepare.error) ? null : prepare.error} />
      {payment.sbpWait}
    </div>
  );
}

/** A payment of this choice already went to the bank: check it on the finish page, or go back to the bank's. */
function StartedPayment(props: { result: PaymentResult; finishOf(draftId: string): string }) {
  const navigate = useNavigate();
  const { result } = props;
  return (
    <div className="loyalty-started" role="status">
      <h2 className="loyalty-started__title">{ruLoyalty.startedTitle}</h2>
      <p>{ruLoyalty.startedText}</p>
      <div className="loyalty-actions">
        <button
          type="button"
          className="button"
          onClick={() => void navigate(props.finishOf(result.draftId))}
        >
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
