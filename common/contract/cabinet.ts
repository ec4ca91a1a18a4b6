import * as z from './z';
import { checkDate, checkEmail, DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES } from '../lib/validation';
import { phoneSchema } from './auth';
import { defineEndpoint } from './endpoint';
import { appliedRuleSchema } from './programme';

/**
 * The personal cabinet (spec sections 3 "User", 4 "Cards", 7 user and session calls). Money crosses the API in
 * roubles with at most 2 decimals (1 bonus = 1 rouble); the server keeps integer kopecks and does every sum.
 */

const name = (max = 100) => z.string().trim().max(max, VALIDATION_MESSAGES.maxLength);
const email = z
  .string()
  .trim()
  .max(DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES.maxLength)
  .refine((value) => checkEmail(value) === null, VALIDATION_MESSAGES.email);
/** The birth date as the form sends it (spec section 5 mask `##.##.####`), a real past date. */
export const birthDateSchema = z
  .string()
  .regex(/^\d{2}\.\d{2}\.\d{4}$/, 'Дата: ДД.ММ.ГГГГ')
  .refine((value) => checkDate(value) === null, VALIDATION_MESSAGES.date);
/** A loyalty card number: 16 digits (spec section 5 "card"). */
export const cardNumSchema = z.string().regex(/^\d{16}$/, 'Номер карты: 16 цифр');

/** Roubles (or bonuses) with at most 2 decimals. */
const money = z.number();

export const cardBalanceSchema = z.strictObject({
  /** Bonuses (1 bonus = 1 rouble). */
  balance: money,
  /** The money-like balance from certificates and gift value, in roubles. */
  amount: money,
});

export const loyaltyCardSchema = z.strictObject({
  id: z.string(),
  cardNum: z.string(),
  /**
   * The card's member-code secret (base32): the cabinet derives the rotating QR from it (RFC 6238, 120 s step,
   * 6 digits), so the code shows even with no network at the till. Only the card's owner ever receives it.
   */
  qrSalt: z.string(),
  locked: z.boolean(),
  active: z.boolean(),
  /** The customer's balances: every card of a customer opens the same accounts. */
  balance: cardBalanceSchema,
});
export type LoyaltyCard = z.output<typeof loyaltyCardSchema>;

export const userInfoSchema = z.strictObject({
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** dd.mm.yyyy, or '' when not given. Read-only once set. */
  birthDate: z.string(),
  cards: z.array(loyaltyCardSchema),
});
export type UserInfo = z.output<typeof userInfoSchema>;

/**
 * `GET /api/user/info`. `code` 0: the customer has a card ("actual"); 3: the phone has no card yet (the guard
 * sends them to /registration). Any other code means the data could not be loaded ('Ошибка загрузки данных').
 */
export const userInfoResponseSchema = z.discriminatedUnion('code', [
  z.strictObject({
    code: z.literal(0),
    info: userInfoSchema,
    /** The active card's qrSalt (the spec's `salt`). */
    salt: z.string(),
    /** The active card's balances. */
    balance: cardBalanceSchema,
  }),
  z.strictObject({ code: z.literal(3), message: z.string(), phone: z.string() }),
]);
export type UserInfoResponse = z.output<typeof userInfoResponseSchema>;

export const getUserInfo = defineEndpoint({
  method: 'GET',
  path: '/api/user/info',
  summary: "The customer's profile, cards and balances (code 3: no card yet)",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: { response: userInfoResponseSchema },
});

const profileFields = {
  firstName: name().min(1, VALIDATION_MESSAGES.required),
  lastName: name().min(1, VALIDATION_MESSAGES.required),
  middleName: name().default(''),
  email: email.default(''),
  /** dd.mm.yyyy or empty; once stored it cannot be changed. */
  birthDate: z.union([birthDateSchema, z.literal('')]).default(''),
};

export const newCardBodySchema = z.strictObject({
  ...profileFields,
  /** A plastic card the customer already holds; required when the brand's `creditCard` setting is on. */
  cardNum: z.union([cardNumSchema, z.literal('')]).default(''),
  /** The referrer id from the `referer` cookie (another customer's card number). */
  refererID: z.string().max(40).default(''),
  /**
   * The unticked opt-in to advertising (decision 072): true gives consent on every channel with the text version
   * in force; false (the default) gives none. Nothing else about the consent comes from the client.
   */
  marketingConsent: z.boolean().default(false),
});

export const okResponseSchema = z.strictObject({ code: z.literal(0) });

export const registerCard = defineEndpoint({
  method: 'POST',
  path: '/api/user/newCard',
  summary: 'Register a loyalty card for the logged-in phone (issued, or the given plastic card bound)',
  tag: 'cabinet',
  auth: 'user',
  // A number registered to another phone answers as a mistyped one (VALIDATION), so none can be listed; at
  // most 5 plastic numbers a customer a day (TOO_MANY_REQUESTS): decision 048.
  errors: ['NOT_FOUND', 'TOO_MANY_REQUESTS'],
  schemas: { body: newCardBodySchema, response: userInfoResponseSchema },
});

export const editProfileBodySchema = z.strictObject(profileFields);

export const editUser = defineEndpoint({
  method: 'POST',
  path: '/api/user/edit',
  summary: "Change the customer's name, e-mail and (only if not yet set) birth date; the phone never changes",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: { body: editProfileBodySchema, response: userInfoResponseSchema },
});

export const editSession = defineEndpoint({
  method: 'POST',
  path: '/api/session/edit',
  summary: "The same change for the session's customer, who may not have a card yet",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: { body: editProfileBodySchema, response: okResponseSchema },
});

/**
 * The login screen's registration step (spec section 2 "Login screen": called with an empty payload after
 * the phone is confirmed): records the cabinet login and answers whether the customer already has a card.
 */
export const cabinetRegistration = defineEndpoint({
  method: 'POST',
  path: '/api/user/registration',
  summary: 'After login: record the cabinet sign-in; `actual` tells whether the phone already has a card',
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: {
    body: z.strictObject({}),
    response: z.strictObject({ code: z.literal(0), actual: z.boolean() }),
  },
});

export const setActiveCard = defineEndpoint({
  method: 'PUT',
  path: '/api/user/setActiveCard',
  summary: "Make one of the customer's cards the active one (nothing changes if it already is)",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: { body: z.strictObject({ id: z.string().uuid('Неизвестная карта') }), response: okResponseSchema },
});

/** A line of a purchase whose till sent its receipt (issue 29): what it was and its bonuses. */
export const purchaseLineSchema = z.strictObject({
  name: z.string(),
  quantity: z.number(),
  /** The line's sum, roubles. */
  sum: z.number(),
  /** Bonuses spent on it (its discount). */
  spent: z.number(),
  earned: z.number(),
});
export type PurchaseLine = z.output<typeof purchaseLineSchema>;

/** The promo code a purchase used (decisions 064 and 071): its discount off the cheque and its extra bonuses. */
export const purchaseCouponSchema = z.strictObject({
  code: z.string(),
  /** The promo's title, as the console names it. */
  promo: z.string(),
  /** Roubles off the cheque. */
  discount: z.number(),
  /** Extra bonuses it earned. */
  bonuses: z.number(),
});
export type PurchaseCoupon = z.output<typeof purchaseCouponSchema>;

export const operationSchema = z.strictObject({
  id: z.string(),
  /** Where it happened (a retail point's title, 'Сертификат', …). */
  place: z.string(),
  /** ISO 8601. */
  date: z.string(),
  amountEarn: money,
  amountSpend: money,
  /** What a payment took from the money-like balance (certificates, gift value), roubles (decision 023). */
  amountSpendExtra: money,
  /** The cheque sum (or the credited amount), roubles. */
  amount: money,
  state: z.enum(['NEW', 'READY', 'PROCESSED', 'CANCEL']),
  /**
   * RETURN: goods returned at a till (decision 063): `amount` the goods' money, `amountEarn` the bonuses spent on
   * them given back, `amountSpend` the bonuses they had earned taken back.
   */
  type: z.enum(['PAYMENT', 'CASHBACK', 'DEPOSIT', 'RETURN']),
  /** The earn rules that applied to what it earns (decision 027); empty when it earns nothing. */
  earnRules: z.array(appliedRuleSchema),
  /** The purchase's lines when the till sent them (issue 29); empty otherwise, and in the data export. */
  lines: z.array(purchaseLineSchema),
  /** The promo code the purchase used, at a till or on the payment page; null: none. */
  coupon: purchaseCouponSchema.nullable(),
});
export type Operation = z.output<typeof operationSchema>;

export const operationsPageSchema = z.strictObject({
  /** Newest first. */
  operations: z.array(operationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OperationsPage = z.output<typeof operationsPageSchema>;

export const userOperations = defineEndpoint({
  method: 'GET',
  path: '/api/user/operations',
  summary: "The customer's operations, newest first, a page at a time (page 1 first)",
  tag: 'cabinet',
  auth: 'user',
  errors: [],
  schemas: {
    query: z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
    response: operationsPageSchema,
  },
});

export const sessionOperations = defineEndpoint({
  method: 'POST',
  path: '/api/session/operations',
  summary: "The session's operations by its phone (the phone must be the session's own)",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_OWN_PHONE'],
  schemas: {
    body: z.strictObject({ phone: phoneSchema, page: z.number().int().min(1).max(100_000).default(1) }),
    response: operationsPageSchema,
  },
});

export const certificateSchema = z.strictObject({
  _id: z.string(),
  title: z.string(),
  /** The value credited to the money-like balance on activation, roubles. */
  nominal: money,
  activated: z.boolean(),
  /** ISO 8601 date-time, or null. */
  activatedAt: z.string().nullable(),
  /** ISO 8601 date (last valid day), or null. */
  validTo: z.string().nullable(),
});
export type Certificate = z.output<typeof certificateSchema>;

export const getCertificates = defineEndpoint({
  method: 'POST',
  path: '/api/user/getCerts',
  summary: "The certificates issued to the customer's phone",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_OWN_PHONE'],
  schemas: {
    body: z.strictObject({ phone: phoneSchema }),
    response: z.strictObject({ certificates: z.array(certificateSchema) }),
  },
});

export const activateCertificates = defineEndpoint({
  method: 'PATCH',
  path: '/api/user/activateCert',
  summary: 'Activate certificates: each credits its nominal once, however often the call is repeated',
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_OWN_PHONE', 'NOT_FOUND', 'CERTIFICATE_EXPIRED'],
  schemas: {
    body: z.strictObject({ phone: phoneSchema, ids: z.array(z.string().uuid()).min(1).max(50) }),
    /** `certificates`: all of the phone's certificates after the change (the list to show). */
    response: z.strictObject({ code: z.literal(0), certificates: z.array(certificateSchema) }),
  },
});
