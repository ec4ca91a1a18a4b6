import { Link, Navigate } from '#web/lib/router/links';
import { useNavigate } from '#web/lib/router/hooks';
import { ru } from '#web/i18n/ru';
import { ruPages } from '#web/i18n/ru-pages';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { customerMessageOf } from '#web/lib/api-errors';
import { useHydrated } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { invoiceBody, readPurchase, writePurchase, type CompanyPurchase } from './company-form';
import { useCreateInvoice } from './gift-card-api';
import { sendingText } from './order-step';

const t = ruGiftCards;

/**
 * `/gc/Entity/confirm`: the company's details and the cards as typed, for one last look; 'Выставить счёт'
 * makes the invoice (the server prices it) and goes to `/gc/Entity/result`. Without a form filled in this
 * tab, the buyer is sent back to it.
 */
export function GiftCardCompanyConfirmPage() {
  const settings = useSettings();
  const hydrated = useHydrated();
  return (
    <div className="container page gc-page">
      <PageMeta title={ruPages.titles.giftCardCompanyConfirm} brand={settings.title} />
      <h1 className="page__title">{ruPages.titles.giftCardCompanyConfirm}</h1>
      {hydrated ? (
        <Confirm purchase={readPurchase()} />
      ) : (
        <p className="loader-text" role="status">
          {ru.shell.loading}
        </p>
      )}
    </div>
  );
}

function Confirm({ purchase }: { purchase: CompanyPurchase | null }) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  if (!purchase) return <Navigate to="/gc/Entity" replace />;
  const { company, sale } = purchase;
  const rows: [string, string][] = [
    [t.companyName, company.companyName],
    [t.inn, company.inn],
    [t.kpp, company.kpp],
    [t.bankName, company.bankName],
    [t.bic, company.bic],
    [t.payment, company.payment],
    [t.corr, company.corr],
    [t.companyPhone, company.phone],
    [t.companyEmail, sale.email],
    [t.cards, t.cardsLine(sale.recipients.length, Number(sale.nominal).toLocaleString('ru-RU'))],
    [t.recipientsList, sale.recipients.map((r) => (r.name ? `${r.name}, ${r.phone}` : r.phone)).join('; ')],
    [t.congratulation, sale.congratulation],
    [t.when, sale.sendLater ? sendingText(new Date(sale.sendingDate).toISOString()) : t.sendsNow],
  ];
  const failure = create.error ? customerMessageOf(create.error) : null;
  return (
    <section className="gc-order">
      <p className="page__lead">{t.confirmLead}</p>
      <dl className="gc-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="gc-terms">{t.terms(0)}</p>
      <div className="loyalty-actions">
        <button
          type="button"
          className="button"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(invoiceBody(purchase), {
              onSuccess: (invoice) => {
                writePurchase(null);
                void navigate(`/gc/Entity/result?i=${invoice.invoiceId}`);
              },
            })
          }
        >
          {create.isPending ? t.issuing : t.issueInvoice}
        </button>
        <Link className="button button--ghost" to="/gc/Entity">
          {t.edit}
        </Link>
      </div>
      <p className="form-error" role="status">
        {failure}
      </p>
    </section>
  );
}
