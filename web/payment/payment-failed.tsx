import { PAYMENT_STATUS } from '#common/contract/codes';
import type { PaymentResult } from '#common/contract/loyalty';
import { LoyaltyError } from './loyalty-error';

/** A payment's own texts for a failed (status 2) and an expired (status 3) draft. */
export interface FailureTexts {
  failedTitle: string;
  failedText: string;
  expiredTitle: string;
  expiredText: string;
}

interface PaymentFailedProps {
  /** processDraft's or completeDraft's answer with status 2 or 3. */
  result: PaymentResult;
  texts: FailureTexts;
  /** 'Вернуться на страницу оплаты' leads here, when the payment can be started again. */
  backTo?: string | null;
  onBack?(): void;
}

/**
 * A payment that did not go through: the loyalty error screen saying whether it failed or its time ran out,
 * with the bank's reason and code when there is one.
 */
export function PaymentFailed({ result, texts, backTo, onBack }: PaymentFailedProps) {
  const expired = result.status === PAYMENT_STATUS.expired;
  return (
    <LoyaltyError
      title={expired ? texts.expiredTitle : texts.failedTitle}
      text={result.errorMessage ?? (expired ? texts.expiredText : texts.failedText)}
      code={result.errorCode}
      backTo={backTo}
      onBack={onBack}
    />
  );
}
