import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * A campaign of the programme's earn rules (docs/decisions/027-programme-rules.md): when (days, ISO weekdays,
 * hours, all in the brand's time zone), where (points; empty: all), from which cheque, and its effect. The
 * contract validates every field (common/contract/programme.ts); the checks here keep the integers sane.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull().default(''),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }),
    weekdays: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** 'HH:MM'; both null for all day. */
    hoursFrom: text(),
    hoursTo: text(),
    pointIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Kopecks. */
    minCheque: bigint({ mode: 'number' }).notNull().default(0),
    /** MULTIPLIER: factor ×100; EXTRA_PERCENT: percent ×100; FIXED: kopecks. */
    effectKind: text().$type<'MULTIPLIER' | 'EXTRA_PERCENT' | 'FIXED'>().notNull(),
    effectValue: integer().notNull(),
    priority: integer().notNull().default(0),
    stacks: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('campaigns_effect_kind', sql`${t.effectKind} in ('MULTIPLIER', 'EXTRA_PERCENT', 'FIXED')`),
    check('campaigns_effect_value_positive', sql`${t.effectValue} > 0`),
    check('campaigns_min_cheque', sql`${t.minCheque} >= 0`),
  ],
);

/** The rules an accrual applied, as stored beside it (a draft, a till operation, a history row). */
export const earnRulesColumn = () =>
  jsonb().$type<{ kind: 'BASE' | 'CAMPAIGN'; id: string | null; title: string }[]>().notNull().default([]);
