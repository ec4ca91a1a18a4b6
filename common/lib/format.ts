/**
 * How the product writes money, bonuses and dates, on the server (cheques, invoices, e-mails, the till's page)
 * and in the browser alike (spec section 5: dd.mm.yyyy, a space between thousands, Russian plural forms).
 * Numbers and dates go through Intl; dates in the brand's time zone (the `timeZone` setting).
 */

/** The time zone of a brand that has not chosen one: the demo brand's and most Russian chains'. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/**
 * Made at first use, not at import: making an Intl object costs milliseconds (ICU loads its Russian data), and
 * three made at once were one long task of every page that imports this module (decision 038).
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

// Grouping always (never only from 10 000), so every ICU writes '1 850' alike and hydration agrees.
const number = once(
  () => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2, useGrouping: 'always' }),
);
const money = once(
  () =>
    new Intl.NumberFormat('ru-RU', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    }),
);

const signed = (value: number, format: Intl.NumberFormat) =>
  `${value < 0 ? '−' : ''}${format.format(Math.abs(value))}`;

/** 1850 -> '1 850', 2.5 -> '2,5', -200 -> '−200' (a non-breaking space between thousands, at most 2 decimals). */
export const formatAmount = (value: number) => signed(value, number());

/** Kopecks as a document writes a sum: 100250 -> '1 002,50 ₽'. */
export const formatKopecks = (kopecks: number) => `${signed(kopecks / 100, money())}\u00a0₽`;

/** Russian plural forms: one (1, 21), few (2–4, 22), many (5–20, 25), other (fractions: 1,5 бонуса). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other: string;
}

const pluralRules = once(() => new Intl.PluralRules('ru-RU'));

export function plural(value: number, forms: PluralForms): string {
  return forms[pluralRules().select(value) as keyof PluralForms] ?? forms.other;
}

export const BONUS_FORMS: PluralForms = { one: 'бонус', few: 'бонуса', many: 'бонусов', other: 'бонуса' };
export const ROUBLE_FORMS: PluralForms = { one: 'рубль', few: 'рубля', many: 'рублей', other: 'рубля' };

/** '1 850 бонусов', '21 бонус', '2,5 бонуса'. */
export const formatBonuses = (value: number) => `${formatAmount(value)}\u00a0${plural(value, BONUS_FORMS)}`;
/** '1 000 рублей', '1 рубль'. */
export const formatRoubles = (value: number) => `${formatAmount(value)}\u00a0${plural(value, ROUBLE_FORMS)}`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone and shape, made once (making one costs more than formatting with it). */
function dateFormat(timeZone: string, shape: 'date' | 'time' | 'iso-date'): Intl.DateTimeFormat {
  const key = `${shape}:${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      shape === 'time'
        ? new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
        : new Intl.DateTimeFormat(shape === 'date' ? 'ru-RU' : 'en-CA', {
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            timeZone,
          });
    formatters.set(key, format);
  }
  return format;
}

/** An instant as dd.mm.yyyy in the time zone. */
export const formatDate = (when: string | Date, timeZone: string) =>
  dateFormat(timeZone, 'date').format(new Date(when));

/** An instant as HH:MM in the time zone. */
export const formatTime = (when: string | Date, timeZone: string) =>
  dateFormat(timeZone, 'time').format(new Date(when));

/** An instant as 'dd.mm.yyyy в HH:MM' in the time zone. */
export const formatDateTime = (when: string | Date, timeZone: string) =>
  `${formatDate(when, timeZone)} в ${formatTime(when, timeZone)}`;

/** The calendar day (yyyy-mm-dd) an instant falls on in the time zone: "valid to" dates end there. */
export const calendarDay = (when: Date, timeZone: string) => dateFormat(timeZone, 'iso-date').format(when);

/** Zones Intl has accepted, at most a thousand (Intl also takes other spellings of a name: they count too). */
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 1000;

/**
 * Whether Intl knows the time zone (a brand setting is checked with it). A known zone is remembered: making the
 * formatter that proves it cost a third of a millisecond, and the settings' schema asks on every parse. An
 * unknown name is checked again each time (remembering those would let any input grow the set).
 */
export function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  if (knownZones.size < MAX_KNOWN_ZONES) knownZones.add(value);
  return true;
}
