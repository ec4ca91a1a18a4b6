import { MAX_PAY_SUM, PAYMENT_STATUS } from './codes';
import * as z from './z';
import { formatMoney } from '../lib/format';

/**
 * The shop payment's vocabulary (docs/decisions/009): the sum a customer types, the ways the rest is paid, the
 * draft's states and the answer's status. Split from loyalty.ts, which keeps the drafts and their endpoints.
 */

/** A sum the customer types: positive roubles with at most 2 decimals (spec section 9). */
export const paySumSchema = z
  .number('Сумма: число')
  .positive('Сумма должна быть больше нуля')
  .max(MAX_PAY_SUM, `Сумма не больше ${formatMoney(MAX_PAY_SUM)}`)
  .refine(
    (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    'Сумма: не больше двух знаков после запятой',
  );

export const draftIdSchema = z.string().uuid('Неизвестный черновик оплаты');

/**
 * How the rest (after bonuses) is paid:
 * - `CARD`: a bank card on the acquirer's hosted page (`formUrl`);
 * - `SBP_QR`: the fast payment system: `formUrl` is the QR payload link the bank picker opens in a bank app;
 * - `IN_RETAIL_POINT`: at the till; bonus spending is off, the server only records the purchase (no bank).
 * A draft whose sum bonuses cover fully completes without the bank whatever the pay type.
 */
export const PAY_TYPES = ['CARD', 'SBP_QR', 'IN_RETAIL_POINT'] as const;
export const payTypeSchema = z.enum(PAY_TYPES);
export type PayType = z.output<typeof payTypeSchema>;

export const productTypeSchema = z.enum(['PAYMENT', 'GIFT_CARD']);
export type ProductType = z.output<typeof productTypeSchema>;

/**
 * A draft's life (docs/decisions/009): `created` -> `processing` (bonuses on hold, bank order registered) ->
 * `paid` -> `completed`; or `processing` -> `failed` / `expired` (hold released). Each moves once.
 */
export const DRAFT_STATES = ['created', 'processing', 'paid', 'completed', 'failed', 'expired'] as const;
export const draftStateSchema = z.enum(DRAFT_STATES);
export type DraftState = z.output<typeof draftStateSchema>;

/** The payment answer's `status` (codes.ts PAYMENT_STATUS). */
export const paymentStatusSchema = z.union([
  z.literal(PAYMENT_STATUS.success),
  z.literal(PAYMENT_STATUS.pending),
  z.literal(PAYMENT_STATUS.failed),
  z.literal(PAYMENT_STATUS.expired),
]);
