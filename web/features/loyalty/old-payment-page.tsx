import { useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { useHydrated } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { PageMeta } from '../../ui/page-meta';
import { PointStage } from './loyalty-page';
import { errorCodeOf, parsePaySum, parsePointId } from './payment-api';
import { PointSummary } from './point-summary';
import { SumStep } from './sum-step';
import { useOldPayment, useRetailPoint } from './use-payment';

/**
 * `/loyalty/oldpayment?p=&s=` (QR version 1): the one-step card payment without bonuses (`POST /api/payment`
 * -> the bank's page). The bank sends the customer back to /loyalty/finish like any other payment.
 */
export function OldPaymentPage() {
  const settings = useSettings();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const retailPointId = parsePointId(params.get('p'));
  const paySum = parsePaySum(params.get('s'));
  const point = useRetailPoint(retailPointId);
  const pay = useOldPayment();
  return (
    <div className="container page loyalty-page">
      <PageMeta
        title={ru.pages.loyalty}
        brand={settings.title}
        description={ru.meta.loyalty(settings.title)}
      />
      <h1 className="page__title">{ru.pages.loyalty}</h1>
      <PointStage retailPointId={retailPointId} point={point}>
        {(info) => (
          <div className="loyalty-grid">
            <PointSummary point={info} paySum={paySum} />
            {paySum === null ? (
              <SumStep retailPointId={info.id} basePath="/loyalty/oldpayment" />
            ) : (
              <div className="loyalty-panel">
                <p>{ru.loyalty.oldLead}</p>
                <button
                  type="button"
                  className="button loyalty-panel__pay"
                  disabled={!hydrated || pay.isPending}
                  onClick={() =>
                    pay.mutate(
                      { token: String(info.id), paySum },
                      { onSuccess: (answer) => window.location.assign(answer.formUrl) },
                    )
                  }
                >
                  {pay.isPending ? ru.loyalty.paying : ru.loyalty.oldPay}
                </button>
                <p className="form-error" role="status">
                  {pay.error && `${pay.error.message} (${ru.loyalty.errorCode(errorCodeOf(pay.error))})`}
                </p>
              </div>
            )}
          </div>
        )}
      </PointStage>
    </div>
  );
}
