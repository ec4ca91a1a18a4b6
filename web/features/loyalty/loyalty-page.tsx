import { useSearchParams } from '#web/lib/router/hooks';
import { PaymentPageFrame } from './payment-page-frame';
import { PaymentPanel } from './payment-panel';
import { parseReceiptId } from './retail-point';

/**
 * `/loyalty?p={retailPointId}&s={sum}` (and the old QR's `/loyalty/oldindex`): the shop and the sum are
 * rendered on the server; the payment itself starts in the browser, where the payer's tokens live. A till's
 * QR may add `&r={receiptId}` (decision 069): the server then computes the payment through the receipt's lines
 * and the page lists them.
 */
export function LoyaltyPage() {
  const [params] = useSearchParams();
  const receiptId = parseReceiptId(params.get('r'));
  return (
    <PaymentPageFrame>
      {(point, paySum) => (
        <PaymentPanel
          retailPointId={point.id}
          paySum={paySum}
          receiptId={receiptId}
          earnPercent={point.currentBonus}
        />
      )}
    </PaymentPageFrame>
  );
}
