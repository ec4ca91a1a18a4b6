import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { ApiError } from '../../lib/api-client';
import { useSettings } from '../../lib/settings';
import { BankWaiting } from '../../payment/bank-waiting';
import { PageMeta } from '../../ui/page-meta';
import { LoyaltyError } from '../../payment/loyalty-error';
import { errorCodeOf } from '../../lib/api-errors';
import { FINISH_POLL_LIMIT_MS, useCompleteDraft } from '../../payment/complete-draft';
import { resultPath } from './gift-card-api';

const t = ru.giftCards;
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
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const complete = useCompleteDraft(draftId, startedAt);

  let body;
  if (
    draftId === null ||
    orderId === null ||
    (complete.error instanceof ApiError && [401, 404].includes(complete.error.status))
  ) {
    body = <LoyaltyError title={t.orderMissingTitle} text={t.orderMissingText} />;
  } else if (complete.isError) {
    body = (
      <LoyaltyError
        title={ru.loyalty.loadErrorTitle}
        text={complete.error.message || ru.loyalty.loadErrorText}
        code={errorCodeOf(complete.error)}
      />
    );
  } else if (!complete.data) {
    body = (
      <p className="loader-text" role="status">
        {ru.shell.loading}
      </p>
    );
  } else if (complete.data.status === 0) {
    return <Navigate to={resultPath(orderId)} replace />;
  } else if (complete.data.status === 1) {
    const waitedOut = complete.dataUpdatedAt - startedAt >= FINISH_POLL_LIMIT_MS;
    body = (
      <BankWaiting
        title={t.waitingTitle}
        text={t.waitingText}
        waitedOut={waitedOut}
        busy={complete.isFetching}
        checkLabel={t.checkNow}
        onCheck={() => {
          setStartedAt(Date.now());
          void complete.refetch();
        }}
      />
    );
  } else {
    const expired = complete.data.status === 3;
    body = (
      <LoyaltyError
        title={expired ? t.expiredTitle : t.failedTitle}
        text={complete.data.errorMessage ?? (expired ? t.expiredText : t.failedText)}
        code={complete.data.errorCode}
        backTo="/gc/sale"
      />
    );
  }
  return (
    <div className="container page loyalty-page">
      <PageMeta title={ru.pages.giftCardPayment} brand={settings.title} />
      <h1 className="page__title">{ru.pages.giftCardPayment}</h1>
      {body}
    </div>
  );
}
