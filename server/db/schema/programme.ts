import type { AppliedRule } from '#common/contract/programme';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerTransactions } from './ledger';

const at = () => timestamp({ withTimezone: true });

/** A campaign's goods conditions as stored: codes, thousandths of a unit, kopecks. */
export interface StoredCampaignGoods {
  categories: string[];
  skus: string[];
  excludeCategories: string[];
  excludeSkus: string[];
  minQuantityMilli: number;
  minSum: number;
}

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
    /** Conditions on the receipt's goods (decision 062), integers only; null: the whole cheque. */
    goods: jsonb().$type<StoredCampaignGoods>(),
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
export const earnRulesColumn = () => jsonb().$type<AppliedRule[]>().notNull().default([]);

/**
 * Bonuses held as lots (decision 027): every credit to a customer's bonus account is a lot (what, when, until
 * when), and every debit takes from the lots soonest to expire first, then the oldest. A trigger on
 * `ledger_entries` (hand-written in migration 0014) keeps them, so every posting (any kind, present or future)
 * keeps `sum(remaining) = balance`; the expiry job posts what is left of an expired lot as `bonus_expiry`.
 */
export const bonusLots = pgTable(
  'bonus_lots',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** The posting that credited it. */
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    amount: bigint({ mode: 'number' }).notNull(),
    remaining: bigint({ mode: 'number' }).notNull(),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null: never (expiry was off when it was earned). */
    expiresAt: timestamp({ withTimezone: true }),
    /** When the SMS warning about its expiry went out (once). */
    warnedAt: timestamp({ withTimezone: true }),
    /**
     * Kopecks given back to it by restores (decision 030). Part of the expiry's ledger key, since a lot that
     * expired and then had a hold's bonuses given back expires a second time.
     */
    restored: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('bonus_lots_user_open')
      .on(t.userId, t.expiresAt, t.earnedAt)
      .where(sql`${t.remaining} > 0`),
    index('bonus_lots_expiring')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
    check('bonus_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * What one debit took from one lot (decision 030), kept by the same trigger: a posting that restores the debit
 * (`ledger_transactions.restores_id`) gives each lot back what it gave, up to `amount - returned`, so a released
 * hold or a refund keeps the bonuses' original expiry.
 */
export const bonusLotTakes = pgTable(
  'bonus_lot_takes',
  {
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    lotId: uuid()
      .notNull()
      .references(() => bonusLots.id),
    amount: bigint({ mode: 'number' }).notNull(),
    returned: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.lotId] }),
    check('bonus_lot_takes_returned', sql`${t.returned} >= 0 and ${t.returned} <= ${t.amount}`),
  ],
);

/**
 * Bonuses earned in the brand's return window (decision 030), one row per earning posting: credited to the
 * customer's `bonus_pending` account, moved to `bonus` by the job once `releasesAt` passes (`released`), or
 * taken back by a refund before that (`reversed`). The one conditional update of `state` decides which.
 */
export const pendingBonuses = pgTable(
  'pending_bonuses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** The earning posting's idempotency key (`till-complete:<id>`, `till-accrue:<id>`, `payment-complete:<id>`). */
    sourceKey: text().notNull().unique(),
    amount: bigint({ mode: 'number' }).notNull(),
    releasesAt: timestamp({ withTimezone: true }).notNull(),
    state: text().notNull().default('pending'),
  },
  (t) => [
    index('pending_bonuses_due')
      .on(t.releasesAt)
      .where(sql`${t.state} = 'pending'`),
    index('pending_bonuses_user')
      .on(t.userId, t.releasesAt)
      .where(sql`${t.state} = 'pending'`),
    check('pending_bonuses_state', sql`${t.state} in ('pending', 'released', 'reversed')`),
    check('pending_bonuses_amount', sql`${t.amount} > 0`),
  ],
);
