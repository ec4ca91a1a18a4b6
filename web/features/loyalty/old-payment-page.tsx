import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { useHydrated } from '#web/lib/session';
import { PaymentCallError } from '#web/payment/payment-call-error';
import { PaymentPageFrame } from './payment-page-frame';
import { useOldPayment } from './use-payment';

/**
 * `/loyalty/oldpayment?p=&s=` (QR version 1): the one-step card payment without bonuses (`POST /api/payment`
 * -> the bank's page). The bank sends the customer back to /loyalty/finish like any other payment.
 */
export function OldPaymentPage() {
  const hydrated = useHydrated();
  const pay = useOldPayment();
  return (
    <PaymentPageFrame sumPath="/loyalty/oldpayment">
      {(point, paySum) => (
        <div className="loyalty-panel">
          <p>{ruLoyalty.oldLead}</p>
          <button
            type="button"
            className="button loyalty-panel__pay"
            disabled={!hydrated || pay.isPending}
            onClick={() =>
              pay.mutate(
                { token: String(point.id), paySum },
                { onSuccess: (answer) => window.location.assign(answer.formUrl) },
              )
            }
          >
            {pay.isPending ? ruLoyalty.paying : ruLoyalty.oldPay}
          </button>
          <PaymentCallError error={pay.error} />
        </div>
      )}
    </PaymentPageFrame>
  );
}
