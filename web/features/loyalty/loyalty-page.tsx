import { useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { ApiError } from '../../lib/api-client';
import { useSettings } from '../../lib/settings';
import { PageMeta } from '../../ui/page-meta';
import { LoyaltyError } from './loyalty-error';
import { errorCodeOf, parsePaySum, parsePointId } from './payment-api';
import { PaymentPanel } from './payment-panel';
import { PointSummary } from './point-summary';
import { SumStep } from './sum-step';
import { useRetailPoint } from './use-payment';

/**
 * `/loyalty?p={retailPointId}&s={sum}` (and the old QR's `/loyalty/oldindex`): the shop and the sum are
 * rendered on the server; the payment itself starts in the browser, where the payer's tokens live.
 */
export function LoyaltyPage() {
  const settings = useSettings();
  const [params] = useSearchParams();
  const retailPointId = parsePointId(params.get('p'));
  const paySum = parsePaySum(params.get('s'));
  const point = useRetailPoint(retailPointId);
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
              <SumStep retailPointId={info.id} />
            ) : (
              <PaymentPanel retailPointId={info.id} paySum={paySum} earnPercent={info.currentBonus} />
            )}
          </div>
        )}
      </PointStage>
    </div>
  );
}

type PointQuery = ReturnType<typeof useRetailPoint>;
type PointInfo = NonNullable<PointQuery['data']>;

/** The point named by the QR, or the loyalty error screen when there is none (or it could not be loaded). */
export function PointStage({
  retailPointId,
  point,
  children,
}: {
  retailPointId: number | null;
  point: PointQuery;
  children(info: PointInfo): React.ReactNode;
}) {
  const missing =
    retailPointId === null || (point.error instanceof ApiError && [400, 404].includes(point.error.status));
  if (missing) {
    return <LoyaltyError title={ru.loyalty.pointMissingTitle} text={ru.loyalty.pointMissingText} />;
  }
  if (point.isError) {
    return (
      <LoyaltyError
        title={ru.loyalty.loadErrorTitle}
        text={ru.loyalty.loadErrorText}
        code={errorCodeOf(point.error)}
      />
    );
  }
  if (!point.data) {
    return (
      <p className="loader-text" role="status">
        {ru.shell.loading}
      </p>
    );
  }
  return children(point.data);
}
