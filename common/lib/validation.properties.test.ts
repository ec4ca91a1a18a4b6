import { describe, expect, it } from 'vitest';
import { forAll, testSeed, type Random } from '../testing/random';
import { checkPhone, maskCardNumber, maskDate, maskPhone, PHONE_MASKED } from './validation';

/** Property tests of the form masks (issue 8): seeded, `TEST_SEED=<n>` replays a failure. */

const SEED = testSeed(8);
const RUNS = 2000;

/** What people type or paste into a phone field: digits, the mask's own characters, spaces, letters, junk. */
function typed(random: Random): string {
  const alphabets = ['0123456789', '0123456789', '+() -', ' \t', 'abcxyzабв', '٣۴०😀.', '78'];
  let out = '';
  for (let i = random.int(0, 24); i > 0; i--) out += random.string(1, random.pick(alphabets));
  return out;
}

/** The phone mask and every prefix of it a person sees while typing. */
const PHONE_MASK_PREFIX =
  /^(|\+7|\+7 \(\d{1,3}|\+7 \(\d{3}\) \d{1,3}|\+7 \(\d{3}\) \d{3}-\d{1,2}|\+7 \(\d{3}\) \d{3}-\d{2}-\d{1,2})$/;

describe('maskPhone', () => {
  it('always yields the mask +7 (###) ###-##-## or a prefix of it', () => {
    forAll(RUNS, SEED, typed, (input) => {
      expect(maskPhone(input)).toMatch(PHONE_MASK_PREFIX);
      expect(maskPhone(input).length).toBeLessThanOrEqual(18);
    });
  });

  it('is idempotent: masking a masked phone changes nothing', () => {
    forAll(RUNS, SEED, typed, (input) => {
      const once = maskPhone(input);
      expect(maskPhone(once)).toBe(once);
    });
  });

  it('keeps the ten digits after the country code, and a full mask passes checkPhone', () => {
    forAll(
      RUNS,
      SEED,
      (random) => ({
        prefix: random.pick(['', '7', '8', '+7', '+7 ', '8 (']),
        digits: random.string(10, '0123456789'),
      }),
      ({ prefix, digits }) => {
        const masked = maskPhone(`${prefix}${digits}`);
        // A leading 7 or 8 of the ten digits is read as the country code only when no prefix came first.
        if (prefix || !/^[78]/.test(digits)) {
          expect(masked.replace(/\D/g, '')).toBe(`7${digits}`);
          expect(masked).toMatch(PHONE_MASKED);
          expect(checkPhone(masked)).toBeNull();
        }
      },
    );
  });
});

describe('maskDate and maskCardNumber', () => {
  it('maskDate yields ##.##.#### or a prefix of it, idempotently', () => {
    forAll(RUNS, SEED, typed, (input) => {
      const once = maskDate(input);
      expect(once).toMatch(/^(|\d{1,2}|\d{2}\.\d{1,2}|\d{2}\.\d{2}\.\d{1,4})$/);
      expect(maskDate(once)).toBe(once);
    });
  });

  it('maskCardNumber keeps at most 16 digits, idempotently', () => {
    forAll(RUNS, SEED, typed, (input) => {
      const once = maskCardNumber(input);
      expect(once).toMatch(/^\d{0,16}$/);
      expect(maskCardNumber(once)).toBe(once);
    });
  });
});
