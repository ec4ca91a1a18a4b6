import { formatDateTime } from '#common/lib/format';

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

/**
 * A gift card's sending time as its buyer typed it: in the browser's own time zone (the form's date-time input
 * is local), shown only after the page has loaded in the browser.
 */
export const localDateTime = (iso: string) =>
  formatDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);
