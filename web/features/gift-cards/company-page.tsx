import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import { maskPhone } from '#common/lib/validation';
import { ruPages } from '#web/i18n/ru-pages';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { useApi } from '#web/lib/api-context';
import { useHydrated } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { PageMeta } from '#web/ui/page-meta';
import { TextField } from '#web/ui/text-field';
import {
  companyErrors,
  isCompanyValid,
  newPurchase,
  readPurchase,
  writePurchase,
  type CompanyField,
  type CompanyPurchase,
} from './company-form';
import { giftCardDiscountQuery, giftCardImagesQuery } from './gift-card-queries';
import { SaleFormView } from './sale-form-view';

const t = ruGiftCards;

const DIGIT_FIELDS: Partial<Record<CompanyField, number>> = {
  inn: 12,
  kpp: 9,
  bic: 9,
  payment: 20,
  corr: 20,
};
const FIELDS: CompanyField[] = ['companyName', 'inn', 'kpp', 'bankName', 'bic', 'payment', 'corr', 'phone'];
const LABELS: Record<CompanyField, string> = {
  companyName: t.companyName,
  inn: t.inn,
  kpp: t.kpp,
  bic: t.bic,
  bankName: t.bankName,
  payment: t.payment,
  corr: t.corr,
  phone: t.companyPhone,
};

/**
 * `/gc/Entity`: a company buys gift cards by invoice. Its details come first, then the same card fields as
 * the customer's form; the confirm step (`/gc/Entity/confirm`) shows them all before the invoice is made.
 * What is typed is kept for the tab, so going back to correct something loses nothing.
 */
export function GiftCardCompanyPage() {
  const settings = useSettings();
  const hydrated = useHydrated();
  return (
    <div className="container page gc-page">
      <PageMeta title={ruPages.titles.giftCardCompany} brand={settings.title} description={t.companyLead} />
      <h1 className="page__title">{ruPages.titles.giftCardCompany}</h1>
      <p className="page__lead">{t.companyLead}</p>
      {/* In the browser the form starts again from what this tab typed earlier (back from the confirm step). */}
      <CompanyForm key={hydrated ? 'browser' : 'server'} stored={hydrated ? readPurchase() : null} />
    </div>
  );
}

function CompanyForm({ stored }: { stored: CompanyPurchase | null }) {
  const api = useApi();
  const navigate = useNavigate();
  const images = useQuery(giftCardImagesQuery(api));
  const discount = useQuery(giftCardDiscountQuery(api));
  const pictures = images.data?.pictures ?? [];
  const [purchase, setPurchase] = useState<CompanyPurchase>(() => stored ?? newPurchase(pictures[0]?.id));
  const [shown, setShown] = useState<Partial<Record<CompanyField, boolean>>>({});

  const errors = companyErrors(purchase.company);
  const update = (next: Partial<CompanyPurchase>) =>
    setPurchase((current) => ({ ...current, ...next, idempotencyKey: crypto.randomUUID() }));
  const setField = (field: CompanyField, raw: string) => {
    const max = DIGIT_FIELDS[field];
    const value = field === 'phone' ? maskPhone(raw) : max ? raw.replace(/\s/g, '').slice(0, max + 1) : raw;
    update({ company: { ...purchase.company, [field]: value } });
  };
  const sale = purchase.sale.imageId ? purchase.sale : { ...purchase.sale, imageId: pictures[0]?.id ?? '' };

  return (
    <SaleFormView
      values={sale}
      onChange={(next) => update({ sale: next })}
      images={pictures}
      percentRate={discount.data ?? 0}
      busy={false}
      failure={null}
      emailLabel={t.companyEmail}
      submitLabel={t.toConfirm}
      beforeValid={isCompanyValid(purchase.company)}
      onSubmit={() => {
        writePurchase({ ...purchase, sale });
        void navigate('/gc/Entity/confirm');
      }}
      renderBefore={(sent) => (
        <fieldset className="gc-company">
          <legend className="section-title">{t.company}</legend>
          <div className="gc-form__grid">
            {FIELDS.map((field) => (
              <TextField
                key={field}
                label={LABELS[field]}
                required
                value={purchase.company[field]}
                inputMode={DIGIT_FIELDS[field] ? 'numeric' : field === 'phone' ? 'tel' : undefined}
                type={field === 'phone' ? 'tel' : 'text'}
                mask={field === 'phone' ? 'phone' : undefined}
                autoComplete={field === 'companyName' ? 'organization' : 'off'}
                error={sent || shown[field] ? errors[field] : null}
                onFocus={() => field === 'phone' && !purchase.company.phone && setField('phone', '+7')}
                onBlur={() => setShown((s) => ({ ...s, [field]: true }))}
                onValue={(value) => setField(field, value)}
              />
            ))}
          </div>
        </fieldset>
      )}
    />
  );
}
