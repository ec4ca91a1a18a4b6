/**
 * A moment as the brand's customers see it: the calendar day, the ISO weekday and the minute of the day in the
 * brand's time zone (campaign days, weekdays and hours are written in it). Formatters are kept per zone: this
 * runs on every accrual.
 */
export interface LocalTime {
  /** 'YYYY-MM-DD'. */
  day: string;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: number;
  /** 0 to 1439. */
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatOf(timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function localTime(at: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS[parts.weekday!]!,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** 'HH:MM' as the minute of the day. */
export const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
