import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RefundPiece } from '#server/core/fiscal/gateway-cart';
import { paymentDrafts } from './payments';
import { refundPartColumns, returnLineColumns } from './till';

const at = () => timestamp({ withTimezone: true });
const kopecks = () => bigint({ mode: 'number' });

/**
 * Lines of a till's receipt paid on the site (decision 069) that came back at the till (decision 084): per return
 * key and line, the quantity and every share that moved. A table of its own beside `till_return_lines`: its
 * owner is a payment draft, and its money has two parts (the bank's and the money-like balance's).
 */
export const paymentReturnLines = pgTable(
  'payment_return_lines',
  {
    draftId: uuid()
      .notNull()
      .references(() => paymentDrafts.id),
    ...returnLineColumns(), // `withheld` comes off the card's part first
    /** The line's share of what the bank (card, SBP) took for it, in proportion to the quantity. */
    cardShare: kopecks().notNull(),
    /** The line's share of what the money-like balance paid for it. */
    balanceShare: kopecks().notNull(),
    /** What goes back to the bank: `cardShare` less the part of `withheld` it covers. */
    cardBack: kopecks().notNull(),
    /** What goes back to the money-like balance (in the return's posting): `balanceShare` less the rest. */
    balanceBack: kopecks().notNull(),
    /**
     * In the `gateway` fiscal mode (decision 086): the bank cart's positions this line's return took, each with
     * its quantity, the card's share and what went back, as refund.do's `refundItems` named them. Null otherwise.
     */
    gatewayItems: jsonb().$type<RefundPiece[]>(),
    createdAt: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.draftId, t.returnKey, t.lineNo] }),
    check(
      'payment_return_lines_sums',
      sql`${t.quantityMilli} > 0 and ${t.earnBack} >= 0 and ${t.spendBack} >= 0 and ${t.withheld} >= 0
        and ${t.withheld} <= ${t.earnBack} and ${t.cardBack} >= 0 and ${t.cardBack} <= ${t.cardShare}
        and ${t.balanceBack} >= 0 and ${t.balanceBack} <= ${t.balanceShare}
        and ${t.withheld} = ${t.cardShare} - ${t.cardBack} + ${t.balanceShare} - ${t.balanceBack}`,
    ),
  ],
);

/**
 * The bank's part of a site payment's return by lines (decision 084), as `till_card_refunds` is a till card
 * payment's (decision 063): `refunding` with the return, `refunded` once the gateway confirms it; one at a time
 * per draft.
 */
export const paymentCardRefunds = pgTable(
  'payment_card_refunds',
  {
    draftId: uuid()
      .notNull()
      .references(() => paymentDrafts.id),
    ...refundPartColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.draftId, t.returnKey] }),
    check('payment_card_refunds_amount', sql`${t.amount} > 0`),
    check('payment_card_refunds_state', sql`${t.state} in ('refunding', 'refunded')`),
    // The reports' fiscal reconciliation reads a window of refunds by day (decision 083).
    // The parts the bank has not confirmed, for the job that finishes them (decision 087).
    index('payment_card_refunds_refunding')
      .on(t.createdAt)
      .where(sql`${t.state} = 'refunding'`),
    index('payment_card_refunds_refunded')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
  ],
);
