import type { UserCoupon } from '#common/contract/coupons';
import { formatRoubles } from '#common/lib/format';
import { ru } from '#web/i18n/ru';
import { ruCabinet } from '#web/i18n/ru-cabinet';
import { useFormatDate } from '#web/lib/use-format-date';
import { EmptyState } from '#web/ui/empty-state';
import { QrCode } from '#web/ui/qr-code';
import { useCoupons } from './api';

const valueOf = (coupon: UserCoupon) =>
  coupon.effect.endsWith('_PERCENT') ? `${coupon.value}%` : formatRoubles(coupon.value);

/**
 * The member's personal coupons (decision 064): each with its code as text and as a QR the till scans (the
 * card's QR component); a used one stays listed, marked, without its QR.
 */
export function CouponsList() {
  const formatDate = useFormatDate();
  const coupons = useCoupons();
  const list = coupons.data ?? [];
  return (
    <section className="cabinet-section" aria-labelledby="coupons-title">
      <h2 className="cabinet-section__title" id="coupons-title">
        {ruCabinet.couponsTitle}
      </h2>
      {coupons.isPending && <p className="loader-text">{ru.shell.loading}</p>}
      {coupons.isError && (
        <p className="form-error" role="alert">
          {ruCabinet.failed}
        </p>
      )}
      {coupons.isSuccess && list.length === 0 && <EmptyState title={ruCabinet.couponsEmpty} />}
      <ul className="certificates">
        {list.map((coupon) => (
          <li key={coupon.code} className="certificate coupon">
            <div>
              <p className="certificate__title">{coupon.title}</p>
              <p className="certificate__nominal">{ruCabinet.couponEffect(coupon.effect, valueOf(coupon))}</p>
              <p className="operation__meta">
                <code className="coupon__code">{coupon.code}</code>
                {coupon.endsOn && ` · ${ruCabinet.couponValidTo(formatDate(coupon.endsOn))}`}
                {ruCabinet.couponState[coupon.status] && ` · ${ruCabinet.couponState[coupon.status]}`}
              </p>
            </div>
            {coupon.status !== 'USED' && (
              <QrCode className="coupon__qr" value={coupon.code} label={ruCabinet.couponQr(coupon.code)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
