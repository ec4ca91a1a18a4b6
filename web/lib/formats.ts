/** Dates show as dd.mm.yyyy (spec section 5) in the programme's time zone, the same on server and browser. */
const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** Splits operator text into paragraphs at blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A phone as a tel: link target: digits and the leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const PLURAL = new Intl.PluralRules('ru-RU');

/** Russian plural forms: one (1, 21), few (2–4, 22), many (5–20, 25), other (fractions: 1,5 бонуса). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other: string;
}

export const BONUS_FORMS: PluralForms = { one: 'бонус', few: 'бонуса', many: 'бонусов', other: 'бонуса' };
export const ROUBLE_FORMS: PluralForms = { one: 'рубль', few: 'рубля', many: 'рублей', other: 'рубля' };

export function plural(value: number, forms: PluralForms): string {
  return forms[PLURAL.select(value) as keyof PluralForms] ?? forms.other;
}

/**
 * An amount with a space between thousands (spec section 5) and at most 2 decimals after a comma. The space is
 * non-breaking so '1 850' never splits across lines; Intl is not used because Russian skips grouping below 10 000.
 */
export function formatAmount(value: number): string {
  const sign = value < 0 ? '−' : '';
  const [whole = '0', fraction] = Math.abs(value)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** '1 850 бонусов', '21 бонус', '2,5 бонуса'. */
export const formatBonuses = (value: number) => `${formatAmount(value)}\u00a0${plural(value, BONUS_FORMS)}`;
/** '1 000 рублей', '1 рубль'. */
export const formatRoubles = (value: number) => `${formatAmount(value)}\u00a0${plural(value, ROUBLE_FORMS)}`;

/** Spec section 5: '--' for fewer than 11 digits, otherwise +7 (XXX) XXX-XX-XX. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 11) return '--';
  const d = digits.slice(-10);
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}

/** The card number as the till sees it on the cabinet: only the last four digits. */
export function maskCardNum(cardNum: string): string {
  return `**** **** **** ${cardNum.slice(-4)}`;
}
