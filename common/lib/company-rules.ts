import { VALIDATION_MESSAGES } from './validation';

/**
 * A company's bank details (spec section 5: inn 9 to 12 digits, kpp and bic exactly 9, correspondent and
 * payment accounts exactly 20). The spec shows no messages for these, so the form's own are used: digits
 * only, then too few or too many.
 */
function checkDigits(value: string, min: number, max: number): string | null {
  if (!value) return VALIDATION_MESSAGES.required;
  if (!/^\d+$/.test(value)) return VALIDATION_MESSAGES.nominal;
  if (value.length < min) return VALIDATION_MESSAGES.minLength;
  if (value.length > max) return VALIDATION_MESSAGES.maxLength;
  return null;
}

export const checkInn = (value: string) => checkDigits(value, 9, 12);
export const checkKpp = (value: string) => checkDigits(value, 9, 9);
export const checkBic = (value: string) => checkDigits(value, 9, 9);
export const checkAccount = (value: string) => checkDigits(value, 20, 20);
