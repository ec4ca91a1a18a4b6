import { sql, type SQL } from 'drizzle-orm';

/**
 * The birthday trigger's calendar (decision 081), pure. Days are the brand's calendar days, 'YYYY-MM-DD'; a
 * birthday is matched by month * 100 + day, the expression the `users_birthday` index is built on.
 */

/** The calendar day `days` after `day` (no time zone: a calendar day plus whole days). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Whose birthday falls on `day`, as month * 100 + day keys, and the year it is theirs. 29 February is kept on
 * 28 February in a year without it (as the birthday bonus, decision 027), so such a member is greeted every year.
 */
export function birthdaysOn(day: string): { keys: number[]; year: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const key = month * 100 + date;
  return { keys: key === 228 && !isLeap(year) ? [228, 229] : [key], year };
}

/** The birthday key of a `users.birth_date` column, exactly as the index has it (so the planner uses it). */
export const birthdayKeySql = (birthDate: SQL) =>
  sql`((extract(month from ${birthDate}) * 100 + extract(day from ${birthDate}))::int)`;
