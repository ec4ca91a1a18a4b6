import { describe, expect, it } from 'vitest';
import { localTime } from '#server/core/earn/local-time';
import { addDays, birthdaysOn } from './birthday-day';

describe('the birthday trigger calendar (decision 081)', () => {
  it('adds whole calendar days across months, years and 29 February', () => {
    expect(addDays('2030-12-30', 5)).toBe('2031-01-04');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2030-06-15', 0)).toBe('2030-06-15');
  });

  it('greets 29 February birthdays on 28 February in a year without it, and on the day in a leap year', () => {
    expect(birthdaysOn('2027-02-28')).toEqual({ keys: [228, 229], year: 2027 });
    expect(birthdaysOn('2028-02-28')).toEqual({ keys: [228], year: 2028 });
    expect(birthdaysOn('2028-02-29')).toEqual({ keys: [229], year: 2028 });
    expect(birthdaysOn('2027-03-01')).toEqual({ keys: [301], year: 2027 });
    expect(birthdaysOn('2100-02-28')).toEqual({ keys: [228, 229], year: 2100 }); // 2100 is not a leap year
    expect(birthdaysOn('2000-02-28')).toEqual({ keys: [228], year: 2000 });
  });

  it('takes "today" in the brand\'s zone: 22:30 UTC on 31 December is already 1 January in Moscow', () => {
    const at = new Date('2030-12-31T22:30:00Z');
    expect(localTime(at, 'Europe/Moscow').day).toBe('2031-01-01');
    expect(localTime(at, 'Europe/Kaliningrad').day).toBe('2031-01-01');
    expect(localTime(at, 'Europe/London').day).toBe('2030-12-31');
    // Three days before a birthday on 3 January: the year of the birthday, not of the message.
    expect(birthdaysOn(addDays(localTime(at, 'Europe/Moscow').day, 2))).toEqual({ keys: [103], year: 2031 });
  });
});
