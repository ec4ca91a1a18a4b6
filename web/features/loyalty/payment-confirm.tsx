import { useState, type FormEvent } from 'react';
import type { SavedCard } from '#common/contract/bindings';
import type { Draft, PaymentResult } from '#common/contract/loyalty';
import { checkEmail } from '#common/lib/validation';
import { ru } from '#web/i18n/ru';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { ApiError } from '#web/lib/api-client';
import { formatAmount, formatBonuses } from '#common/lib/format';
import { TextField } from '#web/ui/text-field';
import { finishPath } from './payment-api';
import { errorCodeOf } from '#web/lib/api-errors';
import { useProcessDraft } from './use-payment';

interface PaymentConfirmProps {
  draft: Draft;
  /** The saved card that pays the rest, when the customer chose one. */
  savedCard?: SavedCard | null;
  /** The draft's answer: the page follows the bank's page, opens the bank picker or shows the result. */
  onResult(result: PaymentResult): void;
}

/**
 * The loyalty payment popup: what will be charged, exactly as the server computed it, an optional e-mail for
 * the cheque, and the button that sends the draft to pay. While the bank is asked the button says so and
 * stays disabled, so a double tap never pays twice (the server would refuse it anyway).
 */
export function PaymentConfirm({ draft, savedCard = null, onResult }: PaymentConfirmProps) {
  const process = useProcessDraft();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const spend = draft.accountChanges.find((change) => change.type === 'GLOBAL');
  const extra = draft.accountChanges.find((change) => change.type === 'EXTRA');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = trimmed ? checkEmail(trimmed) : null;
    if (problem) {
      setEmailError(problem);
      return;
    }
    const returnUrl = new URL(
      finishPath(draft.draftId, draft.retailPointId, draft.paySum, draft.receiptId ?? null),
      window.location.origin,
    ).toString();
    process.mutate(
      {
        draftId: draft.draftId,
        returnUrl,
        ...(trimmed && { email: trimmed }),
        ...(savedCard && { bindingId: savedCard.bindingId }),
      },
      { onSuccess: onResult },
    );
  };
  const failure = process.error;
  return (
    <form className="loyalty-confirm" onSubmit={submit} noValidate>
      <dl className="loyalty-sums">
        <div>
          <dt>{ruLoyalty.pointLabel}</dt>
          <dd>{draft.title}</dd>
        </div>
        <div>
          <dt>{ruLoyalty.sumLabel}</dt>
          <dd>{formatAmount(draft.paySum)}&nbsp;₽</dd>
        </div>
        {draft.coupon && draft.coupon.discount > 0 && (
          <div>
            <dt>{ruLoyalty.couponDiscount}</dt>
            <dd>−{formatAmount(draft.coupon.discount)}&nbsp;₽</dd>
          </div>
        )}
        {extra && extra.spend > 0 && (
          <div>
            <dt>{ruLoyalty.extraSpend}</dt>
            <dd>{formatAmount(extra.spend)}&nbsp;₽</dd>
          </div>
        )}
        {spend && spend.spend > 0 && (
          <div>
            <dt>{ruLoyalty.spend}</dt>
            <dd>{formatBonuses(spend.spend)}</dd>
          </div>
        )}
        <div>
          <dt>{ruLoyalty.payTypeLegend}</dt>
          <dd>{savedCard ? ruLoyalty.savedCard(savedCard.maskedPan) : ruLoyalty.payTypes[draft.payType]}</dd>
        </div>
        <div className="loyalty-sums__total">
          <dt>{ruLoyalty.leftToPay}</dt>
          <dd>{formatAmount(draft.leftToPay)}&nbsp;₽</dd>
        </div>
      </dl>
      <TextField
        label={ruLoyalty.emailField}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={emailError}
        maxLength={500}
        onValue={(value) => {
          setEmail(value);
          setEmailError(null);
        }}
      />
      <button type="submit" className="button loyalty-confirm__pay" disabled={process.isPending}>
        {process.isPending ? ruLoyalty.paying : ruLoyalty.confirmPay}
      </button>
      <p className="form-error" role="status">
        {failure &&
          `${failure instanceof ApiError ? failure.message : ru.shell.somethingWrong} (${ruLoyalty.errorCode(errorCodeOf(failure))})`}
      </p>
    </form>
  );
}

/** The loyalty popup: how bonuses work at this point (the earn rate and the spend limit). */
export function HowItWorks({ percent, maxSpendPercent }: { percent: number; maxSpendPercent: number }) {
  return (
    <div className="loyalty-how">
      {ruLoyalty.howText(percent, maxSpendPercent).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
