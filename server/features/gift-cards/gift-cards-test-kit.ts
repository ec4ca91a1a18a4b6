// Helpers for the gift-card tests: a company's details that pass every rule (inn, kpp, bic, accounts).

export const COMPANY = {
  companyName: 'ООО «Ромашка»',
  inn: '7701234567',
  kpp: '770101001',
  bic: '044525225',
  bankName: 'ПАО Сбербанк',
  payment: '40702810938000012345',
  corr: '30101810400000000225',
  phone: '79005550399',
  email: 'buh@romashka.example',
};
