import { useState } from 'react';
import { ruAdminContent } from '#web/i18n/ru-admin-content';
import {
  isoDayToRu,
  isoToRuDateTime,
  RU_DATE_TIME_FIELD,
  RU_DAY_FIELD,
  ruDateTimeToIso,
  ruDayToIso,
  useBrandDates,
} from '../dates';
import { TextInput } from './form-fields';

/*
 * The content screens' date fields (decision 054): text in dd.mm.yyyy (and HH:MM), read on the brand's clock. A
 * `type="date"` or `datetime-local` field draws the browser's locale («11/28/2026, 11:23 AM») and its zone.
 */

interface Props<V> {
  label: string;
  value: V;
  error?: string;
  disabled?: boolean;
  onValue: (value: V) => void;
}

/**
 * Keeps the text as typed while it is no date yet; an outside change (another item opened) rewrites it. `parse`
 * gives the value, or undefined for text that is not one: the field says so, and the text itself goes up as the
 * value, so a save is refused rather than keeping the date the form had before.
 */
function useTypedText<V>(value: V, show: (value: V) => string, parse: (text: string) => V | undefined) {
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== text && parse(text) !== value) setText(show(value));
  }
  return { text, setText, wrong: parse(text) === undefined };
}

/** A calendar day, 'yyyy-mm-dd' or null (empty: no day), typed as dd.mm.yyyy. */
export function DayInput({ label, value, error, disabled, onValue }: Props<string | null>) {
  const parse = (text: string) => (text.trim() === '' ? null : (ruDayToIso(text) ?? undefined));
  const typed = useTypedText(value, (v) => (v ? isoDayToRu(v) : ''), parse);
  return (
    <TextInput
      label={label}
      {...RU_DAY_FIELD}
      value={typed.text}
      disabled={disabled}
      error={typed.wrong ? ruAdminContent.dates.day : error}
      onValue={(text) => {
        typed.setText(text);
        onValue(parse(text) ?? text);
      }}
    />
  );
}

/** An instant (ISO 8601), typed as dd.mm.yyyy HH:MM on the brand's clock. */
export function DateTimeInput({ label, value, error, disabled, onValue }: Props<string>) {
  const { timeZone } = useBrandDates();
  const parse = (text: string) => ruDateTimeToIso(text, timeZone) ?? undefined;
  const typed = useTypedText(value, (v) => isoToRuDateTime(v, timeZone), parse);
  return (
    <TextInput
      label={label}
      {...RU_DATE_TIME_FIELD}
      hint={ruAdminContent.dates.zone(timeZone)}
      value={typed.text}
      disabled={disabled}
      error={typed.wrong ? ruAdminContent.dates.dateTime : error}
      onValue={(text) => {
        typed.setText(text);
        onValue(parse(text) ?? text);
      }}
    />
  );
}
