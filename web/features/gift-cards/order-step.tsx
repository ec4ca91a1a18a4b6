import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GiftCardOrder } from '../../../common/contract/gift-cards';
import type { PaymentResult } from '../../../common/contract/loyalty';
import { ru } from '../../i18n/ru';
import { formatAmount, formatDate } from '../../lib/formats';
import { SbpWait } from '../../payment/bank-picker/sbp-wait';
import { LoyaltyError } from '../../payment/loyalty-error';
import { errorCodeOf } from '../../lib/api-errors';
import { BillSums } from './bill-sums';
import { endPaymentPath, resultPath, usePayOrder } from './gift-card-api';

const t = ru.giftCards;
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
  const time = at.toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });
  return t.sendsAt(`${formatDate(sendingDate)} в ${time}`);
}

/**
 * The order as the server priced it (the bill is never computed here), the way to pay, and 'Оплатить'.
 * A card opens the bank's page, SBP opens the bank picker; both come back to /gc/endpayment.
 */
export function OrderStep({ order, email, retailPointId, onChange }: OrderStepProps) {
  const navigate = useNavigate();
  const [payType, setPayType] = useState<GiftPayType>('CARD');
  const [sbpLink, setSbpLink] = useState<{ link: string; draftId: string; open: boolean } | null>(null);
  const [failure, setFailure] = useState<PaymentResult | null>(null);
  const pay = usePayOrder();
  const { bill } = order;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form gave way to the order: the reader and the keyboard start at its heading.
  useEffect(() => heading.current?.focus(), []);

  const onResult = (result: PaymentResult) => {
    if (result.status === 0) return void navigate(resultPath(order.orderId));
    if (result.status === 1 && result.formUrl) {
      if (payType === 'SBP_QR')
        return setSbpLink({ link: result.formUrl, draftId: result.draftId, open: true });
      return window.location.assign(result.formUrl);
    }
    if (result.status === 1) return void navigate(endPaymentPath(result.draftId, order.orderId));
    setFailure(result);
  };

  if (failure) {
    return (
      <LoyaltyError
        title={failure.status === 3 ? t.expiredTitle : t.failedTitle}
        text={failure.errorMessage ?? (failure.status === 3 ? t.expiredText : t.failedText)}
        code={failure.errorCode}
        backTo="/gc/sale"
        onBack={() => setFailure(null)}
      />
    );
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
        <button
          type="button"
          className="button"
          disabled={pay.isPending}
          onClick={() => pay.mutate({ order, payType, email, retailPointId }, { onSuccess: onResult })}
        >
          {pay.isPending ? t.paying : t.pay(formatAmount(bill.total))}
        </button>
        <button type="button" className="button button--ghost" disabled={pay.isPending} onClick={onChange}>
          {t.change}
        </button>
      </div>
      <p className="form-error" role="status">
        {pay.error && `${pay.error.message} (${ru.loyalty.errorCode(errorCodeOf(pay.error))})`}
      </p>
      {sbpLink && (
        <SbpWait
          link={sbpLink.link}
          open={sbpLink.open}
          onOpenChange={(open) => setSbpLink({ ...sbpLink, open })}
          onCheck={() => void navigate(endPaymentPath(sbpLink.draftId, order.orderId))}
        />
      )}
    </section>
  );
}
