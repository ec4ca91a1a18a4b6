import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Promo } from '#common/contract/coupons';
import { ruAdminCoupons } from '#web/i18n/ru-admin-coupons';
import { adminApi } from '../api';
import { isoDayToRu } from '../dates';
import { Can } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useLocation } from '#web/lib/router/hooks';
import { printedPromoOf, PrintSheet } from './print-sheet';
import { PromoCodes } from './promo-codes';
import { PromoEdit } from './promo-edit';
import { PromoForm } from './promo-form';
import couponsCss from './coupons.css?url';

const t = ruAdminCoupons;
const KEYS = ['admin', 'promos'] as const;
const day = (iso: string | null) => (iso ? isoDayToRu(iso) : null);

/**
 * `/admin/coupons` (decision 064): the marketer's promos with their codes and uses, a new promo's form, and one
 * promo's codes (generate one-use codes, issue a personal coupon, the CSV).
 */
export function CouponsPage() {
  const printed = printedPromoOf(useLocation().pathname);
  return (
    <>
      {/* This screen's own stylesheet, beside the console's console.css (React hoists it). */}
      <link rel="stylesheet" href={couponsCss} precedence="default" />
      {printed ? <PrintSheet promoId={printed} /> : <PromosScreen />}
    </>
  );
}

function PromosScreen() {
  const promos = useQuery({ queryKey: KEYS, queryFn: () => adminApi().request('GET /api/operator/promos') });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = promos.data?.find((p) => p.id === openId) ?? null;
  const columns: Column<Promo>[] = [
    {
      header: t.columns.title,
      cell: (p) => (
        <>
          {p.title}
          {p.paused && <small className="admin-muted"> ({t.edit.isPaused})</small>}
        </>
      ),
    },
    { header: t.columns.kind, cell: (p) => t.create.kinds[p.kind] },
    { header: t.columns.effect, cell: (p) => t.effectOf(p) },
    { header: t.columns.days, cell: (p) => t.daysOf(day(p.startsOn), day(p.endsOn)) },
    { header: t.columns.codes, cell: (p) => p.codes.toLocaleString('ru-RU') },
    {
      header: t.columns.used,
      cell: (p) => (
        <>
          {t.usedOf(p.used, p.held)}{' '}
          <button type="button" className="admin-link" onClick={() => setOpenId(p.id)}>
            {t.open}
          </button>
        </>
      ),
    },
  ];
  return (
    <>
      <h1>{t.heading}</h1>
      <DataTable
        label={t.heading}
        columns={columns}
        rows={promos.data}
        rowKey={(p) => p.id}
        empty={t.empty}
        error={promos.isError}
      />
      {open && <PromoCodes key={open.id} promo={open} listKey={KEYS} />}
      {open && (
        <Can permission="campaigns.write">
          <PromoEdit key={`${open.id}-edit`} promo={open} listKey={KEYS} />
        </Can>
      )}
      <Can permission="campaigns.write">
        <PromoForm listKey={KEYS} />
      </Can>
    </>
  );
}
