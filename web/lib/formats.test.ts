import { describe, expect, it } from 'vitest';
import { formatPhone, maskCardNum } from './formats';

describe('formats (spec section 5)', () => {
  it("shows a phone as +7 (XXX) XXX-XX-XX, or '--' when it is too short", () => {
    expect(formatPhone('79000000001')).toBe('+7 (900) 000-00-01');
    expect(formatPhone('7900')).toBe('--');
  });

  it('masks all but the last four card digits', () => {
    expect(maskCardNum('7770000000000017')).toBe('**** **** **** 0017');
  });
});
