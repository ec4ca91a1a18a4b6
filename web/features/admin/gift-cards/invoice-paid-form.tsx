import { useState, type FormEvent } from 'react';
import type { InvoiceItem } from '#common/contract/operator-gift-cards';
import { ruAdmin } from '#web/i18n/ru-admin';
import { RU_DAY_FIELD, ruDayToIso, useBrandDates } from '../dates';
import { Field } from '../kit/field';

const t = ruAdmin.giftCards;

/** The bank payment an invoice was paid by, as on the statement. */
export interface InvoicePayment {
  paymentNumber: string;
  paymentDate: string;
}

/**
 * Marking an invoice paid issues its cards at once, so it is a confirmation of its own (decision 053): what
 * will be issued, and the bank payment's number and date as on the statement, kept with the invoice and in
 * the audit log.
 */
export function InvoicePaidForm({
  invoice,
  onConfirm,
  onCancel,
}: {
  invoice: InvoiceItem;
  onConfirm: (payment: InvoicePayment) => void;
  onCancel: () => void;
}) {
  const dates = useBrandDates();
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const paymentDate = ruDayToIso(String(data.get('paymentDate') ?? ''));
    if (!paymentDate) {
      setError(t.paymentDateInvalid);
      return;
    }
    onConfirm({ paymentNumber: String(data.get('paymentNumber') ?? '').trim(), paymentDate });
  };
  return (
    <form className="admin-confirm" aria-label={t.confirmPaid(invoice.number)} onSubmit={submit}>
      <p>{t.confirmPaidLead(invoice.quantity, t.sum(invoice.total), invoice.companyName)}</p>
      <Field label={t.paymentNumber} name="paymentNumber" required maxLength={40} autoComplete="off" />
      <Field
        label={t.paymentDate}
        name="paymentDate"
        required
        defaultValue={dates.today()}
        {...RU_DAY_FIELD}
      />
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-actions">
        <button className="admin-button">{t.confirmPaidButton}</button>
        <button type="button" className="admin-link" onClick={onCancel}>
          {t.keepUnpaid}
        </button>
      </p>
    </form>
  );
}
