import { Navigate } from '#web/lib/router/links';
import { useSearchParams } from '#web/lib/router/hooks';
import { ruPages } from '#web/i18n/ru-pages';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { useSettings } from '#web/lib/settings';
import { FinishStep } from '#web/payment/finish-step';
import { PageMeta } from '#web/ui/page-meta';
import { resultPath } from './gift-card-api';

const t = ruGiftCards;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (raw: string | null) => (raw && UUID.test(raw) ? raw : null);

/**
 * `/gc/endpayment?d={draftId}&o={orderId}`: where the bank sends the buyer back. The finish step completes
 * the GIFT_CARD draft (the server asks the bank, never this address); once paid, the cards are issued and the
 * buyer goes to `/gc/result` (spec section 4). While the bank has not answered, the page asks again.
 */
export function GiftCardEndPaymentPage() {
  const settings = useSettings();
  const [params] = useSearchParams();
  const draftId = uuidOrNull(params.get('d'));
  const orderId = uuidOrNull(params.get('o'));
  return (
    <div className="container page loyalty-page">
      <PageMeta title={ruPages.titles.giftCardPayment} brand={settings.title} />
      <h1 className="page__title">{ruPages.titles.giftCardPayment}</h1>
      <FinishStep
        draftId={draftId}
        named={draftId !== null && orderId !== null}
        texts={t}
        missing={{ title: t.orderMissingTitle, text: t.orderMissingText }}
        retryTo="/gc/sale"
      >
        {() => <Navigate to={resultPath(orderId!)} replace />}
      </FinishStep>
    </div>
  );
}
