import { describe, expect, it } from 'vitest';
import { checkCardNumber, checkDate, maskCardNumber, maskDate } from './validation';

describe('date and card rules (spec section 5)', () => {
  it('masks a date as ##.##.####', () => {
    expect(maskDate('1405')).toBe('14.05');
    expect(maskDate('14051990123')).toBe('14.05.1990');
    expect(maskDate('1')).toBe('1');
  });

  it('accepts only complete, real, past dates', () => {
    expect(checkDate('')).toBeNull();
    expect(checkDate('14.05.1990')).toBeNull();
    expect(checkDate('14.05')).toBe('Введены не все символы');
    expect(checkDate('31.02.1990')).toBe('Такой даты нет');
    expect(checkDate('01.01.2999')).toBe('Такой даты нет');
  });

  it('keeps at most 16 card digits and wants all 16', () => {
    expect(maskCardNumber('7770 0000 0000 0017 9')).toBe('7770000000000017');
    expect(checkCardNumber('777')).toBe('Введены не все символы');
    expect(checkCardNumber('7770000000000017')).toBeNull();
  });
});
