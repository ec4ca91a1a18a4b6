/**
 * The spec's form rules (section 5) as plain functions, so the browser's forms and the server's schemas agree
 * without zod reaching the browser. Each returns the spec's message, or null when the value passes.
 */
export const VALIDATION_MESSAGES = {
  required: 'Обязательное поле',
  maxLength: 'Слишком много символов',
  phone: 'Введены не все символы',
  email: 'Неверный формат почты',
  minLength: 'Введены не все символы',
  date: 'Такой даты нет',
  nominal: 'Только цифры',
  characters: 'Недопустимые символы',
  link: 'Нужна ссылка вида https://… или путь на сайте /…',
} as const;

/** Default maximum length of a text input (spec section 9). */
export const DEFAULT_MAX_LENGTH = 500;

/** The masked phone +7 (###) ###-##-## is complete at 18 characters. */
export const PHONE_MASKED = /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A lone UTF-16 surrogate (JSON's "\ud800") is no character: PostgreSQL's jsonb refuses it (a 500) and its text
 * keeps a U+FFFD in its place, so every text the API takes is refused with it (decision 050).
 */
export function checkWellFormed(value: string): string | null {
  return isWellFormedText(value) ? null : VALIDATION_MESSAGES.characters;
}

/** String.prototype.isWellFormed, which older phones' browsers lack: every surrogate is one of a pair. */
export function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/**
 * An address the site puts in a link or a frame (the brand's settings and pages, decision 050): https:// with a
 * host, or a path of the site itself (/about). Not javascript:, data: or http:, not //host or /\host (another
 * site), nothing a browser would read past (spaces, control characters, backslashes).
 */
export function checkLink(value: string): string | null {
  if ([...value].some((ch) => ch <= ' ' || ch === '\u007f' || ch === '\\')) return VALIDATION_MESSAGES.link;
  if (value.startsWith('/')) return value.startsWith('//') ? VALIDATION_MESSAGES.link : null;
  if (!/^https:\/\/[^/?#]/i.test(value)) return VALIDATION_MESSAGES.link;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname ? null : VALIDATION_MESSAGES.link;
  } catch {
    return VALIDATION_MESSAGES.link;
  }
}

export function checkRequired(value: string): string | null {
  return value.trim() ? null : VALIDATION_MESSAGES.required;
}

export function checkMaxLength(value: string, max = DEFAULT_MAX_LENGTH): string | null {
  return value.length > max ? VALIDATION_MESSAGES.maxLength : null;
}

/** Empty or a lone first character passes (the field is optional until typed into), as the spec says. */
export function checkPhone(value: string): string | null {
  if (value.length <= 1) return null;
  return PHONE_MASKED.test(value) ? null : VALIDATION_MESSAGES.phone;
}

/** A gift card's nominal: digits only, up to 5 (spec section 5 "nominal"). */
export function checkNominal(value: string): string | null {
  return /^\d{1,5}$/.test(value) ? null : VALIDATION_MESSAGES.nominal;
}

export function checkEmail(value: string): string | null {
  if (!value) return null;
  return EMAIL.test(value) && value.length <= 120 ? null : VALIDATION_MESSAGES.email;
}

/** Formats typed digits as +7 (###) ###-##-## (the spec's mask); a leading 8 or 7 is the country code. */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('8') || digits.startsWith('7')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (!digits) return input.trim() ? '+7' : '';
  const parts = [
    '+7 (',
    digits.slice(0, 3),
    digits.length > 3 ? ') ' + digits.slice(3, 6) : '',
    digits.length > 6 ? '-' + digits.slice(6, 8) : '',
    digits.length > 8 ? '-' + digits.slice(8, 10) : '',
  ];
  return parts.join('');
}

/** Formats typed digits as the spec's date mask ##.##.####. */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('.');
}

/** A complete dd.mm.yyyy that names a real day; empty passes (the field is optional). */
export function checkDate(value: string): string | null {
  if (!value) return null;
  if (!/^\d{2}\.\d{2}\.\d{4}$/.test(value)) return VALIDATION_MESSAGES.minLength;
  const [day, month, year] = value.split('.').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && date.getTime() <= Date.now() ? null : VALIDATION_MESSAGES.date;
}

/** Keeps the digits of a loyalty card number, at most 16 (spec section 5 "card"). */
export function maskCardNumber(input: string): string {
  return input.replace(/\D/g, '').slice(0, 16);
}

export function checkCardNumber(value: string): string | null {
  if (!value) return null;
  return /^\d{16}$/.test(value) ? null : VALIDATION_MESSAGES.minLength;
}
