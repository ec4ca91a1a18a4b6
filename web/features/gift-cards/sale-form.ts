import { MAX_RECIPIENTS, MAX_SENDING_DAYS_AHEAD } from '#common/lib/gift-card-rules';
import {
  checkEmail,
  checkMaxLength,
  checkNominal,
  checkRequired,
  PHONE_MASKED,
  VALIDATION_MESSAGES,
} from '#common/lib/validation';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';

/** One recipient as the form holds it: the masked phone `+7 (###) ###-##-##` and an optional name. */
export interface RecipientDraft {
  phone: string;
  name: string;
}

export interface SaleFormValues {
  imageId: string;
  nominal: string;
  /** The first recipient is on the form; the recipients popup adds the rest. */
  recipients: RecipientDraft[];
  congratulation: string;
  sendLater: boolean;
  /** `datetime-local` value (the browser's local time), used only when `sendLater`. */
  sendingDate: string;
  email: string;
}

export const emptyRecipient = (): RecipientDraft => ({ phone: '', name: '' });

export function initialSaleForm(imageId = ''): SaleFormValues {
  return {
    imageId,
    nominal: '',
    recipients: [emptyRecipient()],
    congratulation: '',
    sendLater: false,
    sendingDate: '',
    email: '',
  };
}

/** A recipient's phone: required here (a card must go somewhere), then the spec's mask rule. */
export function checkRecipientPhone(value: string): string | null {
  if (value.length <= 2) return VALIDATION_MESSAGES.required;
  return PHONE_MASKED.test(value) ? null : VALIDATION_MESSAGES.phone;
}

export function checkSendingDate(value: string, now: Date): string | null {
  if (!value) return VALIDATION_MESSAGES.required;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return ruGiftCards.sendingDateInvalid;
  const ahead = at.getTime() - now.getTime();
  if (ahead < -60_000 || ahead > MAX_SENDING_DAYS_AHEAD * 86_400_000) return ruGiftCards.sendingDateInvalid;
  return null;
}

/** Each field the form tracks, with its message or null (spec section 5: nominal, phones, e-mail). */
export type TrackedErrors = Record<string, string | null>;

export function trackFields(values: SaleFormValues, now: Date): TrackedErrors {
  const tracked: TrackedErrors = {
    nominal:
      checkRequired(values.nominal) ??
      checkNominal(values.nominal.trim()) ??
      (Number(values.nominal) < 1 ? ruGiftCards.nominalMin : null),
    email: checkRequired(values.email) ?? checkEmail(values.email.trim()),
  };
  values.recipients.forEach((recipient, index) => {
    tracked[`phone${index}`] = checkRecipientPhone(recipient.phone);
    tracked[`name${index}`] = checkMaxLength(recipient.name, 100);
  });
  if (values.sendLater) tracked.sendingDate = checkSendingDate(values.sendingDate, now);
  return tracked;
}

export function congratulationError(values: SaleFormValues): string | null {
  return checkRequired(values.congratulation) ?? checkMaxLength(values.congratulation);
}

/**
 * Spec section 5: the gift card form is valid only when every tracked field is valid, at least 3 are tracked,
 * and a congratulation text is present (and a picture is chosen, which the form always has).
 */
export function isSaleFormValid(values: SaleFormValues, now: Date): boolean {
  const tracked = Object.values(trackFields(values, now));
  return (
    tracked.length >= 3 &&
    tracked.every((error) => error === null) &&
    congratulationError(values) === null &&
    values.imageId !== '' &&
    values.recipients.length <= MAX_RECIPIENTS
  );
}

/** `+7 (900) 000-00-01` → `79000000001`, the form the API takes. */
export const phoneDigits = (masked: string) => `7${masked.replace(/\D/g, '').slice(1)}`;

/** The `POST /api/gc/create` body for valid values. */
export function orderBody(values: SaleFormValues, idempotencyKey: string) {
  return {
    nominal: values.nominal.trim(),
    recipients: values.recipients.map((r) => ({ phone: phoneDigits(r.phone), name: r.name.trim() })),
    congratulation: values.congratulation.trim(),
    imageId: values.imageId,
    deliveryId: 'SMS_TO_CLIENT' as const,
    ...(values.sendLater ? { sendingDate: new Date(values.sendingDate).toISOString() } : {}),
    idempotencyKey,
  };
}
