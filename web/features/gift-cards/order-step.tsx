import { useEffect, useRef, useState } from 'react';
import type { GiftCardOrder } from '#common/contract/gift-cards';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { formatAmount } from '#common/lib/format';
import { localDateTime } from '#web/lib/formats';
import { PaymentCallError } from '#web/payment/payment-call-error';
import { PaymentFailed } from '#web/payment/payment-failed';
import { usePaymentResult } from '#web/payment/use-payment-result';
import { BillSums } from './bill-sums';
import { endPaymentPath, resultPath, usePayOrder } from './gift-card-api';

const t = ruGiftCards;
type GiftPayType = 'CARD' | 'SBP_QR';

interface OrderStepProps {
  order: GiftCardOrder;
  email: string;
  retailPointId: number;
  onChange(): void;
}

/** When the SMS go out, in the buyer's words: now, or the date and time they chose. */
export function sendingText(sendingDate: string, now = Date.now()): string {
  const at = new Date(sendingDate);
  if (at.getTime() <= now + 60_000) return t.sendsNow;
  return t.sendsAt(localDateTime(sendingDate));
}

/**
 * The order as the server priced it (the bill is never computed here), the way to pay, and 'Оплатить'.
 * A card opens the bank's page, SBP opens the bank picker; both come back to /gc/endpayment.
 */
export function OrderStep({ order, email, retailPointId, onChange }: OrderStepProps) {
  const [payType, setPayType] = useState<GiftPayType>('CARD');
  const pay = usePayOrder();
  const { bill } = order;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form gave way to the order: the reader and the keyboard start at its heading.
  useEffect(() => heading.current?.focus(), []);

  const payment = usePaymentResult({
    finishPath: (draftId) => endPaymentPath(draftId, order.orderId),
    donePath: () => resultPath(order.orderId),
  });
  const handlePay = () =>
    pay.mutate(
      { order, payType, email, retailPointId },
      { onSuccess: (result) => payment.handleResult(result, payType) },
    );

  if (payment.failure) {
    return <PaymentFailed result={payment.failure} texts={t} backTo="/gc/sale" onBack={payment.reset} />;
  }

  return (
    <section className="gc-order" aria-labelledby="gc-order-title">
      <h2 className="section-title" id="gc-order-title" ref={heading} tabIndex={-1}>
        {t.orderTitle}
      </h2>
      <div className="gc-order__card">
        <img src={order.imageUrl} alt={t.cardPicture} width={320} height={200} />
        <p className="gc-order__congrats">{order.congratulation}</p>
      </div>
      <BillSums bill={bill} />
      <p className="gc-order__when">{sendingText(order.sendingDate)}</p>
      <fieldset className="loyalty-pay-types">
        <legend>{t.payType}</legend>
        {(['CARD', 'SBP_QR'] as const).map((type) => (
          <label key={type} className="loyalty-pay-type">
            <input
              type="radio"
              name="gcPayType"
              value={type}
              checked={payType === type}
              onChange={() => setPayType(type)}
            />
            <span>{t.payTypes[type]}</span>
          </label>
        ))}
      </fieldset>
      <div className="loyalty-actions">
        <button type="button" className="button" disabled={pay.isPending} onClick={handlePay}>
          {pay.isPending ? t.paying : t.pay(formatAmount(bill.total))}
        </button>
        <button type="button" className="button button--ghost" disabled={pay.isPending} onClick={onChange}>
          {t.change}
        </button>
      </div>
      <PaymentCallError error={pay.error} />
      {payment.sbpWait}
    </section>
  );
}
