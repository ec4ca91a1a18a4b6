import { useQuery } from '@tanstack/react-query';
import type { InvoiceItem } from '#common/contract/operator-gift-cards';
import { ruAdmin } from '#web/i18n/ru-admin';
import { adminApi } from '../api';
import { isoDayToRu, useBrandDates } from '../dates';
import { ActionStatus } from '../kit/action-status';
import { Can, useCan } from '../kit/can';
import { DataTable, type Column } from '../kit/data-table';
import { useAction } from '../kit/use-action';
import { FailedDeliveries } from './gift-card-deliveries';
import { GiftCardLookupSection } from './gift-card-lookup';
import { CardPaidOrders } from './gift-card-orders';
import { InvoicePaidForm, type InvoicePayment } from './invoice-paid-form';

const t = ruAdmin.giftCards;
const KEYS = ['admin', 'gift-card-invoices'] as const;

/** An invoice's step: marked paid with the bank payment's number and date, or (without them) cancelled. */
interface InvoiceStep {
  number: number;
  payment?: InvoicePayment;
}

const settle = ({ number, payment }: InvoiceStep) =>
  payment
    ? adminApi().request('POST /api/operator/gift-card-invoices/:number/paid', {
        params: { number },
        body: payment,
      })
    : adminApi().request('POST /api/operator/gift-card-invoices/:number/cancel', { params: { number } });

/**
 * `/admin/gift-cards`: companies' invoices (decision 018). The accountant and the owner mark an unpaid one paid
 * (its cards are issued, after a confirmation: decision 053) or cancel it; the viewer only reads. The server
 * checks the state again.
 */
export function GiftCardsPage() {
  const dates = useBrandDates();
  const canReadCards = useCan('giftCards.read');
  const invoices = useQuery({
    queryKey: KEYS,
    queryFn: () => adminApi().request('GET /api/operator/gift-card-invoices'),
  });
  const step = useAction({
    run: settle,
    done: (item) => t.done(item.number, t.states[item.state]),
    invalidate: [KEYS],
  });
  const asked = step.asking && invoices.data?.find((i) => i.number === step.asking?.number);

  const columns: Column<InvoiceItem>[] = [
    { header: t.columns.number, cell: (i) => i.number },
    {
      header: t.columns.company,
      cell: (i) => (
        <>
          {i.companyName} <small>{i.inn}</small>
        </>
      ),
    },
    { header: t.columns.total, cell: (i) => t.sum(i.total) },
    { header: t.columns.created, cell: (i) => dates.dateTime(i.createdAt) },
    {
      header: t.columns.state,
      cell: (i) => (
        <>
          {t.states[i.state]}
          {i.state === 'issued' && (
            <Can permission="invoices.write">
              {' '}
              <button type="button" className="admin-link" onClick={() => step.ask({ number: i.number })}>
                {t.markPaid}
              </button>{' '}
              <button type="button" className="admin-link" onClick={() => step.run({ number: i.number })}>
                {t.cancel}
              </button>
            </Can>
          )}
        </>
      ),
    },
    {
      header: t.columns.payment,
      cell: (i) => i.paymentNumber && i.paymentDate && t.payment(i.paymentNumber, isoDayToRu(i.paymentDate)),
    },
  ];

  return (
    <>
      <h1>{t.heading}</h1>
      <h2>{t.invoices}</h2>
      <ActionStatus action={step} />
      {asked && (
        <InvoicePaidForm
          invoice={asked}
          onConfirm={(payment) => step.run({ number: asked.number, payment })}
          onCancel={step.cancel}
        />
      )}
      <DataTable
        label={t.invoices}
        columns={columns}
        rows={invoices.data}
        rowKey={(i) => i.number}
        rowProps={(i) => ({ 'data-testid': `invoice-${i.number}` })}
        empty={t.empty}
      />
      {canReadCards && (
        <>
          <GiftCardLookupSection />
          <CardPaidOrders />
          <FailedDeliveries />
        </>
      )}
    </>
  );
}
