import { calendarDay, formatDate, formatDateTime } from '../../../common/lib/format';
import { useSettings } from '../../lib/settings';

/*
 * Dates in the console (decision 053): shown and typed as dd.mm.yyyy in the brand's time zone (the `timeZone`
 * setting), never in the browser's locale and zone (a browser in English drew «11/28/2026, 11:23 AM»).
 */

/** The brand's time zone and its formatters. */
export function useBrandDates() {
  const { timeZone } = useSettings();
  return {
    timeZone,
    /** 'dd.mm.yyyy в HH:MM' */
    dateTime: (iso: string) => formatDateTime(iso, timeZone),
    /** 'dd.mm.yyyy' */
    date: (iso: string) => formatDate(iso, timeZone),
    /** Today in the brand's zone as dd.mm.yyyy, a date field's default. */
    today: () => isoDayToRu(calendarDay(new Date(), timeZone)),
  };
}

/** 'yyyy-mm-dd' -> 'dd.mm.yyyy' */
export const isoDayToRu = (day: string) => day.split('-').reverse().join('.');

/** A typed 'dd.mm.yyyy' (or d.m.yyyy) as 'yyyy-mm-dd', or null when it is no such day. */
export function ruDayToIso(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day) ? day : null;
}

/** The pattern and hints of a dd.mm.yyyy field. */
export const RU_DAY_FIELD = {
  pattern: '\\d{1,2}\\.\\d{1,2}\\.\\d{4}',
  placeholder: 'дд.мм.гггг',
  inputMode: 'numeric',
  autoComplete: 'off',
} as const;
