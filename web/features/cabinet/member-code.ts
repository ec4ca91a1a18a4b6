import { Secret, TOTP } from 'otpauth';

/** docs/design/product.md "The member code at the till": RFC 6238 shape, HMAC-SHA1, 6 digits, a 120 s step. */
export const MEMBER_CODE_STEP_SECONDS = 120;

/**
 * The payload the till scans: the 16-digit card number and the current 6-digit code, 22 digits in all
 * (digits only, so the QR stays small and a cashier can type it when a scanner fails).
 */
export function memberCodePayload(cardNum: string, qrSalt: string, atMs: number): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: MEMBER_CODE_STEP_SECONDS,
    secret: Secret.fromBase32(qrSalt),
  });
  return `${cardNum}${totp.generate({ timestamp: atMs })}`;
}

/** Seconds until the code changes. */
export function secondsToNextCode(atMs: number): number {
  const stepMs = MEMBER_CODE_STEP_SECONDS * 1000;
  return Math.ceil((stepMs - (atMs % stepMs)) / 1000);
}

/** '1:45' */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The payload as a cashier types it when the scanner fails: the card number in fours, then the code in threes
 * ('1234 5678 9012 3456 123 456'), so the eye keeps its place across 22 digits.
 */
export function groupCodeDigits(payload: string): string {
  const card = payload.slice(0, 16).match(/.{1,4}/g) ?? [];
  const code = payload.slice(16).match(/.{1,3}/g) ?? [];
  return [...card, ...code].join(' ');
}
