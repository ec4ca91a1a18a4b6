import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvoiceItem } from '../../../../common/contract/operator';
import { ruAdmin } from '../../../i18n/ru-admin';
import { adminApi, adminErrorText, useStaffSession } from '../admin-api';
import { FailedDeliveries } from './admin-gift-card-deliveries';
import { GiftCardLookupSection } from './admin-gift-card-lookup';
import { CardPaidOrders } from './admin-gift-card-orders';
import { TableScroll } from '../field';
import { isoDayToRu, useBrandDates } from '../admin-dates';
import { InvoicePaidForm } from './admin-invoice-paid-form';

const t = ruAdmin.giftCards;
const KEYS = ['admin', 'gift-card-invoices'] as const;

type InvoiceAction =
  | 'POST /api/operator/gift-card-invoices/:number/paid'
  | 'POST /api/operator/gift-card-invoices/:number/cancel';

/**
 * `/admin/gift-cards`: companies' invoices (decision 018). The accountant and the owner mark an unpaid one paid
 * (its cards are issued) or cancel it; the viewer only reads. The server checks the state again.
 */
export function GiftCardsPage() {
  const queryClient = useQueryClient();
  const permissions = useStaffSession().data?.permissions ?? [];
  const canWrite = permissions.includes('invoices.write');
  const canReadCards = permissions.includes('giftCards.read');
  const invoices = useQuery({
    queryKey: KEYS,
    queryFn: () => adminApi().request('GET /api/operator/gift-card-invoices'),
  });
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  // The invoice whose payment is being confirmed (decision 053): one click no longer issues its cards.
  const [confirming, setConfirming] = useState<number | null>(null);
  const dates = useBrandDates();

  const act = async (
    key: InvoiceAction,
    number: number,
    body?: { paymentNumber: string; paymentDate: string },
  ) => {
    setError('');
    setDone('');
    setConfirming(null);
    try {
      const item =
        key === 'POST /api/operator/gift-card-invoices/:number/paid'
          ? await adminApi().request(key, { params: { number }, body: body! })
          : await adminApi().request(key, { params: { number } });
      setDone(t.done(item.number, t.states[item.state]));
    } catch (failure) {
      setError(adminErrorText(failure));
    }
    await queryClient.invalidateQueries({ queryKey: KEYS });
  };

  const actions = (invoice: InvoiceItem) =>
    canWrite &&
    invoice.state === 'issued' && (
      <>
        {' '}
        <button type="button" className="admin-link" onClick={() => setConfirming(invoice.number)}>
          {t.markPaid}
        </button>{' '}
        <button
          type="button"
          className="admin-link"
          onClick={() => void act('POST /api/operator/gift-card-invoices/:number/cancel', invoice.number)}
        >
          {t.cancel}
        </button>
      </>
    );

  return (
    <>
      <h1>{t.heading}</h1>
      <h2>{t.invoices}</h2>
      {done && <p role="status">{done}</p>}
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {confirming !== null && invoices.data?.some((i) => i.number === confirming) && (
        <InvoicePaidForm
          invoice={invoices.data.find((i) => i.number === confirming)!}
          onConfirm={(payment) =>
            void act('POST /api/operator/gift-card-invoices/:number/paid', confirming, payment)
          }
          onCancel={() => setConfirming(null)}
        />
      )}
      {invoices.data && invoices.data.length === 0 && <p>{t.empty}</p>}
      {invoices.data && invoices.data.length > 0 && (
        <TableScroll label={t.invoices}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.number}</th>
                <th scope="col">{t.columns.company}</th>
                <th scope="col">{t.columns.total}</th>
                <th scope="col">{t.columns.created}</th>
                <th scope="col">{t.columns.state}</th>
                <th scope="col">{t.columns.payment}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((invoice) => (
                <tr key={invoice.number} data-testid={`invoice-${invoice.number}`}>
                  <td>{invoice.number}</td>
                  <td>
                    {invoice.companyName} <small>{invoice.inn}</small>
                  </td>
                  <td>{t.sum(invoice.total)}</td>
                  <td>{dates.dateTime(invoice.createdAt)}</td>
                  <td>
                    {t.states[invoice.state]}
                    {actions(invoice)}
                  </td>
                  <td>
                    {invoice.paymentNumber &&
                      invoice.paymentDate &&
                      t.payment(invoice.paymentNumber, isoDayToRu(invoice.paymentDate))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canReadCards && <GiftCardLookupSection />}
      {canReadCards && <CardPaidOrders />}
      {canReadCards && <FailedDeliveries />}
    </>
  );
}
