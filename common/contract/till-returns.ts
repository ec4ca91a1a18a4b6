import { defineEndpoint } from './endpoint';
import { withBodyExamples, withResponseExamples } from './examples';
import { codeField, MAX_LINE_QUANTITY, MAX_RECEIPT_LINES } from './receipt';
import { tillIdempotencyKeySchema } from './till';
import { tillReturnExamples } from './till-receipt-examples';
import * as z from './z';

/** Partial returns by lines at the till (issue 29, decision 063). */

const threeDecimals = (value: number) => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

export const tillReturnItemSchema = z
  .strictObject({
    /** The line's number in the receipt, 1-based, as the operation's answer shows it (`lines[].line`). */
    line: z.number('Строка: число').int('Строка: целое число').min(1, 'Строка: от 1').optional(),
    /** Or the goods as the cashier scans them back: the line with this SKU or barcode (one line only). */
    sku: codeField('Артикул').optional(),
    barcode: codeField('Штрихкод').optional(),
    /** How much of the line comes back: pieces, or kilograms and litres with at most 3 decimals. */
    quantity: z
      .number('Количество: число')
      .positive('Количество: больше нуля')
      .max(MAX_LINE_QUANTITY, `Количество: не больше ${MAX_LINE_QUANTITY}`)
      .refine(threeDecimals, 'Количество: не больше трёх знаков после запятой')
      // A thousandth is the least a line's quantity counts (a positive 1e-10 would be 0 of it).
      .refine((value) => Math.round(value * 1000) >= 1, 'Количество: не меньше 0,001'),
  })
  .refine(
    (item) => [item.line, item.sku, item.barcode].filter((named) => named !== undefined).length === 1,
    'Строка возврата: укажите одно из трёх: номер строки (line), артикул (sku) или штрихкод (barcode)',
  );
export type TillReturnItem = z.infer<typeof tillReturnItemSchema>;
/** A return's item once its goods are found among the receipt's lines. */
export interface ReturnLineItem {
  line: number;
  quantity: number;
}

export const returnedLineSchema = z.strictObject({
  line: z.number(),
  quantity: z.number(),
  /** The line's share of the bonuses it earned, taken back (roubles). */
  bonusesTakenBack: z.number(),
  /** The line's share of the bonuses spent on it, given back. */
  bonusesGivenBack: z.number(),
  /** Of `bonusesTakenBack`, what the customer no longer had: the till keeps it from the money it refunds. */
  withheld: z.number(),
});

export const tillReturnSchema = z.strictObject({
  operationId: z.string(),
  idempotencyKey: z.string(),
  lines: z.array(returnedLineSchema),
  bonusesTakenBack: z.number(),
  bonusesGivenBack: z.number(),
  /** Roubles the till withholds from the money it refunds for these lines. */
  withheld: z.number(),
  /**
   * A card payment's return: roubles sent back to the card (the lines' share of what the card paid, less
   * `withheld`); the till refunds no money itself. Null for the other operations.
   */
  refundedToCard: z.number().nullable(),
});
export type TillReturn = z.infer<typeof tillReturnSchema>;

/** A return's body: its items and the till's key. */
export const tillReturnBodySchema = z.strictObject({
  items: z
    .array(tillReturnItemSchema, 'items: список строк')
    .min(1, 'items: хотя бы одна строка')
    .max(MAX_RECEIPT_LINES, `items: не больше ${MAX_RECEIPT_LINES} строк`),
  idempotencyKey: tillIdempotencyKeySchema,
});

export const tillReturn = defineEndpoint({
  method: 'POST',
  path: '/api/till/operations/:operationId/return',
  summary:
    "Return some lines of a completed operation with a receipt, each named by its number or by the goods' SKU or barcode (when one line has them): each line's share of the bonuses spent on it goes back and its share of what it earned is taken back, in proportion to the quantity (several returns of a line add up to the whole line). Earned bonuses the customer no longer has are `withheld` from the money refunded. Idempotent by `idempotencyKey`. A card payment's lines send their share of the card's money back to the card (`refundedToCard`); when the bank does not confirm it, the answer is 503 and the same call with the same key finishes it, never refunding twice",
  tag: 'till',
  auth: 'till',
  errors: [
    'RETURN_INVALID',
    'OPERATION_STATE',
    'OPERATION_KIND',
    'IDEMPOTENCY_KEY_REUSED',
    'BANK_UNAVAILABLE',
    'NOT_FOUND',
  ],
  schemas: {
    params: z.strictObject({ operationId: z.string().uuid('Неизвестная операция') }),
    body: withBodyExamples(tillReturnBodySchema, tillReturnExamples.body),
    response: withResponseExamples(tillReturnSchema, tillReturnExamples.response),
  },
});
