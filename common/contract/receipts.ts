import * as z from './z';
import { defineEndpoint } from './endpoint';
import { isoDay } from './reports';

/**
 * Any till receipt in the console (docs/decisions/066): the till's operations with the lines they were sent,
 * every figure as it was stored. Sums are whole kopecks; quantities thousandths of a unit.
 */

export const RECEIPTS_PAGE_SIZE = 50;

export const receiptListQuerySchema = z
  .strictObject({
    /** Days in the brand's time zone, both ends included. */
    from: isoDay.optional(),
    to: isoDay.optional(),
    point: z
      .string()
      .regex(/^\d{1,9}$/, 'Точка: номер')
      .optional(),
    /** The till's receipt number: the idempotency key it sent, with or without the point's prefix. */
    receipt: z.string().trim().min(1, 'Номер чека пуст').max(200, 'Номер чека длиннее 200 знаков').optional(),
    /** The member's phone (the whole number) or the card's 16 digits. */
    member: z
      .string()
      .trim()
      .regex(/^[\d\s()+-]{10,24}$/, 'Телефон или номер карты: цифры')
      .optional(),
    page: z
      .string()
      .regex(/^[1-9]\d{0,5}$/, 'Страница: номер от 1')
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Начало периода позже его конца',
    path: ['from'],
  });
export type ReceiptListQuery = z.input<typeof receiptListQuerySchema>;

const operationSchema = z.strictObject({
  id: z.string(),
  /** What the till sent as the receipt's number (its idempotency key without the point's prefix). */
  receipt: z.string(),
  /** A till's operation, or `site`: a shop payment on the site (decision 069), paid and completed. */
  kind: z.enum(['accrue', 'spend', 'card', 'site']),
  state: z.string(),
  sum: z.number().int(),
  spent: z.number().int(),
  earned: z.number().int(),
  retailPointId: z.number().int(),
  pointTitle: z.string(),
  /** ISO instant; the console shows it in the brand's time zone. */
  at: z.string(),
  userId: z.string(),
  /** As the caller may see it (decision 047). */
  phone: z.string(),
  /** Lines stored with the operation; 0: a sum-only operation. */
  lines: z.number().int(),
});
export type ReceiptOperation = z.output<typeof operationSchema>;

export const receiptListSchema = z.strictObject({
  timeZone: z.string(),
  page: z.number().int(),
  hasMore: z.boolean(),
  receipts: z.array(operationSchema),
});
export type ReceiptList = z.output<typeof receiptListSchema>;

export const receiptLineSchema = z.strictObject({
  lineNo: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The line's category and its top-level ancestor in the catalogue, as named today. */
  categoryId: z.string().nullable(),
  category: z.string().nullable(),
  topCategory: z.string().nullable(),
  legalGroup: z.string().nullable(),
  quantityMilli: z.number().int(),
  price: z.number().int(),
  sum: z.number().int(),
  discount: z.number().int(),
  /** The most bonuses the line could take, its share of the spend, and what it earned. */
  maxSpend: z.number().int(),
  spent: z.number().int(),
  earned: z.number().int(),
  /** Returned at the till so far, thousandths of a unit (decision 063); 0: nothing. */
  returnedMilli: z.number().int(),
  /** The bonuses the returns took back from this line and gave back to it, kopecks. */
  earnTakenBack: z.number().int(),
  spendGivenBack: z.number().int(),
});
export type ReceiptLine = z.output<typeof receiptLineSchema>;

export const receiptSchema = z.strictObject({
  timeZone: z.string(),
  operation: operationSchema,
  lines: z.array(receiptLineSchema),
  /** The promo code the cheque used (decision 064): its discount and extra bonuses, kopecks; null: none. */
  coupon: z
    .strictObject({
      code: z.string(),
      promo: z.string(),
      discount: z.number().int(),
      bonuses: z.number().int(),
    })
    .nullable(),
});
export type Receipt = z.output<typeof receiptSchema>;

export const listReceipts = defineEndpoint({
  method: 'GET',
  path: '/api/operator/receipts',
  summary:
    "Till receipts, newest first, 50 a page: by point, days in the brand time zone, the till's receipt number, the member's phone or card",
  tag: 'operator',
  auth: 'operator',
  permission: 'receipts.read',
  errors: [],
  schemas: { query: receiptListQuerySchema, response: receiptListSchema },
});

export const getReceipt = defineEndpoint({
  method: 'GET',
  path: '/api/operator/receipts/:id',
  summary: 'One till receipt: the operation and its lines with every figure',
  tag: 'operator',
  auth: 'operator',
  permission: 'receipts.read',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ id: z.string().uuid('Неизвестный чек') }),
    response: receiptSchema,
  },
});
