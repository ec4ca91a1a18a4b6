import { Link, useSearchParams } from 'react-router';
import { ru } from '../../i18n/ru';
import { ApiError } from '../../lib/api-client';
import { errorCodeOf } from '../../lib/api-errors';
import { useSettings } from '../../lib/settings';
import { LoyaltyError } from '../../payment/loyalty-error';
import { PageMeta } from '../../ui/page-meta';
import { BillSums } from './bill-sums';
import { useInvoice } from './gift-card-api';

const t = ru.giftCards;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/gc/Entity/result?i={invoiceId}` (also `/gc/entity/result`): the invoice the server made: its number,
 * the bill, where it was e-mailed and the PDF to download. The cards go out once the operator sees the
 * transfer and marks the invoice paid.
 */
export function GiftCardCompanyResultPage() {
  const settings = useSettings();
  const [params] = useSearchParams();
  const raw = params.get('i');
  const invoiceId = raw && UUID.test(raw) ? raw : null;
  const invoice = useInvoice(invoiceId);

  let body;
  if (
    invoiceId === null ||
    (invoice.error instanceof ApiError && [401, 404].includes(invoice.error.status))
  ) {
    body = <LoyaltyError title={t.invoiceMissingTitle} text={t.invoiceMissingText} />;
  } else if (invoice.isError) {
    body = (
      <LoyaltyError
        title={ru.loyalty.loadErrorTitle}
        text={invoice.error.message || ru.loyalty.loadErrorText}
        code={errorCodeOf(invoice.error)}
      />
    );
  } else if (!invoice.data) {
    body = (
      <p className="loader-text" role="status">
        {ru.shell.loading}
      </p>
    );
  } else {
    const { bill, number, company, pdfUrl, state } = invoice.data;
    body = (
      <section className="gc-order">
        <h2 className="section-title" data-testid="invoice-number">
          {t.invoiceNumber(number)}
        </h2>
        <BillSums bill={bill} />
        <p>{t.invoiceSent(company.email)}</p>
        <a className="button" href={pdfUrl} download>
          {t.downloadPdf}
        </a>
        <p className="gc-terms">{state === 'paid' ? t.invoicePaid : t.invoiceNext}</p>
      </section>
    );
  }
  return (
    <div className="container page gc-page">
      <PageMeta title={ru.pages.giftCardCompanyResult} brand={settings.title} />
      <h1 className="page__title">{ru.pages.giftCardCompanyResult}</h1>
      {body}
      <Link className="button button--ghost" to="/gc/sale">
        {t.buyMore}
      </Link>
    </div>
  );
}
