import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/** The cheque's address: the draft id with a MAC, so only someone who was given the link can open it. */
export function chequeUrlOf(config: Pick<Config, 'publicUrl' | 'authSecret'>, draftId: string): string {
  return `${new URL(config.publicUrl).origin}/cheque/${draftId}?k=${chequeKey(config, draftId)}`;
}

export function chequeKey(config: Pick<Config, 'authSecret'>, draftId: string): string {
  return createHmac('sha256', config.authSecret).update(`cheque:${draftId}`).digest('base64url').slice(0, 22);
}

export function isChequeKey(config: Pick<Config, 'authSecret'>, draftId: string, key: string): boolean {
  const expected = Buffer.from(chequeKey(config, draftId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
