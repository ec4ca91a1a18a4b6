import * as z from './z';
import { checkAccount, checkBic, checkInn, checkKpp } from '../lib/company-rules';
import { checkEmail, VALIDATION_MESSAGES } from '../lib/validation';
import { defineEndpoint } from './endpoint';
import {
  createGiftCardOrderBodySchema,
  giftCardBillSchema,
  nominalSchema,
  recipientPhoneSchema,
} from './gift-cards';

/*
 * A company's purchase of gift cards by invoice (spec section 3 "Company info"; docs/decisions/018): the same
 * order as gift-cards.ts's, paid by a bank transfer against an invoice instead of a payment.
 */

/** A company detail checked by its rule (common/lib/company-rules.ts), with the rule's message. */
const detail = (check: (value: string) => string | null) =>
  z
    .string(VALIDATION_MESSAGES.required)
    .trim()
    .superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

const requiredText = (max: number) =>
  z
    .string(VALIDATION_MESSAGES.required)
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .max(max, VALIDATION_MESSAGES.maxLength);

/** Spec section 3 "Company info": who the invoice is made out to and where it is e-mailed. */
export const invoiceCompanySchema = z.strictObject({
  companyName: requiredText(300),
  inn: detail(checkInn),
  kpp: detail(checkKpp),
  bic: detail(checkBic),
  bankName: requiredText(300),
  payment: detail(checkAccount),
  corr: detail(checkAccount),
  phone: recipientPhoneSchema,
  email: z
    .string(VALIDATION_MESSAGES.required)
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .refine((value) => checkEmail(value) === null, VALIDATION_MESSAGES.email),
});
export type InvoiceCompanyInput = z.input<typeof invoiceCompanySchema>;

export const invoiceStateSchema = z.enum(['issued', 'paid', 'cancelled']);

export const giftCardInvoiceSchema = z.strictObject({
  invoiceId: z.string(),
  /** The invoice's number, as the bank transfer quotes it. */
  number: z.number().int(),
  state: invoiceStateSchema,
  orderId: z.string(),
  company: z.strictObject({
    companyName: z.string(),
    inn: z.string(),
    kpp: z.string(),
    bic: z.string(),
    bankName: z.string(),
    payment: z.string(),
    corr: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  bill: giftCardBillSchema,
  quantity: z.number().int(),
  sendingDate: z.string(),
  createdAt: z.string(),
  /** The PDF (absolute, on PUBLIC_URL), with its secret key: the same link the e-mail carries. */
  pdfUrl: z.string(),
});
export type GiftCardInvoice = z.output<typeof giftCardInvoiceSchema>;

/**
 * `/api/gc/juridical`: a company buys cards by invoice (spec: company fields, balance, congratulation). The
 * order is the same as `/api/gc/create`'s (`balance` is each card's nominal); instead of a payment it gets an
 * invoice, e-mailed to the company as a link to its PDF. The cards are issued when the operator marks the
 * invoice paid (`npm run operator -- gift-invoice paid <number>`).
 */
export const createInvoiceBodySchema = invoiceCompanySchema.extend({
  balance: nominalSchema,
  recipients: createGiftCardOrderBodySchema.shape.recipients,
  congratulation: createGiftCardOrderBodySchema.shape.congratulation,
  imageId: createGiftCardOrderBodySchema.shape.imageId,
  deliveryId: createGiftCardOrderBodySchema.shape.deliveryId,
  sendingDate: createGiftCardOrderBodySchema.shape.sendingDate,
  idempotencyKey: createGiftCardOrderBodySchema.shape.idempotencyKey,
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

export const createGiftCardInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/gc/juridical',
  summary:
    "A company's purchase by invoice: the order priced by the server, its invoice (number, PDF link) e-mailed to the company; the cards are issued once the operator marks it paid",
  tag: 'gift-cards',
  auth: 'user',
  temporaryPayer: true,
  errors: ['INVOICES_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
  schemas: { body: createInvoiceBodySchema, response: z.strictObject({ data: giftCardInvoiceSchema }) },
});

export const getGiftCardInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/gc/invoice/:invoiceId',
  summary: "The buyer's own invoice: number, state, bill and the PDF link (404 for anyone else's)",
  tag: 'gift-cards',
  auth: 'user',
  temporaryPayer: true,
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ invoiceId: z.string().uuid('Неизвестный счёт') }),
    response: z.strictObject({ data: giftCardInvoiceSchema }),
  },
});
