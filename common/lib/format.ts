/**
 * How the product writes money, bonuses, counts and dates, on the server (cheques, invoices, e-mails, SMS, the
 * till's page) and in the browser alike (spec section 5: dd.mm.yyyy, a space between thousands, Russian plural
 * forms). Numbers and dates go through Intl; dates in the brand's time zone (the `timeZone` setting). Every text
 * a person reads writes its numbers through here (decision 052): no `toFixed`, no bare `${sum} ₽`.
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
const whole = once(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0, useGrouping: 'always' }));
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

/** Whether the value has kopecks once rounded to them (1.001 has none, 2.5 has). */
const hasFraction = (value: number) => Math.round(Math.abs(value) * 100) % 100 !== 0;

/**
 * 1850 -> '1 850', 2.5 -> '2,50', -200 -> '−200': a non-breaking space between thousands, and either no
 * decimals or two (never '109,7': a sum or a bonus count with kopecks always shows both digits).
 */
export const formatAmount = (value: number) => signed(value, hasFraction(value) ? money() : whole());

/** Roubles as a page or a message writes a sum: 1000 -> '1 000 ₽', 88.5 -> '88,50 ₽'. */
export const formatMoney = (roubles: number) => `${formatAmount(roubles)}\u00a0₽`;

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
export const DAY_FORMS: PluralForms = { one: 'день', few: 'дня', many: 'дней', other: 'дня' };
export const HOUR_FORMS: PluralForms = { one: 'час', few: 'часа', many: 'часов', other: 'часа' };
export const MINUTE_FORMS: PluralForms = { one: 'минута', few: 'минуты', many: 'минут', other: 'минуты' };
export const SECOND_FORMS: PluralForms = { one: 'секунда', few: 'секунды', many: 'секунд', other: 'секунды' };

/**
 * The plural form that agrees with the number as it is written: 566.62 reads '566,62 бонуса', and 2.001, written
 * '2', reads '2 бонуса' (the rules see the rounded value, so the word agrees with the digits a person sees).
 */
const agreeing = (value: number, forms: PluralForms) =>
  plural(Math.round(Math.abs(value) * 100) / 100, forms);

/** '1 850 бонусов', '21 бонус', '2,50 бонуса', '566,62 бонуса'. */
export const formatBonuses = (value: number) => `${formatAmount(value)}\u00a0${agreeing(value, BONUS_FORMS)}`;
/** '1 000 рублей', '1 рубль'. */
export const formatRoubles = (value: number) =>
  `${formatAmount(value)}\u00a0${agreeing(value, ROUBLE_FORMS)}`;
/** A whole count with its word: (3, MINUTE_FORMS) -> '3 минуты', (21, DAY_FORMS) -> '21 день'. */
export const formatCount = (value: number, forms: PluralForms) =>
  `${formatAmount(value)}\u00a0${agreeing(value, forms)}`;

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

/**
 * A calendar day (yyyy-mm-dd) as a short line writes it: '28.11' within the current year (`today`, yyyy-mm-dd in
 * the brand's zone), '28.11.2027' in another, so a date a year away never reads as this year's.
 */
export const formatDay = (day: string, today: string) =>
  `${day.slice(8, 10)}.${day.slice(5, 7)}${day.slice(0, 4) === today.slice(0, 4) ? '' : `.${day.slice(0, 4)}`}`;

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
