import * as z from './z';
import { defineEndpoint } from './endpoint';

/**
 * Saved bank cards ("extra payment", spec sections 3 and 7; issue 6; docs/decisions/016-saved-bank-cards.md).
 * The gateway keeps the cards; we keep who asked to save one. Saving a card needs a fresh SMS confirmation:
 * a session confirmed by SMS more than BINDING_CONFIRM_MINUTES ago gets 403 `SMS_CONFIRMATION_REQUIRED`, and
 * the cabinet asks for a new code (a new login of the same phone) before it tries again.
 */

export const savedCardSchema = z.strictObject({
  bindingId: z.string(),
  /** ACTIVE: pays; INACTIVE: known to the gateway but not usable (expired or blocked). */
  bindingState: z.enum(['ACTIVE', 'INACTIVE']),
  /** '•••• 1111': the last four digits only. */
  maskedPan: z.string(),
  /** 'MM/YY' when the gateway tells it. */
  expiry: z.string().nullable(),
});
export type SavedCard = z.output<typeof savedCardSchema>;

/**
 * How the cabinet may bind Google Pay or Apple Pay (docs/decisions/022): `sandbox` opens the sandbox acquirer's
 * wallet step at `url` (no real wallet sheet exists offline), which comes back with a sandbox wallet token;
 * `google-pay` asks the browser's Payment Request API for a Google Pay token with the gateway's parameters.
 * null: this gateway takes no wallet tokens, so no button.
 */
export const walletOfferSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('sandbox'), url: z.string() }),
  z.strictObject({
    mode: z.literal('google-pay'),
    environment: z.enum(['TEST', 'PRODUCTION']),
    merchantId: z.string(),
    merchantName: z.string(),
    /** The gateway's tokenization parameters (`PAYMENT_GATEWAY`). */
    gateway: z.string(),
    gatewayMerchantId: z.string(),
  }),
]);
export type WalletOffer = z.output<typeof walletOfferSchema>;

export const getExtraPayment = defineEndpoint({
  method: 'GET',
  path: '/api/user/getExtraPayment',
  summary: "The customer's saved bank cards, as the gateway holds them",
  tag: 'cabinet',
  auth: 'user',
  errors: ['BANK_UNAVAILABLE'],
  schemas: {
    response: z.strictObject({
      cards: z.array(savedCardSchema),
      /** Whether a saved card can pay the rest of a purchase with this gateway (the payment page offers it). */
      payable: z.boolean(),
      /** The wallet buttons the cabinet may show. */
      wallets: z.strictObject({ google: walletOfferSchema.nullable(), apple: walletOfferSchema.nullable() }),
    }),
  },
});

const ownUrl = z.string().url('url: адрес').max(2000);

export const bindExtraPayment = defineEndpoint({
  method: 'POST',
  path: '/api/user/bindExtraPayment',
  summary:
    "Save a bank card: answers the gateway's hosted page (bindURL), which returns to `url` (this site, /profile?t=cards). Needs a fresh SMS confirmation; idempotent per requestId.",
  tag: 'cabinet',
  auth: 'user',
  errors: ['SMS_CONFIRMATION_REQUIRED', 'BANK_UNAVAILABLE', 'NOT_FOUND'],
  schemas: {
    body: z.strictObject({
      url: ownUrl,
      /** The page makes one per attempt: a retried call answers the same hosted page. */
      requestId: z.string().uuid('requestId: UUID').optional(),
    }),
    response: z.strictObject({ bindURL: z.string(), requestId: z.string() }),
  },
});

export const bindingStatus = defineEndpoint({
  method: 'GET',
  path: '/api/user/bindingStatus/:requestId',
  summary: 'How a card-saving attempt ended (asked of the gateway): pending, bound or failed',
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND', 'BANK_UNAVAILABLE'],
  schemas: {
    params: z.strictObject({ requestId: z.string().uuid('Неизвестная привязка') }),
    response: z.strictObject({
      state: z.enum(['pending', 'bound', 'failed']),
      card: savedCardSchema.nullable(),
    }),
  },
});

export const unbindExtraPayment = defineEndpoint({
  method: 'POST',
  path: '/api/user/unbindExtraPayment',
  summary: 'Remove a saved card (idempotent: removing a card already removed answers the same)',
  tag: 'cabinet',
  auth: 'user',
  errors: ['NOT_FOUND', 'BANK_UNAVAILABLE'],
  schemas: {
    body: z.strictObject({ id: z.string().min(1, 'Неизвестная карта').max(100, 'Неизвестная карта') }),
    response: z.strictObject({ code: z.literal(0) }),
  },
});

/** A wallet's payment token: base64 (standard or URL-safe), as Google Pay and Apple Pay hand it over. */
const walletToken = z
  .string()
  .min(8, 'token: base64')
  .max(20_000, 'token: base64')
  .regex(/^[A-Za-z0-9+/=_-]+$/, 'token: base64');

/** Saving a wallet's card: a fresh SMS login first, then the bank's answer for the token. */
const WALLET_ERRORS = [
  'SMS_CONFIRMATION_REQUIRED',
  'WALLET_DECLINED',
  'WALLET_TOKEN_USED',
  'BANK_UNAVAILABLE',
] as const;

const walletAnswer = z.strictObject({
  code: z.literal(0),
  /** The card the wallet token saved. */
  card: savedCardSchema,
});

export const googleBindingCard = defineEndpoint({
  method: 'POST',
  path: '/api/user/googleBindingCard',
  summary:
    'Save the card behind a Google Pay token (fresh SMS confirmation needed; the same token saves one card)',
  tag: 'cabinet',
  auth: 'user',
  errors: WALLET_ERRORS,
  schemas: {
    body: z.strictObject({ token: walletToken, returnUrl: ownUrl }),
    response: walletAnswer,
  },
});

export const appleBindingCard = defineEndpoint({
  method: 'POST',
  path: '/api/user/appleBindingCard',
  summary:
    'Save the card behind an Apple Pay token (fresh SMS confirmation needed; the same token saves one card)',
  tag: 'cabinet',
  auth: 'user',
  errors: WALLET_ERRORS,
  schemas: { body: z.strictObject({ token: walletToken }), response: walletAnswer },
});
