import { randomBytes, randomInt } from 'node:crypto';

/** Issued cards start with the programme's prefix; plastic cards bound by their holders may not. */
export const ISSUED_CARD_PREFIX = '7770';

/** The Luhn check digit for `digits` (the number without its last digit). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts from the rightmost digit of the payload, which sits next to the check digit.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(cardNum: string): boolean {
  return /^\d{2,}$/.test(cardNum) && luhnCheckDigit(cardNum.slice(0, -1)) === cardNum.slice(-1);
}

/** A new 16-digit number: prefix, 11 random digits, Luhn check digit. Uniqueness is the database's job. */
export function newCardNumber(): string {
  let body = ISSUED_CARD_PREFIX;
  while (body.length < 15) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what TOTP apps and libraries read). */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A card's member-code secret: 20 random bytes (160 bits, RFC 4226's recommended HMAC-SHA-1 key size). */
export const newQrSecret = () => base32(randomBytes(20));
