import { createHmac } from 'node:crypto';

/**
 * What keys a once-per-person event bonus (welcome, birthday: decision 030): an HMAC of the phone under a key
 * derived from AUTH_SECRET. Deleting an account replaces its phone (decision 028) and a new registration of the
 * same phone is a new customer, but the phone's key is the same, so the ledger's idempotency key refuses a
 * second welcome bonus. Nothing readable is kept: without the secret the key does not give the phone back.
 */
export function phoneKey(secret: string, phone: string): string {
  const key = createHmac('sha256', secret).update('kopilka/event-bonus-phone').digest();
  return createHmac('sha256', key).update(phone).digest('base64url');
}
