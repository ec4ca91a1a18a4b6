import { calendarDay, formatDate, formatDateTime, formatTime } from '#common/lib/format';
import { useSettings } from '#web/lib/settings';

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

/** An instant as a date-time field shows it: 'dd.mm.yyyy HH:MM' in the time zone ('' for no instant). */
export function isoToRuDateTime(iso: string, timeZone: string): string {
  if (Number.isNaN(Date.parse(iso))) return '';
  return `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;
}

/** The wall clock of an instant in the zone, as 'yyyy-mm-ddTHH:MM'. */
const wallClock = (instant: Date, timeZone: string) =>
  `${formatDate(instant, timeZone).split('.').reverse().join('-')}T${formatTime(instant, timeZone)}`;

/**
 * A typed 'dd.mm.yyyy HH:MM' read on the clock of the time zone (the brand's, not the browser's: decision 054),
 * as an ISO instant; null when it is no such moment. Two corrections cover a change of offset in between.
 */
export function ruDateTimeToIso(text: string, timeZone: string): string | null {
  const match = /^(\S+)\s+(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const day = ruDayToIso(match[1]!);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (!day || hours > 23 || minutes > 59) return null;
  const target = Date.parse(`${day}T${String(hours).padStart(2, '0')}:${match[3]}:00Z`);
  let guess = target;
  for (let i = 0; i < 2; i++) guess += target - Date.parse(`${wallClock(new Date(guess), timeZone)}:00Z`);
  return new Date(guess).toISOString();
}

/** The pattern and hints of a 'dd.mm.yyyy HH:MM' field. */
export const RU_DATE_TIME_FIELD = {
  pattern: '\\d{1,2}\\.\\d{1,2}\\.\\d{4} \\d{1,2}:\\d{2}',
  placeholder: 'дд.мм.гггг чч:мм',
  // Not 'numeric': a phone's number pad has no colon or space.
  autoComplete: 'off',
} as const;
