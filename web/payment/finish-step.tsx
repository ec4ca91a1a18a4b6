import { PAYMENT_STATUS } from '#common/contract/codes';
import { useState, type ReactNode } from 'react';
import type { PaymentResult } from '#common/contract/loyalty';
import { BankWaiting } from './bank-waiting';
import { FINISH_POLL_LIMIT_MS, useCompleteDraft } from './complete-draft';
import { PayerQueryStage } from './payer-query-stage';
import { PaymentFailed, type FailureTexts } from './payment-failed';

/** A payment's own texts for its finish page. */
export interface FinishTexts extends FailureTexts {
  waitingTitle: string;
  waitingText: string;
  checkNow: string;
}

interface FinishStepProps {
  /** The draft the bank sent the payer back with; null when the address names none. */
  draftId: string | null;
  /**
   * Whether the address names all the page needs (the draft, and a gift card's order); if not, the missing
   * screen shows, while a draft it does name is still completed. By default: whether it names the draft.
   */
  named?: boolean;
  texts: FinishTexts;
  /** The missing screen: no draft, or one this browser's payer does not know. */
  missing: { title: string; text: string };
  /** Where the missing and the load-error screens lead back, if anywhere. */
  backTo?: string | null;
  /** Where 'Вернуться на страницу оплаты' leads after a failed or expired payment, and what it forgets. */
  retryTo: string | null;
  onRetry?(): void;
  /** Status 0: what the page shows once the payment went through (or where it goes). */
  children(paid: PaymentResult): ReactNode;
}

/**
 * The finish step of a payment, where the bank sends the payer back: it completes the draft (the server asks
 * the bank, never trusting the address), asks again by itself while the bank has not answered (status 1) and
 * then shows the outcome: paid (`children`), failed or expired.
 */
export function FinishStep({
  draftId,
  named = draftId !== null,
  texts,
  missing,
  backTo,
  retryTo,
  onRetry,
  children,
}: FinishStepProps) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const complete = useCompleteDraft(draftId, startedAt);
  return (
    <PayerQueryStage query={complete} named={named && draftId !== null} missing={missing} backTo={backTo}>
      {(result) => {
        if (result.status === PAYMENT_STATUS.success) return children(result);
        if (result.status === PAYMENT_STATUS.pending) {
          return (
            <BankWaiting
              title={texts.waitingTitle}
              text={texts.waitingText}
              waitedOut={complete.dataUpdatedAt - startedAt >= FINISH_POLL_LIMIT_MS}
              busy={complete.isFetching}
              checkLabel={texts.checkNow}
              onCheck={() => {
                setStartedAt(Date.now());
                void complete.refetch();
              }}
            />
          );
        }
        return <PaymentFailed result={result} texts={texts} backTo={retryTo} onBack={onRetry} />;
      }}
    </PayerQueryStage>
  );
}
