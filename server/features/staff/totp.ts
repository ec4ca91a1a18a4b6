import { Secret, TOTP } from 'otpauth';

/** The authenticator's codes: RFC 6238 as every authenticator app reads it (SHA-1, 6 digits, 30 s). */
const PERIOD = 30;

function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: 'Kopilka',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, base32) and its otpauth:// address for the QR. */
export function newTotpSecret(email: string) {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, email).toString() };
}

/**
 * The time step a code belongs to (one step either side, for clocks a little apart), or null when the code
 * is wrong. The caller accepts a step only once, so a code seen over a shoulder cannot be replayed.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}
