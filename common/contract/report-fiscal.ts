import * as z from './z';
import { FISCAL_MODES } from '../lib/fiscal-vocabulary';
import { FISCAL_GAP_REASONS } from '../lib/fiscal-reconciliation';

/**
 * The report's fiscal reconciliation (decision 083): per day, the card and SBP money the site took, by where it
 * took it, net of refunds on the day of the refund; the fiscal receipts' card part (sell less sell refund) by
 * state, on the day the receipt was queued (the settlement's transaction); and the difference, which should read 0.
 * Kopecks. The brand's whole: receipts have no retail point.
 */
const moneyTakenSchema = z.strictObject({
  /** Shop payments on the site: the card or SBP part. */
  shop: z.number().int(),
  /** Gift cards bought on the site. */
  giftCards: z.number().int(),
  /** A saved card charged at the till, less such payments refunded. */
  tillCard: z.number().int(),
  total: z.number().int(),
});

const receiptTotalsSchema = z.strictObject({
  /** Issued: the cloud till's done, or the carts the gateway was given (decision 080). */
  issued: z.number().int(),
  /** Queued or sent, not yet fiscalised: the job retries them. */
  pending: z.number().int(),
  /** Refused for good by the provider: an operator's retry in «Фискальные чеки». */
  failed: z.number().int(),
});

export const fiscalRowSchema = z.strictObject({
  money: moneyTakenSchema,
  receipts: receiptTotalsSchema,
  /** money.total − receipts.issued; null where the site issues no receipts (the `till` mode). */
  difference: z.number().int().nullable(),
  /** Why the difference is not 0 (or not applicable), in the order to read them. */
  reasons: z.array(z.enum(FISCAL_GAP_REASONS)),
});
export type FiscalRow = z.output<typeof fiscalRowSchema>;

export const reportFiscalSchema = z.strictObject({
  /** The brand's mode now: it decides whether the row applies. */
  mode: z.enum(FISCAL_MODES),
  days: z.array(fiscalRowSchema.extend({ day: z.string() })),
  total: fiscalRowSchema,
});
export type ReportFiscal = z.output<typeof reportFiscalSchema>;
