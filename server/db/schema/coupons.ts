import { sql } from 'drizzle-orm';
import {
  boolean,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { paymentDrafts } from './payments';
import { tillOperations, tillVisits } from './till';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });

/** How a promo's codes are given: one code for everyone, one-use codes, or coupons each for one member. */
export type PromoKind = 'shared' | 'unique' | 'personal';
/** What a code does to a cheque: a discount (percent or kopecks) or extra bonuses (percent or kopecks). */
export type PromoEffect = 'discount_percent' | 'discount_fixed' | 'bonus_percent' | 'bonus_fixed';

/**
 * A promo (issue 29 item 4, decision 064): the marketer's campaign that issues codes. `value` is a percent
 * (1..100) or kopecks, by `effect`; `categoryId` narrows it to the lines of that category and the ones below
 * (null: the whole receipt). Limits count the uses held or made: per member and in total; null is none.
 */
export const promos = pgTable(
  'promos',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    kind: text().$type<PromoKind>().notNull(),
    effect: text().$type<PromoEffect>().notNull(),
    value: kopecks().notNull(),
    categoryId: text(),
    /** The first and last day (inclusive) in the brand's time zone; null: no bound. */
    startsOn: date({ mode: 'string' }),
    endsOn: date({ mode: 'string' }),
    perMemberLimit: integer(),
    totalLimit: integer(),
    /** Paused by the marketer: its codes are refused at the till until it is resumed (their holds stay). */
    paused: boolean().notNull().default(false),
    createdAt: at().notNull(),
  },
  (t) => [
    check('promos_kind', sql`${t.kind} in ('shared', 'unique', 'personal')`),
    check(
      'promos_effect',
      sql`${t.effect} in ('discount_percent', 'discount_fixed', 'bonus_percent', 'bonus_fixed')`,
    ),
    check('promos_value', sql`${t.value} > 0`),
  ],
);

/**
 * A promo's codes, upper-case. A shared code stays `free` (its uses are counted in `coupon_uses`); a one-use
 * or personal code goes `free` -> `held` -> `used` (or back to `free`), each step one conditional UPDATE, so of
 * two tills racing for it exactly one wins.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    promoId: uuid()
      .notNull()
      .references(() => promos.id),
    code: text().notNull(),
    /** A personal coupon's member; null for the others. */
    userId: uuid().references(() => users.id),
    status: text().$type<'free' | 'held' | 'used'>().notNull().default('free'),
    createdAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('promo_codes_code').on(t.code),
    index('promo_codes_promo').on(t.promoId),
    index('promo_codes_user')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check('promo_codes_status', sql`${t.status} in ('free', 'held', 'used')`),
  ],
);

/**
 * A code given at a till for a visit, or on the payment page for a shop payment's draft (decision 071): `held`
 * from the preview (or the draft) until its expiry, `used` with the completed operation (or draft), `released`
 * on cancel or expiry. `discount` and `bonuses` are what it gave (kopecks). One visit holds a code once, and a
 * draft one code (the partial unique indexes), so a repeated preview or recompute finds its own hold.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid().primaryKey().defaultRandom(),
    promoId: uuid()
      .notNull()
      .references(() => promos.id),
    codeId: uuid()
      .notNull()
      .references(() => promoCodes.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** The till's visit that holds it; null for a shop payment's (`draftId`). */
    visitId: uuid().references(() => tillVisits.id),
    /** The shop payment's draft that holds it (decision 071); null at a till. */
    draftId: uuid().references(() => paymentDrafts.id),
    operationId: uuid().references(() => tillOperations.id),
    state: text().$type<'held' | 'used' | 'released'>().notNull(),
    holdExpiresAt: at().notNull(),
    discount: kopecks().notNull().default(0),
    bonuses: kopecks().notNull().default(0),
    /** Each line's discount in kopecks, in the receipt's order; null for a sum-only cheque. */
    lineDiscounts: jsonb().$type<number[]>(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('coupon_uses_visit_code')
      .on(t.visitId, t.codeId)
      .where(sql`${t.state} = 'held'`),
    uniqueIndex('coupon_uses_draft_held')
      .on(t.draftId)
      .where(sql`${t.state} = 'held'`),
    index('coupon_uses_draft')
      .on(t.draftId)
      .where(sql`${t.draftId} is not null`),
    check('coupon_uses_holder', sql`(${t.visitId} is null) <> (${t.draftId} is null)`),
    index('coupon_uses_promo_user').on(t.promoId, t.userId),
    index('coupon_uses_operation').on(t.operationId),
    index('coupon_uses_held')
      .on(t.holdExpiresAt)
      .where(sql`${t.state} = 'held'`),
    check('coupon_uses_state', sql`${t.state} in ('held', 'used', 'released')`),
  ],
);
