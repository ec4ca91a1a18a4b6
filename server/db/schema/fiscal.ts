import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FiscalKind, FiscalStatus } from '#common/lib/fiscal-vocabulary';
import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';

const at = () => timestamp({ withTimezone: true });

/** What a receipt is for: a draft completed (shop payment, gift card), a till's saved-card payment, a refund. */
export type FiscalSource = 'payment_draft' | 'till_card_payment' | 'refund';

/**
 * The fiscal receipts' outbox (decision 070): a row is written in the transaction that settles the money, so a
 * settled payment always has its receipt and a rolled-back one none; the fiscal job sends it and polls it.
 * `external_id` is the idempotency key the provider gets: unique here, and the same on every re-send.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: uuid().primaryKey().defaultRandom(),
    externalId: text().notNull().unique(),
    kind: text().$type<FiscalKind>().notNull(),
    sourceType: text().$type<FiscalSource>().notNull(),
    sourceId: text().notNull(),
    document: jsonb().$type<FiscalDocument>().notNull(),
    /** The receipt's total in kopecks (the money taken), for the reports and the operator's list. */
    total: bigint({ mode: 'number' }).notNull(),
    /**
     * Of `total`, what was paid by card or SBP (the document's «безналичными» payments, tag 1081): the reports'
     * reconciliation with the money taken sums it (decision 083) without reading every document.
     */
    electronic: bigint({ mode: 'number' }).notNull().default(0),
    status: text().$type<FiscalStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at().notNull(),
    /** A job run's lease on the row; a run that died leaves it to the next after the lease. */
    claimedAt: at(),
    provider: text(),
    providerUuid: text(),
    /** The fiscal attributes once done: ФН (drive), ФД (document number), ФП (fiscal sign), and the check page. */
    fnNumber: text(),
    fiscalDocumentNumber: text(),
    fiscalDocumentAttribute: text(),
    fiscalReceiptNumber: text(),
    receiptAt: text(),
    ofdReceiptUrl: text(),
    lastError: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    doneAt: at(),
  },
  (t) => [
    index('fiscal_receipts_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sent')`),
    index('fiscal_receipts_source').on(t.sourceType, t.sourceId),
    index('fiscal_receipts_created').on(t.createdAt.desc()),
    // The reports read the receipts not yet done live (their state still moves); the done ones are in the rollup.
    index('fiscal_receipts_open_created')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'done'`),
    check('fiscal_receipts_status', sql`${t.status} in ('queued', 'sent', 'done', 'failed')`),
    check('fiscal_receipts_kind', sql`${t.kind} in ('sell', 'sell_refund')`),
    check('fiscal_receipts_total_positive', sql`${t.total} > 0`),
  ],
);
