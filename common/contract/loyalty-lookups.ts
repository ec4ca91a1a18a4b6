import * as z from './z';
import { tokenPairSchema } from './auth';
import { defineEndpoint } from './endpoint';

/**
 * The payment page's look-ups before a draft (spec section 7 loyalty calls): a temporary payer for a visitor, the
 * point a QR names, and the customer's balance. Apart from loyalty.ts's drafts and their payment.
 */

const money = z.number();

export const createLoyaltyUser = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/createUser',
  summary:
    'A temporary loyalty user for a visitor with no token pair (pays without logging in; a later phone login joins the history)',
  tag: 'loyalty',
  auth: 'public',
  errors: ['TOO_MANY_REQUESTS'],
  schemas: { body: z.strictObject({}).default({}), response: tokenPairSchema },
});

export const retailPointInfoSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  address: z.strictObject({ city: z.string(), street: z.string(), house: z.string() }),
  /** The earn rate at this point, percent of the money paid. */
  currentBonus: z.number(),
});
export type RetailPointInfo = z.output<typeof retailPointInfoSchema>;

export const getRetailPointInfo = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/getRetailPointInfo',
  summary: 'The retail point a payment QR names (404 when there is no such point)',
  tag: 'loyalty',
  auth: 'public',
  errors: ['NOT_FOUND'],
  schemas: {
    body: z.strictObject({
      retailPointId: z.coerce
        .number()
        .int()
        .positive('Неизвестная точка')
        .max(2 ** 31 - 1),
    }),
    response: retailPointInfoSchema,
  },
});

export const loyaltyBalanceSchema = z.strictObject({
  balance: z.strictObject({
    /** Bonuses the customer can spend now (bonuses on hold for a payment in progress are not included). */
    availableAmount: money,
    /** The money-like balance (certificates, gift value), roubles. */
    amount: money,
  }),
  /** The brand's spend limit: bonuses may pay at most this percent of a sum. */
  maxSpendPercent: z.number(),
});
export type LoyaltyBalance = z.output<typeof loyaltyBalanceSchema>;

export const getUserBalance = defineEndpoint({
  method: 'POST',
  path: '/api/loyalty/getUserBalance',
  summary: "The customer's spendable bonuses and money-like balance",
  tag: 'loyalty',
  auth: 'user',
  temporaryPayer: true,
  errors: [],
  schemas: { body: z.strictObject({}).default({}), response: loyaltyBalanceSchema },
});
