import { describe, expect, it } from 'vitest';
import {
  base32,
  isLuhnValid,
  ISSUED_CARD_PREFIX,
  luhnCheckDigit,
  newCardNumber,
  newQrSecret,
} from './card-numbers';

describe('card numbers and member-code secrets', () => {
  it('computes Luhn check digits (known numbers)', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('7770000000000011')).toBe(true);
  });

  it('issues 16-digit numbers with the programme prefix that pass the Luhn check', () => {
    const numbers = new Set(Array.from({ length: 200 }, newCardNumber));
    expect(numbers.size).toBe(200);
    for (const number of numbers) {
      expect(number).toMatch(/^\d{16}$/);
      expect(number.startsWith(ISSUED_CARD_PREFIX)).toBe(true);
      expect(isLuhnValid(number)).toBe(true);
    }
  });

  it('encodes secrets as RFC 4648 base32 (RFC 6238 test key) of 20 random bytes', () => {
    expect(base32(Buffer.from('12345678901234567890'))).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    const secret = newQrSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newQrSecret()).not.toBe(secret);
  });
});
