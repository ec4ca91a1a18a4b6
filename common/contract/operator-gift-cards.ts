import * as z from './z';
import { defineEndpoint } from './endpoint';
import { invoiceStateSchema } from './gift-card-invoices';

/** The console's gift-card deliveries (decision 026): the SMS that did not go out, and sending one again. */
export const failedDeliverySchema = z.strictObject({
  deliveryId: z.string(),
  /** The card's public id (its page's address), never its code. */
  cardPublicId: z.string(),
  /** The recipient's phone, as the SMS was addressed. */
  phone: z.string(),
  sendAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type FailedDelivery = z.output<typeof failedDeliverySchema>;

export const listFailedGiftCardDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/operator/gift-card-deliveries/failed',
  summary:
    'Gift cards whose SMS did not go out: the send errored, or the job used up its attempts and waits for an operator',
  tag: 'operator',
  auth: 'operator',
  permission: 'giftCards.read',
  errors: [],
  schemas: { response: z.array(failedDeliverySchema) },
});

export const retryGiftCardDelivery = defineEndpoint({
  method: 'POST',
  path: '/api/operator/gift-card-deliveries/:deliveryId/retry',
  summary:
    'Make an unsent delivery due again with fresh attempts (the job sends it on its next run); a sent one refuses',
  tag: 'operator',
  auth: 'operator',
  permission: 'giftCards.write',
  errors: ['NOT_FOUND', 'DELIVERY_SENT'],
  schemas: {
    params: z.strictObject({ deliveryId: z.string().uuid('Неизвестная отправка') }),
    response: failedDeliverySchema,
  },
});

export const blockGiftCard = defineEndpoint({
  method: 'POST',
  path: '/api/operator/gift-cards/:publicId/block',
  summary:
    'Block a gift card (the till and add-to-balance refuse it) or unblock it; the same state again changes nothing',
  tag: 'operator',
  auth: 'operator',
  permission: 'giftCards.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ publicId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Неизвестная карта') }),
    body: z.strictObject({ blocked: z.boolean() }),
    response: z.strictObject({ publicId: z.string(), blocked: z.boolean() }),
  },
});

/** A card as the console's lookup shows it (decision 033): its state and balance, never its full code. */
export const giftCardLookupSchema = z.strictObject({
  publicId: z.string(),
  /** The last 4 digits of the 16-digit code the till reads. */
  codeLast4: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  nominal: z.number(),
  balance: z.number(),
  blocked: z.boolean(),
  /** When a customer moved the card's value into their money-like balance (the card is then used up). */
  addedAt: z.string().nullable(),
  createdAt: z.string(),
  /** How the card's order was paid: by a bank card on the site, or by a company's invoice. */
  paidBy: z.enum(['card', 'invoice']),
});
export type GiftCardLookup = z.output<typeof giftCardLookupSchema>;

export const findGiftCards = defineEndpoint({
  method: 'GET',
  path: '/api/operator/gift-cards',
  summary:
    "Gift cards by their public id (the link's last part) or the last digits (4 to 16) of their number, at most 20, newest first",
  tag: 'operator',
  auth: 'operator',
  permission: 'giftCards.read',
  errors: [],
  schemas: {
    query: z.strictObject({
      q: z
        .string()
        .trim()
        // A pasted link `…/gc/<id>` names its card by its last part; spaces inside a number are ignored.
        .transform((v) => (v.split('/').pop() ?? '').replace(/\s/g, ''))
        .refine(
          (v) => /^[A-Za-z0-9_-]{22}$/.test(v) || /^\d{4,16}$/.test(v),
          'Введите ссылку карты или последние цифры её номера (не меньше 4)',
        ),
    }),
    response: z.array(giftCardLookupSchema),
  },
});

/** An order paid by bank card on the site (decision 033): what was bought, by whom, and its cards. */
export const cardPaidOrderSchema = z.strictObject({
  orderId: z.string(),
  paidAt: z.string(),
  /** The buyer's phone (the customer who paid). */
  buyerPhone: z.string(),
  nominal: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  /** The issued cards' public ids, in the recipients' order. */
  cards: z.array(z.string()),
});
export type CardPaidOrder = z.output<typeof cardPaidOrderSchema>;

export const listCardPaidGiftCardOrders = defineEndpoint({
  method: 'GET',
  path: '/api/operator/gift-card-orders',
  summary: 'Gift-card orders paid by bank card on the site (not by invoice), newest paid first, at most 100',
  tag: 'operator',
  auth: 'operator',
  permission: 'giftCards.read',
  errors: [],
  schemas: { response: z.array(cardPaidOrderSchema) },
});

/* Companies' invoices (decisions 018, 053): the list, marking one paid with the bank payment it came by, cancelling one. */

export const invoiceItemSchema = z.strictObject({
  number: z.number().int(),
  state: invoiceStateSchema,
  companyName: z.string(),
  inn: z.string(),
  total: z.number(),
  quantity: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The bank payment the operator confirmed it by (decision 053); null before, and on older invoices. */
  paymentNumber: z.string().nullable(),
  paymentDate: z.string().nullable(),
});
export type InvoiceItem = z.output<typeof invoiceItemSchema>;

const invoiceNumberParams = z.strictObject({
  number: z.coerce
    .number()
    .int('Номер счёта: целое число')
    .positive('Номер счёта: целое число')
    .max(2 ** 31 - 1),
});

export const listGiftCardInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/operator/gift-card-invoices',
  summary: "Every company's gift-card invoice, newest first",
  tag: 'operator',
  auth: 'operator',
  permission: 'invoices.read',
  errors: [],
  schemas: { response: z.array(invoiceItemSchema) },
});

export const markGiftCardInvoicePaid = defineEndpoint({
  method: 'POST',
  path: '/api/operator/gift-card-invoices/:number/paid',
  summary:
    "Mark an invoice paid (the company's transfer arrived), naming the bank payment (its number and date on the statement): its cards are issued at once and sent at the sending date; marking again changes nothing",
  tag: 'operator',
  auth: 'operator',
  permission: 'invoices.write',
  errors: ['NOT_FOUND', 'INVOICE_CANCELLED'],
  schemas: {
    params: invoiceNumberParams,
    body: z.strictObject({
      /** The payment order's number on the bank statement (kept with the invoice and in the audit). */
      paymentNumber: z
        .string()
        .trim()
        .min(1, 'Укажите номер платёжного поручения')
        .max(40, 'Номер платежа: не длиннее 40 знаков')
        .regex(/^[\p{L}\d/ -]+$/u, 'Номер платежа: буквы, цифры, «-» и «/»'),
      /** The payment's date (yyyy-mm-dd), neither in the future nor before the invoice. */
      paymentDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата платежа: ГГГГ-ММ-ДД')
        .refine((v) => {
          const at = new Date(`${v}T00:00:00Z`);
          return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
        }, 'Такой даты нет'),
    }),
    response: invoiceItemSchema,
  },
});

export const cancelGiftCardInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/operator/gift-card-invoices/:number/cancel',
  summary:
    'Cancel an unpaid invoice and its order: it can no longer be paid and no cards are issued; cancelling again changes nothing; a paid invoice refuses',
  tag: 'operator',
  auth: 'operator',
  permission: 'invoices.write',
  errors: ['NOT_FOUND', 'INVOICE_PAID'],
  schemas: { params: invoiceNumberParams, response: invoiceItemSchema },
});
