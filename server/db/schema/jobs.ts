import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * How far a job that walks a time line has got (decision 079): the level-window job has announced every
 * purchase before `until` aging out of the 12 months. A run locks its row, so two instances never
 * walk the same stretch.
 */
export const jobCursors = pgTable('job_cursors', {
  name: text().primaryKey(),
  until: timestamp({ withTimezone: true }).notNull(),
});
