import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The reports' daily rollup (docs/decisions/031): for each calendar day in a time zone that has ended, the
 * day's sums as the live queries computed them (the ledger's movement per system account, new and active
 * members, the payments per point and part). A day is written once, with its row in `report_days_closed`, in
 * one transaction; a report reads closed days from here and today live, so its cost grows with the days of the
 * range, not with the operations. The rows belong to one time zone: a brand that changes its zone gets new rows.
 */
export const reportDays = pgTable(
  'report_days',
  {
    timeZone: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /**
     * `ledger:<system account id>`, `ledger:gift_card_add`, `new_members`, `active_members`,
     * `fiscal:money:<source>`, `fiscal:receipts` (decision 090; the payments are in `report_point_days`).
     */
    metric: text().notNull(),
    /** The retail point of a payment figure; 0 for the programme's own figures. */
    point: integer().notNull().default(0),
    value: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'report_days_pk', columns: [t.timeZone, t.day, t.metric, t.point] })],
);

/** The days (per time zone) whose rows are in `report_days`, and when they were computed. */
export const reportDaysClosed = pgTable(
  'report_days_closed',
  {
    timeZone: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'report_days_closed_pk', columns: [t.timeZone, t.day] })],
);

/**
 * The reports' breakdowns per ended day (decision 088), written with the day's `report_days` rows: the receipt
 * lines per catalogue category (`kind` `category`, `key` its id, '' for goods without one), as decision 068's
 * live queries compute them, so a report over months reads these rows and only today live. (The bonuses per
 * retail point, once `kind` `point` here, are in `report_point_days` since decision 090.)
 */
export const reportBreakdownDays = pgTable(
  'report_breakdown_days',
  {
    timeZone: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    kind: text().$type<'point' | 'category'>().notNull(),
    key: text().notNull(),
    lines: integer().notNull().default(0),
    goods: bigint({ mode: 'number' }).notNull().default(0),
    /** A point's bonuses issued; a category's bonuses earned. */
    earned: bigint({ mode: 'number' }).notNull(),
    spent: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'report_breakdown_days_pk', columns: [t.timeZone, t.day, t.kind, t.key] })],
);

/**
 * The reports' active members per ended day (decision 090): of the members with an operation on `day`, how many
 * had their previous operation on `previousDay` ('-infinity': none before). A member is active over from..to
 * exactly once, on their first active day of the range, the one whose previous day is before `from`; so the
 * count over any range of ended days is a sum of these rows, however many members the chain has.
 */
export const reportActiveDays = pgTable(
  'report_active_days',
  {
    timeZone: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    previousDay: date({ mode: 'string' }).notNull(),
    members: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'report_active_days_pk', columns: [t.timeZone, t.day, t.previousDay] })],
);

/**
 * What the programme owed at the end of an ended day (decision 090), in kopecks: the customers' bonuses (with the
 * pending and held ones), their money-like balances and the gift cards'. Summing every account is a read of every
 * member; done once a day by the job, a report works forward from the latest with the rollup's daily flows.
 */
export const reportOwedDays = pgTable(
  'report_owed_days',
  {
    timeZone: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    bonus: bigint({ mode: 'number' }).notNull(),
    money: bigint({ mode: 'number' }).notNull(),
    gift: bigint({ mode: 'number' }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'report_owed_days_pk', columns: [t.timeZone, t.day] })],
);

/**
 * The rollup's figures per ended day and retail point (decision 090), one row each: the payments' parts
 * (decision 031: count, total, and what bonuses, the money-like balance, the card, SBP, gift cards and the till
 * took) and the bonuses the point's postings issued and spent (decision 068), in kopecks.
 */
export const reportPointDays = pgTable(
  'report_point_days',
  {
    timeZone: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    point: integer().notNull(),
    count: integer().notNull().default(0),
    total: bigint({ mode: 'number' }).notNull().default(0),
    bonuses: bigint({ mode: 'number' }).notNull().default(0),
    money: bigint({ mode: 'number' }).notNull().default(0),
    card: bigint({ mode: 'number' }).notNull().default(0),
    sbp: bigint({ mode: 'number' }).notNull().default(0),
    gift: bigint({ mode: 'number' }).notNull().default(0),
    till: bigint({ mode: 'number' }).notNull().default(0),
    issued: bigint({ mode: 'number' }).notNull().default(0),
    spent: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'report_point_days_pk', columns: [t.timeZone, t.day, t.point] })],
);
