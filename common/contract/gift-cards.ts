import * as z from './z';
import { fiscalReceiptLinkSchema } from './fiscal-receipts';
import { checkNominal, DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES } from '../lib/validation';
import { MAX_RECIPIENTS } from '../lib/gift-card-rules';
import { defineEndpoint } from './endpoint';

export { MAX_RECIPIENTS, MAX_SENDING_DAYS_AHEAD } from '../lib/gift-card-rules';

/**
 * Gift cards (spec sections 3 "Gift card", 5, 7 gc calls, 9; issue 7; docs/decisions/017-gift-cards.md).
 * A customer orders cards of one nominal for one or more recipients, pays the order through a GIFT_CARD draft
 * (`/api/loyalty/createDraft` with `giftCardOrderId`), and each recipient gets an SMS at `sendingDate` with the
 * link to the card's public page `/gc/{id}`. Money crosses the API in roubles with at most 2 decimals; the
 * server computes the bill (never the client).
 */

/** Delivery methods: the spec's default `SMS_TO_CLIENT` (an SMS to each recipient) is the only one built. */
export const DELIVERY_METHODS = ['SMS_TO_CLIENT'] as const;
export const deliveryIdSchema = z.enum(DELIVERY_METHODS, 'Неизвестный способ доставки');
export type DeliveryId = z.output<typeof deliveryIdSchema>;

/** The nominal as the form sends it (a digit string or a number): whole roubles, 1 to 99999 ('Только цифры'). */
export const nominalSchema = z
  .union([z.string(), z.number()], 'Только цифры')
  .transform((value) => String(value).trim())
  .refine((value) => checkNominal(value) === null, 'Только цифры')
  .transform(Number)
  .refine((value) => value >= 1, 'Номинал не меньше 1 ₽');

/** A recipient's phone: 7 and 10 more digits (the form's mask +7 (###) ###-##-## with the digits only). */
export const recipientPhoneSchema = z.string().regex(/^7\d{10}$/, VALIDATION_MESSAGES.phone);

export const recipientSchema = z.strictObject({
  phone: recipientPhoneSchema,
  name: z.string().trim().max(100, VALIDATION_MESSAGES.maxLength).default(''),
});

export const giftCardOrderIdSchema = z.string().uuid('Неизвестный заказ');

/** Roubles the server computed, at most 2 decimals. */
const money = z.number();

/** A background picture for the card (the brand's pictures named `gift-*`). */
export const giftCardImageSchema = z.strictObject({
  /** What `create` takes as `imageId`: the picture's name. */
  id: z.string(),
  imageUrl: z.string(),
});
export type GiftCardImage = z.output<typeof giftCardImageSchema>;

export const getGiftCardImages = defineEndpoint({
  method: 'GET',
  path: '/api/gc/images',
  summary: 'The background pictures a gift card may carry',
  tag: 'gift-cards',
  auth: 'public',
  errors: [],
  schemas: { response: z.strictObject({ pictures: z.array(giftCardImageSchema) }) },
});

export const getGiftCardDiscount = defineEndpoint({
  method: 'GET',
  path: '/api/gc/discount',
  summary:
    "The buyer's discount on the cards' nominal, percent (0 when the brand's `discount` setting is off)",
  tag: 'gift-cards',
  auth: 'public',
  errors: [],
  schemas: { response: z.strictObject({ data: z.strictObject({ percentRate: z.number() }) }) },
});

/**
 * The bill of an order, roubles: `nominalSum` = nominal × recipients; `discount` = percentRate% of
 * `nominalSum` (the nominal part only, rounded to the kopeck, half up); `deliverySum` = 2 × recipients for SMS
 * delivery (never discounted); `total` = nominalSum − discount + deliverySum, what the draft charges.
 */
export const giftCardBillSchema = z.strictObject({
  nominal: money,
  quantity: z.number().int(),
  nominalSum: money,
  percentRate: z.number(),
  discount: money,
  deliverySum: money,
  total: money,
});
export type GiftCardBill = z.output<typeof giftCardBillSchema>;

/**
 * An order's state: `created` (waiting for its payment; a failed or expired payment leaves it here, and it
 * may be paid again), `paid` (the cards are issued and wait for their sending date or have been sent).
 */
export const giftCardOrderStateSchema = z.enum(['created', 'paid', 'cancelled']);

export const giftCardOrderSchema = z.strictObject({
  orderId: z.string(),
  state: giftCardOrderStateSchema,
  deliveryId: deliveryIdSchema,
  /** When the SMS go out (ISO 8601). */
  sendingDate: z.string(),
  congratulation: z.string(),
  imageUrl: z.string(),
  recipients: z.array(z.strictObject({ phone: z.string(), name: z.string() })),
  bill: giftCardBillSchema,
});
export type GiftCardOrder = z.output<typeof giftCardOrderSchema>;

export const createGiftCardOrderBodySchema = z.strictObject({
  nominal: nominalSchema,
  recipients: z
    .array(recipientSchema, 'Добавьте получателя')
    .min(1, 'Добавьте получателя')
    .max(MAX_RECIPIENTS, `Не больше ${MAX_RECIPIENTS} получателей`),
  congratulation: z
    .string(VALIDATION_MESSAGES.required)
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .max(DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES.maxLength),
  /** One of `GET /api/gc/images`'s ids. */
  imageId: z.string(VALIDATION_MESSAGES.required).min(1, VALIDATION_MESSAGES.required).max(100),
  deliveryId: deliveryIdSchema.default('SMS_TO_CLIENT'),
  /**
   * When to send (ISO 8601 with an offset); now when absent. At most 5 minutes in the past (then it means
   * now) and at most a year ahead.
   */
  sendingDate: z.iso.datetime({ offset: true, message: 'Дата отправки: ISO 8601' }).optional(),
  /** Idempotency: the same key (a UUID the page makes once) answers the same order, never a second one. */
  idempotencyKey: z.string().uuid('idempotencyKey: UUID').optional(),
});
export type CreateGiftCardOrderBody = z.input<typeof createGiftCardOrderBodySchema>;

export const createGiftCardOrder = defineEndpoint({
  method: 'POST',
  path: '/api/gc/create',
  summary:
    'Order gift cards: one card of `nominal` per recipient; answers the order and the bill the server computed (pay it with a GIFT_CARD draft)',
  tag: 'gift-cards',
  auth: 'user',
  temporaryPayer: true,
  errors: [],
  schemas: { body: createGiftCardOrderBodySchema, response: z.strictObject({ data: giftCardOrderSchema }) },
});

export const giftCardPaymentState = defineEndpoint({
  method: 'POST',
  path: '/api/gc/payment',
  summary:
    "An order's payment: `code` 0 paid (cards issued), 1 waiting, 2 failed, 3 expired (PAYMENT_STATUS); `state` the order's state, or its draft's while it is not paid",
  tag: 'gift-cards',
  auth: 'user',
  temporaryPayer: true,
  errors: ['NOT_FOUND'],
  schemas: {
    body: z.strictObject({ orderId: giftCardOrderIdSchema }),
    response: z.strictObject({
      code: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      state: z.enum(['created', 'processing', 'paid', 'failed', 'expired']),
      draftId: z.string().nullable(),
    }),
  },
});

export const issuedGiftCardSchema = z.strictObject({
  /** The recipient's page `/gc/{id}` (absolute, on PUBLIC_URL). */
  cardUrl: z.string(),
  phone: z.string(),
  name: z.string(),
  balance: money,
  /** When the SMS went out (ISO 8601), null while it waits for the sending date. */
  sentAt: z.string().nullable(),
  /** When the SMS is due (ISO 8601): the page says when, and looks again once it is due. */
  sendAt: z.string().nullable(),
});

export const getGiftCard = defineEndpoint({
  method: 'POST',
  path: '/api/gc/getcard',
  summary:
    "The buyer's view of a paid order: the picture, balance, congratulation and the first card's page (`cards` lists every recipient's)",
  tag: 'gift-cards',
  auth: 'user',
  temporaryPayer: true,
  errors: ['NOT_FOUND', 'ORDER_NOT_PAID'],
  schemas: {
    body: z.strictObject({ orderId: giftCardOrderIdSchema }),
    response: z.strictObject({
      imageUrl: z.string(),
      balance: money,
      congratulation: z.string(),
      cardUrl: z.string(),
      cards: z.array(issuedGiftCardSchema),
      /** The order's 54-FZ receipt where the site fiscalises it (decision 070): its state and link. */
      fiscalReceipt: fiscalReceiptLinkSchema.optional(),
    }),
  },
});

/**
 * A card's public id as the link carries it. Anything else is answered like an unknown card (404), so the
 * answer never tells a malformed id from an unknown one.
 */
const publicIdParams = z.strictObject({ id: z.string().max(100) });

export const getPublicGiftCard = defineEndpoint({
  method: 'GET',
  path: '/api/gc/card/:id',
  summary:
    "The recipient's page `/gc/{id}`: picture, congratulation, balance (never the code). Rate-limited; 404 for any unknown id",
  tag: 'gift-cards',
  auth: 'public',
  errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS'],
  schemas: {
    params: publicIdParams,
    response: z.strictObject({
      imageUrl: z.string(),
      /** The picture as an absolute address on PUBLIC_URL, for link previews (`og:image`). */
      previewImageUrl: z.string(),
      congratulation: z.string(),
      balance: money,
      nominal: money,
      /** The recipient has moved the card's value into their own balance (decision 023). */
      added: z.boolean(),
    }),
  },
});

export const revealGiftCardCode = defineEndpoint({
  method: 'POST',
  path: '/api/gc/card/:id/reveal',
  summary:
    "The card's code for the till, after the last 4 digits of the recipient's phone or the whole phone (once the card's last-4 tries ran out: 429 GIFT_CARD_WHOLE_PHONE). Unknown ids and wrong digits get the same 404; rate-limited per address, per address and card, and the last-4 tries per card",
  tag: 'gift-cards',
  auth: 'public',
  errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS', 'GIFT_CARD_WHOLE_PHONE'],
  schemas: {
    params: publicIdParams,
    body: z
      .strictObject({
        last4: z
          .string()
          .regex(/^\d{4}$/, 'Введите 4 последние цифры телефона')
          .optional(),
        phone: recipientPhoneSchema.optional(),
      })
      .refine((b) => (b.last4 === undefined) !== (b.phone === undefined), {
        message: 'Введите 4 последние цифры телефона или весь номер',
        path: ['last4'],
      }),
    response: z.strictObject({
      /** 16 digits, shown as a QR code or a Code128 barcode. */
      code: z.string(),
    }),
  },
});

export const addGiftCardToBalance = defineEndpoint({
  method: 'POST',
  path: '/api/gc/card/:id/add',
  summary:
    "Move the card's remaining value into the caller's money-like balance (decision 023): only a customer logged in with the recipient's phone (403 otherwise), once (a repeat answers the same), 409 when the card is empty",
  tag: 'gift-cards',
  auth: 'user',
  errors: ['NOT_FOUND', 'NOT_RECIPIENT', 'GIFT_CARD_EMPTY', 'GIFT_CARD_BLOCKED'],
  schemas: {
    params: publicIdParams,
    body: z.strictObject({}).default({}),
    response: z.strictObject({
      /** What the card moved into the balance, roubles. */
      added: money,
      /** What is left on the card: 0. */
      cardBalance: money,
      /** The caller's money-like balance afterwards, roubles. */
      amount: money,
    }),
  },
});

/** The payment answer's `giftCard` for a GIFT_CARD draft: the order it pays. */
export const giftCardSummarySchema = z.strictObject({
  orderId: z.string(),
  state: giftCardOrderStateSchema,
  nominal: money,
  quantity: z.number().int(),
  total: money,
  sendingDate: z.string(),
});
export type GiftCardSummary = z.output<typeof giftCardSummarySchema>;
