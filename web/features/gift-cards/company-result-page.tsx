import { Link } from '#web/lib/router/links';
import { useSearchParams } from '#web/lib/router/hooks';
import { ruPages } from '#web/i18n/ru-pages';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { useSettings } from '#web/lib/settings';
import { PayerQueryStage } from '#web/payment/payer-query-stage';
import { PageMeta } from '#web/ui/page-meta';
import { BillSums } from './bill-sums';
import { useInvoice } from './gift-card-api';

const t = ruGiftCards;
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

  return (
    <div className="container page gc-page">
      <PageMeta title={ruPages.titles.giftCardCompanyResult} brand={settings.title} />
      <h1 className="page__title">{ruPages.titles.giftCardCompanyResult}</h1>
      <PayerQueryStage
        query={invoice}
        named={invoiceId !== null}
        missing={{ title: t.invoiceMissingTitle, text: t.invoiceMissingText }}
      >
        {({ bill, number, company, pdfUrl, state }) => (
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
        )}
      </PayerQueryStage>
      <Link className="button button--ghost" to="/gc/sale">
        {t.buyMore}
      </Link>
    </div>
  );
}
