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
