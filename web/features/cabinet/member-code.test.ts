import { describe, expect, it } from 'vitest';
import { formatCountdown, groupCodeDigits, memberCodePayload, secondsToNextCode } from './member-code';

// RFC 6238 appendix B: the SHA-1 secret '12345678901234567890' in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('the member code', () => {
  it('is the card number and an RFC 6238 code on a 120 s step', () => {
    // At T = 59 s with a 30 s step the RFC code is 287082 (step 1); a 120 s step reaches step 1 at 120 s.
    const payload = memberCodePayload('7770000000000017', RFC_SECRET, 120_000 * 1 + 5_000);
    expect(payload).toMatch(/^7770000000000017\d{6}$/);
    expect(payload.slice(16)).toBe('287082');
  });

  it('stays the same within a step and changes with the next', () => {
    const at = 1_800_000_000_000 - (1_800_000_000_000 % 120_000);
    const a = memberCodePayload('7770000000000017', RFC_SECRET, at);
    expect(memberCodePayload('7770000000000017', RFC_SECRET, at + 119_000)).toBe(a);
    expect(memberCodePayload('7770000000000017', RFC_SECRET, at + 120_000)).not.toBe(a);
  });

  it('counts down to the next code', () => {
    expect(secondsToNextCode(0)).toBe(120);
    expect(secondsToNextCode(15_000)).toBe(105);
    expect(formatCountdown(105)).toBe('1:45');
    expect(formatCountdown(9)).toBe('0:09');
  });

  it('groups the 22 digits for a cashier to type: the card in fours, the code in threes', () => {
    expect(groupCodeDigits('7770000000000017287082')).toBe('7770 0000 0000 0017 287 082');
  });
});
