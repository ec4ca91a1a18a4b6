// The cheque's address and number, apart from the cheque's mail (cheque.ts): a payment's answer carries the
// address, and the mail loads the payment, so the two modules in one made an import loop (decision 057).
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Config } from '#server/config';

/** The cheque's address: the draft id with a MAC, so only someone who was given the link can open it. */
export function chequeUrlOf(config: Pick<Config, 'publicUrl' | 'authSecret'>, draftId: string): string {
  return `${originOf(config.publicUrl)}/cheque/${draftId}?k=${chequeKey(config, draftId)}`;
}

/**
 * The number a cheque shows: the first 8 hex digits of its payment's id, upper case ('3F2A9C1D'). The id is
 * the bank's order number too (without dashes), so support finds the payment by it; no counter is kept.
 */
export const chequeNumberOf = (draftId: string) => draftId.slice(0, 8).toUpperCase();

export function chequeKey(config: Pick<Config, 'authSecret'>, draftId: string): string {
  return createHmac('sha256', macKeyOf(config.authSecret))
    .update(`cheque:${draftId}`)
    .digest('base64url')
    .slice(0, 22);
}

// Every completed payment's answer carries its cheque's address: the key and the origin are made once per
// setting, not for each answer (decision 037). The same bytes as the string key, so the same MACs.
const macKeys = new Map<string, KeyObject>();
const macKeyOf = (secret: string) => {
  let key = macKeys.get(secret);
  if (!key) macKeys.set(secret, (key = createSecretKey(secret, 'utf8')));
  return key;
};
const origins = new Map<string, string>();
const originOf = (publicUrl: string) => {
  let origin = origins.get(publicUrl);
  if (origin === undefined) origins.set(publicUrl, (origin = new URL(publicUrl).origin));
  return origin;
};

export function isChequeKey(config: Pick<Config, 'authSecret'>, draftId: string, key: string): boolean {
  const expected = Buffer.from(chequeKey(config, draftId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
