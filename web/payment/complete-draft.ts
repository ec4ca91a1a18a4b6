import { PAYMENT_STATUS } from '#common/contract/codes';
import { useQuery } from '@tanstack/react-query';
import { PAYER_KEY, payerApiClient } from './payer-session';
import { RECEIPT_LOOK_MS, RECEIPT_LOOKS, receiptWaiting } from './receipt-look';
import { useHydrated } from '../lib/session';

/*
 * The finish step of a payment (spec section 4: "the finish step completes the draft"), shared by the shop
 * payment's /loyalty/finish and the gift cards' /gc/endpayment.
 */

/** While the bank has not answered (status 1) the finish page asks again every few seconds. */
export const FINISH_POLL_MS = 3_000;
/** After this long of waiting the page stops asking by itself and offers 'Проверить сейчас'. */
export const FINISH_POLL_LIMIT_MS = 5 * 60_000;

export function useCompleteDraft(draftId: string | null, startedAt: number) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: [...PAYER_KEY, 'complete', draftId],
    queryFn: () =>
      payerApiClient()
        .request('POST /api/loyalty/completeDraft', { body: { draftId: draftId! } })
        .then((answer) => answer.data),
    enabled: hydrated && draftId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      const waited = Date.now() - startedAt;
      if (data?.status === PAYMENT_STATUS.pending)
        return waited < FINISH_POLL_LIMIT_MS ? FINISH_POLL_MS : false;
      // Paid, its 54-FZ receipt on its way (decision 070): asked again (completing a completed draft only reads
      // it) until issued, as /gc/result does; ten minutes at most after the bank's wait.
      const limit = FINISH_POLL_LIMIT_MS + RECEIPT_LOOKS * RECEIPT_LOOK_MS;
      return data && receiptWaiting(data.fiscalReceipt) && waited < limit ? RECEIPT_LOOK_MS : false;
    },
  });
}
