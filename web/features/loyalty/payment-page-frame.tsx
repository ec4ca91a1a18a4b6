import type { ReactNode } from 'react';
import { useSearchParams } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { LoyaltyError } from '#web/payment/loyalty-error';
import { parsePaySum, parsePointId } from './retail-point';
import { errorCodeOf, hasCode } from '#web/lib/api-errors';
import { PointSummary } from './point-summary';
import { SumStep } from './sum-step';
import { useRetailPoint } from './use-payment';

/**
 * What every payment page shares: the heading, the shop the QR names (`p`, rendered on the server) with the sum
 * (`s`), the sum field when the QR has none, and the loyalty error screen for an unknown shop. `children` gets
 * the shop and the sum and renders the way to pay.
 */
export function PaymentPageFrame({
  sumPath,
  children,
}: {
  /** Where the sum field continues (its own page); /loyalty by default. */
  sumPath?: string;
  children(point: PointInfo, paySum: number): ReactNode;
}) {
  const settings = useSettings();
  const [params] = useSearchParams();
  const retailPointId = parsePointId(params.get('p'));
  const paySum = parsePaySum(params.get('s'));
  const point = useRetailPoint(retailPointId);
  return (
    <div className="container page loyalty-page">
      <PageMeta
        title={ruPages.titles.loyalty}
        brand={settings.title}
        description={ruPages.meta.loyalty(settings.title)}
      />
      <h1 className="page__title">{ruPages.titles.loyalty}</h1>
      <PointStage retailPointId={retailPointId} point={point}>
        {(info) => (
          <div className="loyalty-grid">
            <PointSummary point={info} paySum={paySum} />
            {paySum === null ? (
              <SumStep retailPointId={info.id} basePath={sumPath} />
            ) : (
              children(info, paySum)
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
function PointStage({
  retailPointId,
  point,
  children,
}: {
  retailPointId: number | null;
  point: PointQuery;
  children(info: PointInfo): ReactNode;
}) {
  const missing = retailPointId === null || hasCode(point.error, 'VALIDATION', 'NOT_FOUND');
  if (missing) {
    return <LoyaltyError title={ruLoyalty.pointMissingTitle} text={ruLoyalty.pointMissingText} />;
  }
  if (point.isError) {
    return (
      <LoyaltyError
        title={ruLoyalty.loadErrorTitle}
        text={ruLoyalty.loadErrorText}
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
