import { PAYMENT_STATUS } from '#common/contract/codes';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '../lib/router/hooks';
import type { PaymentResult, PayType } from '#common/contract/loyalty';
import { SbpWait } from './bank-picker/sbp-wait';

interface PaymentRoutes {
  /** The page that finishes a draft: where a waiting payment goes, and 'Проверить оплату' after SBP. */
  finishPath(draftId: string): string;
  /** Where a draft paid at once (status 0: bonuses, the balance or a saved card covered it) goes. */
  donePath(draftId: string): string;
}

interface SbpLink {
  draftId: string;
  link: string;
  open: boolean;
}

/**
 * What a payment page does with processDraft's answer: status 0 goes to `donePath`; status 1 with the bank's
 * address opens the bank's card page, or for SBP the bank picker sheet; status 1 without one waits on the
 * finish page; a failed or expired draft (2, 3) becomes `failure`, for the page to show with PaymentFailed.
 */
export function usePaymentResult({ finishPath, donePath }: PaymentRoutes) {
  const navigate = useNavigate();
  const [sbpLink, setSbpLink] = useState<SbpLink | null>(null);
  const [failure, setFailure] = useState<PaymentResult | null>(null);

  const handleResult = (result: PaymentResult, payType: PayType) => {
    if (result.status === PAYMENT_STATUS.success) return void navigate(donePath(result.draftId));
    if (result.status === PAYMENT_STATUS.pending && result.formUrl) {
      if (payType === 'SBP_QR')
        return setSbpLink({ draftId: result.draftId, link: result.formUrl, open: true });
      return window.location.assign(result.formUrl);
    }
    if (result.status === PAYMENT_STATUS.pending) return void navigate(finishPath(result.draftId));
    setFailure(result);
  };
  /** A new attempt: the failure and the SBP sheet are forgotten. */
  const reset = () => {
    setFailure(null);
    setSbpLink(null);
  };
  /** After an SBP payment started: the bank picker sheet and the way to check the payment. */
  const sbpWait: ReactNode = sbpLink && (
    <SbpWait
      link={sbpLink.link}
      open={sbpLink.open}
      onOpenChange={(open) => setSbpLink({ ...sbpLink, open })}
      onCheck={() => void navigate(finishPath(sbpLink.draftId))}
    />
  );
  return { handleResult, failure, reset, sbpWait };
}
