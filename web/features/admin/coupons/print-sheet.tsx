import { useQuery } from '@tanstack/react-query';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { ruAdminCoupons } from '#web/i18n/ru-admin-coupons';
import { useLocation } from '#web/lib/router/hooks';
import { Link } from '#web/lib/router/links';
import { QrCode } from '#web/ui/qr-code';
import { adminApi } from '../api';
import { isoDayToRu } from '../dates';

const t = ruAdminCoupons.sheet;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The promo a printable sheet's address names: `/admin/coupons/<id>/print`. */
export const printedPromoOf = (pathname: string) =>
  new RegExp(`^/admin/coupons/(${UUID})/print/?$`).exec(pathname)?.[1] ?? null;

/** A code as Code128 bars, drawn by JsBarcode into the SVG once the page runs (a till's scanner reads it). */
function Code128({ code }: { code: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (svg.current)
      JsBarcode(svg.current, code, {
        format: 'CODE128',
        displayValue: false,
        height: 48,
        margin: 0,
        width: 1.6,
      });
  }, [code]);
  return <svg ref={svg} className="coupon-card__bars" role="img" aria-label={t.barcode(code)} />;
}

/**
 * `/admin/coupons/<id>/print` (decision 064): a promo's free codes as cards to print and cut, each with its QR
 * code, its Code128 bars and the code in letters, 24 to an A4 page; the console's chrome is not printed.
 */
export function PrintSheet({ promoId }: { promoId: string }) {
  const page = Number(new URLSearchParams(useLocation().search).get('page') ?? 1) || 1;
  const sheet = useQuery({
    queryKey: ['admin', 'promo-sheet', promoId, page],
    queryFn: () =>
      adminApi().request('GET /api/operator/promos/:promoId/codes/sheet', {
        params: { promoId },
        query: { page: String(page) },
      }),
  });
  const data = sheet.data;
  const until = data?.endsOn ? t.until(isoDayToRu(data.endsOn)) : null;
  const link = (to: number) => `/admin/coupons/${promoId}/print?page=${to}`;
  return (
    <>
      <div className="coupon-sheet__tools">
        <h1>{t.heading(data?.title ?? '')}</h1>
        {data && <p>{t.pageOf(data.page, data.pages, data.total)}</p>}
        <p className="admin-checks">
          <button type="button" className="admin-button" onClick={() => window.print()}>
            {t.print}
          </button>
          {page > 1 && <Link to={link(page - 1)}>{t.previous}</Link>}
          {data && page < data.pages && <Link to={link(page + 1)}>{t.next}</Link>}
          <Link to="/admin/coupons">{t.back}</Link>
        </p>
      </div>
      {data && data.codes.length === 0 && <p className="admin-muted">{t.none}</p>}
      <ul className="coupon-sheet" aria-label={t.cards}>
        {data?.codes.map((code) => (
          <li key={code} className="coupon-card">
            <p className="coupon-card__title">{data.title}</p>
            <QrCode value={code} label={t.qr(code)} className="coupon-card__qr" />
            <Code128 code={code} />
            <p className="coupon-card__code">{code}</p>
            {until && <p className="coupon-card__until">{until}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
