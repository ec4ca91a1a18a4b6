import { useQuery } from '@tanstack/react-query';
import { ruAdmin } from '../../../i18n/ru-admin';
import { ruAdminCardPaidOrders as t } from '../../../i18n/ru-admin-gift-cards';
import { adminApi } from '../admin-api';
import { TableScroll } from '../field';
import { phoneText } from '../phone-text';

const roubles = (value: number) => `${value.toLocaleString('ru-RU')} ₽`;

/** The gift-card screen's orders paid by bank card on the site (docs/decisions/033), the newest 100, read-only. */
export function CardPaidOrders() {
  const orders = useQuery({
    queryKey: ['admin', 'gift-card-orders'],
    queryFn: () => adminApi().request('GET /api/operator/gift-card-orders'),
  });
  return (
    <section aria-labelledby="card-paid-orders">
      <h2 id="card-paid-orders">{t.heading}</h2>
      {orders.isError && <p className="admin-error">{ruAdmin.loadError}</p>}
      {orders.data && orders.data.length === 0 && <p>{t.empty}</p>}
      {orders.data && orders.data.length > 0 && (
        <TableScroll label={t.heading}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.paidAt}</th>
                <th scope="col">{t.columns.buyer}</th>
                <th scope="col">{t.columns.cards}</th>
                <th scope="col">{t.columns.total}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((o) => (
                <tr key={o.orderId}>
                  <td>{new Date(o.paidAt).toLocaleString('ru-RU')}</td>
                  <td>{/^(\d|\+)/.test(o.buyerPhone) ? phoneText(o.buyerPhone) : t.noPhone}</td>
                  <td>
                    {t.cards(o.quantity, roubles(o.nominal))}
                    {o.cards.map((id) => (
                      <div key={id}>
                        <small>
                          <code>{id}</code>
                        </small>
                      </div>
                    ))}
                  </td>
                  <td>{roubles(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
