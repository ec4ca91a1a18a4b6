import { useQuery } from '@tanstack/react-query';
import type { CardPaidOrder } from '#common/contract/operator-gift-cards';
import { ruAdminCardPaidOrders as t } from '#web/i18n/ru-admin-gift-cards';
import { adminApi } from '../api';
import { DataTable, type Column } from '../kit/data-table';
import { phoneText } from '../phone-text';
import { roubles } from './gift-card-format';

const COLUMNS: Column<CardPaidOrder>[] = [
  { header: t.columns.paidAt, cell: (o) => new Date(o.paidAt).toLocaleString('ru-RU') },
  {
    header: t.columns.buyer,
    cell: (o) => (/^(\d|\+)/.test(o.buyerPhone) ? phoneText(o.buyerPhone) : t.noPhone),
  },
  {
    header: t.columns.cards,
    cell: (o) => (
      <>
        {t.cards(o.quantity, roubles(o.nominal))}
        {o.cards.map((id) => (
          <div key={id}>
            <small>
              <code>{id}</code>
            </small>
          </div>
        ))}
      </>
    ),
  },
  { header: t.columns.total, cell: (o) => roubles(o.total), align: 'end' },
];

/** The gift-card screen's orders paid by bank card on the site (docs/decisions/033), the newest 100, read-only. */
export function CardPaidOrders() {
  const orders = useQuery({
    queryKey: ['admin', 'gift-card-orders'],
    queryFn: () => adminApi().request('GET /api/operator/gift-card-orders'),
  });
  return (
    <section aria-labelledby="card-paid-orders">
      <h2 id="card-paid-orders">{t.heading}</h2>
      <DataTable
        label={t.heading}
        columns={COLUMNS}
        rows={orders.data}
        rowKey={(o) => o.orderId}
        empty={t.empty}
        error={orders.isError}
      />
    </section>
  );
}
