import { PaymentPageFrame } from './payment-page-frame';
import { PaymentPanel } from './payment-panel';

/**
 * `/loyalty?p={retailPointId}&s={sum}` (and the old QR's `/loyalty/oldindex`): the shop and the sum are
 * rendered on the server; the payment itself starts in the browser, where the payer's tokens live.
 */
export function LoyaltyPage() {
  return (
    <PaymentPageFrame>
      {(point, paySum) => (
        <PaymentPanel retailPointId={point.id} paySum={paySum} earnPercent={point.currentBonus} />
      )}
    </PaymentPageFrame>
  );
}
