import { describe, expect, it } from 'vitest';
import { formatAmount, formatBonuses, formatPhone, formatRoubles, maskCardNum } from './formats';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('formats (spec section 5)', () => {
  it('groups thousands with a space and keeps at most 2 decimals', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(1850)).toBe(nbsp('1 850'));
    expect(formatAmount(1234567.5)).toBe(nbsp('1 234 567,5'));
    expect(formatAmount(12.345)).toBe('12,35');
    expect(formatAmount(-200)).toBe('−200');
  });

  it('uses the Russian plural forms of бонус and рубль', () => {
    expect(formatBonuses(1)).toBe(nbsp('1 бонус'));
    expect(formatBonuses(3)).toBe(nbsp('3 бонуса'));
    expect(formatBonuses(11)).toBe(nbsp('11 бонусов'));
    expect(formatBonuses(21)).toBe(nbsp('21 бонус'));
    expect(formatBonuses(1850)).toBe(nbsp('1 850 бонусов'));
    expect(formatBonuses(2.5)).toBe(nbsp('2,5 бонуса'));
    expect(formatRoubles(1000)).toBe(nbsp('1 000 рублей'));
    expect(formatRoubles(22)).toBe(nbsp('22 рубля'));
    expect(formatRoubles(101)).toBe(nbsp('101 рубль'));
  });

  it("shows a phone as +7 (XXX) XXX-XX-XX, or '--' when it is too short", () => {
    expect(formatPhone('79000000001')).toBe('+7 (900) 000-00-01');
    expect(formatPhone('7900')).toBe('--');
  });

  it('masks all but the last four card digits', () => {
    expect(maskCardNum('7770000000000017')).toBe('**** **** **** 0017');
  });
});
