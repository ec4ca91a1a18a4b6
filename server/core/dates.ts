/** The form's dd.mm.yyyy to the database's yyyy-mm-dd. */
export function fromFormDate(value: string): string {
  const [day, month, year] = value.split('.');
  return `${year}-${month}-${day}`;
}

/** The database's yyyy-mm-dd to the form's dd.mm.yyyy ('' for none). */
export function toFormDate(value: string | null): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * Today's date (yyyy-mm-dd) where the programme runs. Certificates are valid "to" a calendar day, and the demo
 * brand's customers live on Moscow time (UTC+3, no daylight saving).
 */
export function programmeToday(now: Date): string {
  return new Date(now.getTime() + 3 * 60 * 60_000).toISOString().slice(0, 10);
}
