import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header that carries a delivery's signature (decision 073), as Stripe's `Stripe-Signature`. */
export const SIGNATURE_HEADER = 'kopilka-signature';
/** How old a signed timestamp a receiver should accept, in seconds (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_S = 300;

/** A new signing secret: 32 random bytes, `whsec_` and base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** HMAC-SHA256 (hex) of `<t>.<body>` with the endpoint's secret. */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for a body sent at `at`: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(secret: string, at: Date, body: string): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signPayload(secret, t, body)}`;
}

/**
 * What a receiver does (and the tests' receiver does): the header parsed, every `v1` compared in constant time
 * with the HMAC of the raw body, the timestamp within the tolerance of `now`.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(signPayload(secret, t, body), 'hex');
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
