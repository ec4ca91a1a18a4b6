import * as z from './z';
import { operationSchema } from './cabinet';
import { defineEndpoint } from './endpoint';

/**
 * The customer's own data under 152-ФЗ (docs/decisions/028): a copy of it ('Скачать мои данные') and deleting
 * the account, which needs a fresh SMS confirmation like saving a bank card.
 */

export const myDataSchema = z.strictObject({
  /** ISO 8601: when this copy was made. */
  exportedAt: z.string(),
  profile: z.strictObject({
    phone: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** dd.mm.yyyy or ''. */
    birthDate: z.string(),
    /** ISO 8601, or null. */
    createdAt: z.string(),
    registeredAt: z.string().nullable(),
    /** The version of the participation terms agreed to at registration. */
    consentVersion: z.string().nullable(),
  }),
  /** The loyalty cards (the member-code secret is not part of a copy: it is a key, not data about a person). */
  cards: z.array(z.strictObject({ cardNum: z.string(), locked: z.boolean(), createdAt: z.string() })),
  /** Roubles: bonuses (1 bonus = 1 rouble) and the money-like balance. */
  balances: z.strictObject({ bonus: z.number(), money: z.number() }),
  /** Every operation, newest first. */
  operations: z.array(operationSchema),
  certificates: z.array(
    z.strictObject({
      title: z.string(),
      nominal: z.number(),
      activatedAt: z.string().nullable(),
      validTo: z.string().nullable(),
    }),
  ),
  /** Gift-card orders the customer made, with the recipients they named. */
  giftCardOrders: z.array(
    z.strictObject({
      createdAt: z.string(),
      nominal: z.number(),
      total: z.number(),
      state: z.string(),
      recipients: z.array(z.strictObject({ phone: z.string(), name: z.string() })),
    }),
  ),
});
export type MyData = z.output<typeof myDataSchema>;

export const exportMyData = defineEndpoint({
  method: 'GET',
  path: '/api/user/export',
  summary:
    "A copy of the customer's data: `data` for the JSON file, `operationsCsv` the operations as CSV for Excel (UTF-8 with BOM, ';')",
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND'],
  schemas: { response: z.strictObject({ data: myDataSchema, operationsCsv: z.string() }) },
});

export const deleteMyAccount = defineEndpoint({
  method: 'POST',
  path: '/api/user/delete',
  summary:
    'Delete the account: needs an SMS confirmation within DELETION_CONFIRM_MINUTES; ends every session, removes saved bank cards, closes the balances, blanks the personal data and frees the phone',
  tag: 'cabinet',
  auth: 'user',
  errors: ['SMS_CONFIRMATION_REQUIRED', 'ACCOUNT_BUSY', 'BANK_UNAVAILABLE', 'NOT_FOUND'],
  schemas: {
    /** `confirm` is the customer's explicit yes, so a stray request with an empty body deletes nothing. */
    body: z.strictObject({ confirm: z.literal(true) }),
    response: z.strictObject({ code: z.literal(0) }),
  },
});
