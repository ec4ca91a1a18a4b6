import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  formatAmount,
  formatBonuses,
  formatDate,
  formatCount,
  formatDateTime,
  formatDay,
  formatKopecks,
  formatMoney,
  formatRoubles,
  isTimeZone,
  DAY_FORMS,
  HOUR_FORMS,
  MINUTE_FORMS,
  SECOND_FORMS,
} from './format';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('formats (spec section 5)', () => {
  it('groups thousands with a non-breaking space and writes no decimals or two, never one', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(1850)).toBe(nbsp('1 850'));
    expect(formatAmount(1234567.5)).toBe(nbsp('1 234 567,50'));
    expect(formatAmount(109.7)).toBe('109,70');
    expect(formatAmount(12.345)).toBe('12,35');
    expect(formatAmount(2.001)).toBe('2');
    expect(formatAmount(-200)).toBe('−200');
    expect(formatAmount(-0.5)).toBe('−0,50');
  });

  it('writes a sum in roubles as a page does', () => {
    expect(formatMoney(1000)).toBe(nbsp('1 000 ₽'));
    expect(formatMoney(88.5)).toBe(nbsp('88,50 ₽'));
    expect(formatMoney(1002.5)).toBe(nbsp('1 002,50 ₽'));
  });

  it('writes kopecks as a document does, exactly', () => {
    expect(formatKopecks(100250)).toBe(nbsp('1 002,50 ₽'));
    expect(formatKopecks(5)).toBe(nbsp('0,05 ₽'));
    expect(formatKopecks(-1999)).toBe(nbsp('−19,99 ₽'));
    expect(formatKopecks(123456789012)).toBe(nbsp('1 234 567 890,12 ₽'));
  });

  it('uses the Russian plural forms of бонус and рубль', () => {
    expect(formatBonuses(1)).toBe(nbsp('1 бонус'));
    expect(formatBonuses(3)).toBe(nbsp('3 бонуса'));
    expect(formatBonuses(11)).toBe(nbsp('11 бонусов'));
    expect(formatBonuses(21)).toBe(nbsp('21 бонус'));
    expect(formatBonuses(1850)).toBe(nbsp('1 850 бонусов'));
    expect(formatBonuses(2.5)).toBe(nbsp('2,50 бонуса'));
    expect(formatBonuses(566.62)).toBe(nbsp('566,62 бонуса'));
    expect(formatBonuses(30.01)).toBe(nbsp('30,01 бонуса'));
    expect(formatBonuses(5.001)).toBe(nbsp('5 бонусов'));
    expect(formatBonuses(22.5)).toBe(nbsp('22,50 бонуса'));
    expect(formatRoubles(1000)).toBe(nbsp('1 000 рублей'));
    expect(formatRoubles(22)).toBe(nbsp('22 рубля'));
    expect(formatRoubles(101)).toBe(nbsp('101 рубль'));
  });

  it('agrees the countdown’s words with their numbers', () => {
    expect(formatCount(3, MINUTE_FORMS)).toBe(nbsp('3 минуты'));
    expect(formatCount(34, SECOND_FORMS)).toBe(nbsp('34 секунды'));
    expect(formatCount(21, DAY_FORMS)).toBe(nbsp('21 день'));
    expect(formatCount(1, HOUR_FORMS)).toBe(nbsp('1 час'));
    expect(formatCount(11, MINUTE_FORMS)).toBe(nbsp('11 минут'));
    expect(formatCount(0, SECOND_FORMS)).toBe(nbsp('0 секунд'));
  });

  it('shows a short day’s year only when it is not this year', () => {
    expect(formatDay('2026-12-25', '2026-11-28')).toBe('25.12');
    expect(formatDay('2027-11-28', '2026-11-28')).toBe('28.11.2027');
    expect(formatDay('2025-12-31', '2026-01-01')).toBe('31.12.2025');
  });

  it('writes dates and times in the brand’s time zone', () => {
    const lateEvening = '2026-03-31T21:30:00Z';
    expect(formatDate(lateEvening, 'Europe/Moscow')).toBe('01.04.2026');
    expect(formatDate(lateEvening, 'Europe/Kaliningrad')).toBe('31.03.2026');
    expect(formatDateTime(lateEvening, 'Asia/Vladivostok')).toBe('01.04.2026 в 07:30');
    expect(formatDateTime('2026-01-01T00:05:00Z', 'Europe/Moscow')).toBe('01.01.2026 в 03:05');
    expect(calendarDay(new Date(lateEvening), 'Europe/Moscow')).toBe('2026-04-01');
    expect(calendarDay(new Date(lateEvening), 'Europe/Kaliningrad')).toBe('2026-03-31');
  });

  it('knows real time zones only', () => {
    expect(isTimeZone('Asia/Yekaterinburg')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
  });
});
