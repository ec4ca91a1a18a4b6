import type { RetailPointInfo } from '#common/contract/loyalty-lookups';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { formatAmount } from '#common/lib/format';

/** The shop and the sum at the top of the payment pages (rendered on the server from the QR's query). */
export function PointSummary({ point, paySum }: { point: RetailPointInfo; paySum: number | null }) {
  const { city, street, house } = point.address;
  return (
    <section className="loyalty-point" aria-label={ruLoyalty.pointLabel}>
      <p className="loyalty-point__title">{point.title}</p>
      <p className="loyalty-point__address">{[city, street, house].filter(Boolean).join(', ')}</p>
      <p className="loyalty-point__rate">{ruLoyalty.earnRate(point.currentBonus)}</p>
      {paySum !== null && (
        <p className="loyalty-point__sum">
          <span>{ruLoyalty.sumLabel}</span>
          <strong>{formatAmount(paySum)}&nbsp;₽</strong>
        </p>
      )}
    </section>
  );
}
