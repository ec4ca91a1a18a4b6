/**
 * The consent to advertising (38-ФЗ art. 18, decision 072), apart from the consent to process personal data that
 * the login form's terms ask for (CONSENT_VERSION). Zod-free and pure: the registration form shows this text and
 * the server records its version and hash with every change, so both read it from here.
 */

/** The channels advertising may reach a member by; each is consented to and withdrawn on its own. */
export const MARKETING_CHANNELS = ['sms', 'email', 'push'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/** How a consent changed: the registration form, the cabinet's switch, an unsubscribe link, support, a deletion. */
export const CONSENT_SOURCES = [
  'registration',
  'cabinet',
  'unsubscribe',
  'operator',
  'account_deleted',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The text the member agrees to. Changing a word is a new version: raise MARKETING_CONSENT_VERSION with it (the
 * history keeps the hash of the text, so a change without a new version still shows).
 */
export const MARKETING_CONSENT_TEXT =
  'Согласен получать рекламные и информационные сообщения об акциях (SMS, e-mail, push). Отказаться можно в любой момент';
export const MARKETING_CONSENT_VERSION = 'marketing-2026-11-29';
