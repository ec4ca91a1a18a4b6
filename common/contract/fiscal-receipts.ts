import { FISCAL_KINDS, FISCAL_STATUSES } from '../lib/fiscal-vocabulary';
import { defineEndpoint } from './endpoint';
import { isoDay } from './reports';
import * as z from './z';

/**
 * The 54-FZ receipts' outbox as the operator sees it (decision 070): what was queued, sent, issued or failed
 * with the provider's reason, and a retry. Sums are whole kopecks, as the reports', so totals compare with the
 * money taken exactly.
 */
export const fiscalReceiptSchema = z.strictObject({
  id: z.string(),
  externalId: z.string(),
  kind: z.enum(FISCAL_KINDS),
  /** What the money was: a completed payment draft (shop payment, gift card), a till's card payment, a refund. */
  sourceType: z.string(),
  sourceId: z.string(),
  status: z.enum(FISCAL_STATUSES),
  total: z.number().int(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** The provider's reason for a failure, or the last passing error while it retries. */
  lastError: z.string().nullable(),
  /** ФН, ФД, ФП, the receipt's number and time, and the OFD's check page, once issued. */
  fiscal: z
    .strictObject({
      fnNumber: z.string(),
      fiscalDocumentNumber: z.string(),
      fiscalDocumentAttribute: z.string(),
      fiscalReceiptNumber: z.string(),
      receiptAt: z.string(),
      ofdReceiptUrl: z.string().nullable(),
    })
    .nullable(),
});
export type FiscalReceiptRow = z.output<typeof fiscalReceiptSchema>;

/**
 * A payment's fiscal receipt as its payer sees it (the result of a payment): its state, and once issued the
 * OFD's check page with ФН, ФД and ФП. Absent where the site issues none (the till mode, a till payment).
 */
export const fiscalReceiptLinkSchema = z.strictObject({
  status: z.enum(FISCAL_STATUSES),
  ofdReceiptUrl: z.string().nullable(),
  fnNumber: z.string().nullable(),
  fiscalDocumentNumber: z.string().nullable(),
  fiscalDocumentAttribute: z.string().nullable(),
});
export type FiscalReceiptLink = z.output<typeof fiscalReceiptLinkSchema>;

export const FISCAL_LIST_LIMIT = 500;

export const listFiscalReceipts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/fiscal-receipts',
  summary:
    'Fiscal receipts, newest first: by status and by the days they were queued (the brand’s time zone)',
  tag: 'operator',
  auth: 'operator',
  permission: 'fiscal.read',
  errors: [],
  schemas: {
    query: z.strictObject({
      status: z.enum(FISCAL_STATUSES).optional(),
      from: isoDay.optional(),
      to: isoDay.optional(),
    }),
    response: z.strictObject({
      receipts: z.array(fiscalReceiptSchema),
      /** The listed receipts' count and total, kopecks (at most FISCAL_LIST_LIMIT are listed; these count all). */
      count: z.number().int(),
      total: z.number().int(),
    }),
  },
});

export const retryFiscalReceipt = defineEndpoint({
  method: 'POST',
  path: '/api/operator/fiscal-receipts/:receiptId/retry',
  summary:
    'Send a failed or stuck receipt again now (a failed one the provider holds goes under a new external id); an issued one refuses',
  tag: 'operator',
  auth: 'operator',
  permission: 'fiscal.write',
  errors: ['NOT_FOUND', 'FISCAL_RECEIPT_DONE'],
  schemas: {
    params: z.strictObject({ receiptId: z.string().uuid('Неизвестный чек') }),
    response: fiscalReceiptSchema,
  },
});
