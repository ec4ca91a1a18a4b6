import { describe, expect, it } from 'vitest';
import { isoToRuDateTime, ruDateTimeToIso, ruDayToIso } from './dates';

describe("the console's date fields (decisions 053, 054)", () => {
  it("shows an instant as dd.mm.yyyy HH:MM on the brand's clock, whatever the browser's zone", () => {
    expect(isoToRuDateTime('2026-11-28T08:23:00.000Z', 'Europe/Moscow')).toBe('28.11.2026 11:23');
    expect(isoToRuDateTime('2026-11-28T08:23:00.000Z', 'Asia/Vladivostok')).toBe('28.11.2026 18:23');
    expect(isoToRuDateTime('2026-11-28T21:05:00.000Z', 'Europe/Moscow')).toBe('29.11.2026 00:05');
    expect(isoToRuDateTime('not a date', 'Europe/Moscow')).toBe('');
  });

  it("reads a typed date and time on the brand's clock, and round-trips it", () => {
    expect(ruDateTimeToIso('28.11.2026 11:23', 'Europe/Moscow')).toBe('2026-11-28T08:23:00.000Z');
    expect(ruDateTimeToIso(' 1.2.2027 9:05 ', 'Europe/Moscow')).toBe('2027-02-01T06:05:00.000Z');
    // Across a change of offset: Berlin in summer is UTC+2, in winter UTC+1.
    expect(ruDateTimeToIso('01.07.2026 12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00.000Z');
    expect(ruDateTimeToIso('01.12.2026 12:00', 'Europe/Berlin')).toBe('2026-12-01T11:00:00.000Z');
    const iso = '2026-03-29T00:30:00.000Z';
    expect(ruDateTimeToIso(isoToRuDateTime(iso, 'Europe/Berlin'), 'Europe/Berlin')).toBe(iso);
  });

  it('refuses what is no moment: the US order, a 31st of February, 24 hours, no time', () => {
    expect(ruDateTimeToIso('11/28/2026, 11:23 AM', 'Europe/Moscow')).toBeNull();
    expect(ruDateTimeToIso('31.02.2026 10:00', 'Europe/Moscow')).toBeNull();
    expect(ruDateTimeToIso('28.11.2026 24:00', 'Europe/Moscow')).toBeNull();
    expect(ruDateTimeToIso('28.11.2026', 'Europe/Moscow')).toBeNull();
    expect(ruDayToIso('28.11.2026')).toBe('2026-11-28');
  });
});
