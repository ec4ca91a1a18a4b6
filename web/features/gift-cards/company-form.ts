import { checkAccount, checkBic, checkInn, checkKpp } from '#common/lib/company-rules';
import { checkMaxLength, checkRequired } from '#common/lib/validation';
import {
  checkRecipientPhone,
  initialSaleForm,
  orderBody,
  phoneDigits,
  type SaleFormValues,
} from './sale-form';

/** Spec section 3 "Company info" as the form holds it (the e-mail is the sale form's own field). */
export interface CompanyValues {
  companyName: string;
  inn: string;
  kpp: string;
  bic: string;
  bankName: string;
  payment: string;
  corr: string;
  phone: string;
}

export type CompanyField = keyof CompanyValues;

export const emptyCompany = (): CompanyValues => ({
  companyName: '',
  inn: '',
  kpp: '',
  bic: '',
  bankName: '',
  payment: '',
  corr: '',
  phone: '',
});

/** Each company field's message, or null (spec section 5: inn 9-12 digits, kpp and bic 9, accounts 20). */
export function companyErrors(company: CompanyValues): Record<CompanyField, string | null> {
  const text = (value: string) => checkRequired(value) ?? checkMaxLength(value, 300);
  return {
    companyName: text(company.companyName),
    inn: checkInn(company.inn),
    kpp: checkKpp(company.kpp),
    bic: checkBic(company.bic),
    bankName: text(company.bankName),
    payment: checkAccount(company.payment),
    corr: checkAccount(company.corr),
    phone: checkRecipientPhone(company.phone),
  };
}

export const isCompanyValid = (company: CompanyValues) =>
  Object.values(companyErrors(company)).every((error) => error === null);

/** What the company form keeps for the tab between its form, confirm and result steps. */
export interface CompanyPurchase {
  sale: SaleFormValues;
  company: CompanyValues;
  /** Made once per confirmed version: a second click or a retry answers the same invoice. */
  idempotencyKey: string;
}

const STORE_KEY = 'gcCompanyPurchase';

export function readPurchase(): CompanyPurchase | null {
  try {
    const raw = window.sessionStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as CompanyPurchase) : null;
  } catch {
    return null;
  }
}

export function writePurchase(purchase: CompanyPurchase | null) {
  try {
    if (purchase) window.sessionStorage.setItem(STORE_KEY, JSON.stringify(purchase));
    else window.sessionStorage.removeItem(STORE_KEY);
  } catch {
    // Without storage the confirm step sends the buyer back to the form.
  }
}

export const newPurchase = (imageId = ''): CompanyPurchase => ({
  sale: initialSaleForm(imageId),
  company: emptyCompany(),
  idempotencyKey: crypto.randomUUID(),
});

/** The `POST /api/gc/juridical` body: the company, `balance` (each card's nominal) and the order. */
export function invoiceBody({ sale, company, idempotencyKey }: CompanyPurchase) {
  const { nominal, ...order } = orderBody(sale, idempotencyKey);
  return {
    ...order,
    balance: nominal,
    companyName: company.companyName.trim(),
    inn: company.inn.trim(),
    kpp: company.kpp.trim(),
    bic: company.bic.trim(),
    bankName: company.bankName.trim(),
    payment: company.payment.trim(),
    corr: company.corr.trim(),
    phone: phoneDigits(company.phone),
    email: sale.email.trim(),
  };
}
