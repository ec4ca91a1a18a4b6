import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RefundPiece } from '#server/core/fiscal/gateway-cart';
import { users } from './auth';
import { cards, operations } from './cabinet';
import { earnRulesColumn } from './programme';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });

/**
 * An API key of one retail point's till (docs/decisions/015-till-api.md). The key is shown once when issued;
 * only the SHA-256 of its secret part is kept. No foreign key to `retail_points`: an operator's content import
 * replaces the points, and a key must survive that (the service checks the point exists on every call).
 */
export const tillKeys = pgTable('till_keys', {
  id: uuid().primaryKey().defaultRandom(),
  retailPointId: integer().notNull(),
  label: text().notNull().default(''),
  /** SHA-256 (hex) of the key's secret part. */
  secretHash: text().notNull(),
  createdAt: at().notNull(),
  revokedAt: at(),
});

/**
 * Member codes a till has accepted: one row per card and TOTP time step. The primary key makes "each code is
 * accepted once" hold across connections and instances.
 */
export const tillUsedCodes = pgTable(
  'till_used_codes',
  {
    cardId: uuid()
      .notNull()
      .references(() => cards.id),
    /** The TOTP counter (unix seconds / 120) of the accepted code. */
    step: bigint({ mode: 'number' }).notNull(),
    usedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.step] })],
);

/**
 * A visit: what one accepted member code opens at one point for a short while. Money calls name the visit,
 * and only the point that opened it (with any of its keys) may use it.
 */
export const tillVisits = pgTable(
  'till_visits',
  {
    id: uuid().primaryKey().defaultRandom(),
    retailPointId: integer().notNull(),
    keyId: uuid()
      .notNull()
      .references(() => tillKeys.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    cardId: uuid()
      .notNull()
      .references(() => cards.id),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [index('till_visits_user').on(t.userId)],
);

/**
 * One money call of a till: an accrual (CASHBACK), a spend with a hold (PAYMENT), or a cheque whose rest the
 * customer's saved bank card pays (`card`, PAYMENT; docs/decisions/022). Every state change is one conditional
 * UPDATE on `state`, in the same database transaction as its ledger posting, so each happens once.
 */
export const tillOperations = pgTable(
  'till_operations',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `<retailPointId>:<client key>`: the same call from the same point answers the same operation. */
    idempotencyKey: text().notNull(),
    visitId: uuid()
      .notNull()
      .references(() => tillVisits.id),
    retailPointId: integer().notNull(),
    keyId: uuid()
      .notNull()
      .references(() => tillKeys.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    kind: text().$type<'accrue' | 'spend' | 'card'>().notNull(),
    /** The cheque. */
    sum: kopecks().notNull(),
    /** Bonuses taken (held, then posted on confirmation). */
    spend: kopecks().notNull(),
    /** Bonuses credited (an accrual at once, a spend on confirmation). */
    earn: kopecks().notNull(),
    earnPercent: integer().notNull(),
    /**
     * The rate the earn applied over the money paid, hundredths of a percent: the point's (or chain's, or
     * level's) rate after the campaigns' multipliers and extra percents (decision 055); null before 0025.
     */
    earnRate: integer(),
    /** The earn rules that applied (decision 027). */
    earnRules: earnRulesColumn(),
    /** What the saved card pays (`card` only): the cheque less the bonuses spent. */
    cardAmount: kopecks().notNull().default(0),
    /** The gateway that holds the card payment's order, its order id and the saved card used (`card` only). */
    acquirer: text(),
    orderId: text(),
    bindingId: text(),
    /** '1234': the card's last 4 digits, for the till's screen. */
    cardLast4: text(),
    /** The gateway's reason when the card was declined. */
    errorCode: text(),
    errorMessage: text(),
    /**
     * `declined`: the card was declined and the hold released; `refunding`: the ledger is reversed and the card
     * payment's refund is still to be confirmed by the gateway (a retried refund finishes it).
     */
    state: text()
      .$type<'held' | 'completed' | 'cancelled' | 'expired' | 'refunded' | 'declined' | 'refunding'>()
      .notNull(),
    holdExpiresAt: at(),
    /** The history row the cabinet lists (written on completion). */
    operationId: uuid().references(() => operations.id),
    createdAt: at().notNull(),
    /** Moves with every state change, a refund's too: the report's days read `completedAt`/`refundedAt`. */
    updatedAt: at().notNull(),
    /**
     * When it completed (the settlement's transaction, decision 083): the day the money and its receipt count on.
     * Null while held and for what never completed; kept when it is refunded later.
     */
    completedAt: at(),
    /** When it became `refunded` (a card payment's: when the gateway confirmed the money back). */
    refundedAt: at(),
  },
  (t) => [
    unique('till_operations_idempotency_key').on(t.idempotencyKey),
    index('till_operations_visit').on(t.visitId),
    // The cabinet's history finds a purchase's receipt lines through the till operation that wrote it (issue 29).
    index('till_operations_history')
      .on(t.operationId)
      .where(sql`${t.operationId} is not null`),
    // The reports' payments (decision 031): a payment on the day it completed, its refund on the day of the refund.
    index('till_operations_completed_at')
      .on(t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    index('till_operations_refunded_at')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
    // Segments' «bought at these points» (decision 075).
    index('till_operations_point_buyers')
      .on(t.retailPointId, t.userId)
      .where(sql`${t.state} = 'completed'`),
    // The fiscal reconciliation's card money by day (decision 083): taken, and given back.
    index('till_operations_card_completed')
      .on(t.completedAt)
      .where(sql`${t.kind} = 'card' and ${t.completedAt} is not null`),
    index('till_operations_card_refunded')
      .on(t.refundedAt)
      .where(sql`${t.kind} = 'card' and ${t.refundedAt} is not null`),
    // The reports' breakdowns count the receipts that earned and spent nothing (no posting of their own) by day
    // (decision 068); they are few, and without these the breakdowns read every till operation (decision 090).
    index('till_operations_no_posting_day')
      .on(sql`(case when kind = 'accrue' then created_at else updated_at end)`)
      .where(sql`earn = 0 and spend = 0 and state in ('completed', 'refunded', 'refunding')`),
    index('till_operations_no_posting_refunded')
      .on(t.updatedAt)
      .where(sql`earn = 0 and spend = 0 and state in ('refunded', 'refunding')`),
    index('till_operations_open_holds')
      .on(t.holdExpiresAt)
      .where(sql`${t.state} = 'held'`),
    check('till_operations_kind', sql`${t.kind} in ('accrue', 'spend', 'card')`),
    check(
      'till_operations_state',
      sql`${t.state} in ('held', 'completed', 'cancelled', 'expired', 'refunded', 'declined', 'refunding')`,
    ),
    check(
      'till_operations_sums',
      sql`${t.sum} > 0 and ${t.spend} >= 0 and ${t.earn} >= 0 and ${t.cardAmount} >= 0 and ${t.spend} + ${t.cardAmount} <= ${t.sum}`,
    ),
    check('till_operations_card', sql`(${t.kind} = 'card') = (${t.cardAmount} > 0)`),
  ],
);

/** What every returned line records, a till operation's or a site payment's (decisions 063, 084). */
export const returnLineColumns = () => ({
  /** `<retailPointId>:<client key>` of the return call: a repeated call answers the same return. */
  returnKey: text().notNull(),
  lineNo: integer().notNull(),
  quantityMilli: bigint({ mode: 'number' }).notNull(),
  /** The line's earn taken back (its proportional share), of which `withheld` the money covers. */
  earnBack: kopecks().notNull(),
  /** The line's bonuses spent, given back. */
  spendBack: kopecks().notNull(),
  /** Earned bonuses the customer no longer had: kept from the money that goes back for the line. */
  withheld: kopecks().notNull(),
});

/**
 * Partial returns by lines (decision 063): one row per returned line of one return call. The sums over an
 * operation's rows are what was already returned: the next return's share is the cumulative share less them,
 * so several returns of one line add up exactly to the whole line.
 */
export const tillReturnLines = pgTable(
  'till_return_lines',
  {
    tillOperationId: uuid()
      .notNull()
      .references(() => tillOperations.id),
    ...returnLineColumns(),
    /**
     * A card payment's line: its share of what the card paid for the line (sum less bonuses spent), in proportion
     * to the quantity; the card gets this less `withheld` back (0 for the other kinds: the till refunds the money).
     */
    cardShare: kopecks().notNull().default(0),
    /** A card payment's bank cart positions this line's return took, in the `gateway` mode (decision 086). */
    gatewayItems: jsonb().$type<RefundPiece[]>(),
    createdAt: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tillOperationId, t.returnKey, t.lineNo] }),
    check(
      'till_return_lines_sums',
      sql`${t.quantityMilli} > 0 and ${t.earnBack} >= 0 and ${t.spendBack} >= 0 and ${t.withheld} >= 0 and ${t.withheld} <= ${t.earnBack}`,
    ),
    check('till_return_lines_card_share', sql`${t.cardShare} >= 0`),
  ],
);

/**
 * A part of a bank order refunded once (refund-part.ts): the columns every payment's table of parts shares.
 */
export const refundPartColumns = () => ({
  returnKey: text().notNull(),
  amount: kopecks().notNull(),
  state: text().$type<'refunding' | 'refunded'>().notNull(),
  /** When a call last took its turn to ask the gateway: one asks at a time (a lease, decision 063). */
  attemptedAt: at(),
  /**
   * When refund.do was sent for this part (the last time): after a send the bank did not confirm, the part is
   * not asked for again until the cool-off has passed, and never while the bank does not say its total.
   */
  sentAt: at(),
  createdAt: at().notNull(),
  refundedAt: at(),
});

/**
 * The money of a card payment's return by lines going back to the card (decision 063): written with the return's
 * lines as `refunding`, `refunded` once the gateway confirms it. One at a time per operation, so what the gateway
 * says it refunded in all tells whether a part whose answer was lost went through.
 */
export const tillCardRefunds = pgTable(
  'till_card_refunds',
  {
    tillOperationId: uuid()
      .notNull()
      .references(() => tillOperations.id),
    ...refundPartColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tillOperationId, t.returnKey] }),
    // The fiscal reconciliation's card money given back by day (decision 083).
    // The parts the bank has not confirmed, for the job that finishes them (decision 087).
    index('till_card_refunds_refunding')
      .on(t.createdAt)
      .where(sql`${t.state} = 'refunding'`),
    index('till_card_refunds_refunded')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
    check('till_card_refunds_amount', sql`${t.amount} > 0`),
    check('till_card_refunds_state', sql`${t.state} in ('refunding', 'refunded')`),
  ],
);
