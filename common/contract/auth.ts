import * as z from './z';
import { defineEndpoint } from './endpoint';

/** A customer's phone as the API carries it: 7 and 10 digits (spec section 5, "Phone in a token"). */
export const phoneSchema = z.string().regex(/^7\d{10}$/, 'телефон: 7 и ещё 10 цифр');
/** The SMS code: exactly 5 digits (spec sections 5 and 9). */
export const smsCodeSchema = z.string().regex(/^\d{5}$/, 'код из СМС: 5 цифр');
/** A refresh token: 32 random bytes in base64url. */
export const refreshTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'неверный токен обновления');

export const tokenPairSchema = z.strictObject({
  /** The access token (JWT, 15 minutes), sent as `Authorization: Bearer …`. */
  token: z.string(),
  /** The refresh token: one use, then replaced by the next pair. */
  refresh: z.string(),
});
export type TokenPair = z.output<typeof tokenPairSchema>;

export const sendPhoneCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/phone',
  summary: 'Send a 5-digit login code by SMS (the same answer whether or not the phone has an account)',
  tag: 'auth',
  auth: 'public',
  errors: ['TOO_MANY_REQUESTS', 'SMS_FAILED'],
  schemas: {
    body: z.strictObject({ phone: phoneSchema }),
    response: z.strictObject({ code: z.literal(0), message: z.string() }),
  },
});

export const confirmPhoneCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/token',
  summary: 'Exchange the phone and its SMS code for a token pair (creates the customer on first login)',
  tag: 'auth',
  auth: 'public',
  // A wrong, used, expired, blocked or never-sent code answers alike (decision 048).
  errors: ['INCORRECT_ACTIVATION_CODE', 'TOO_MANY_REQUESTS'],
  schemas: {
    body: z.strictObject({ phone: phoneSchema, token: smsCodeSchema }),
    response: tokenPairSchema,
  },
});

export const refreshTokens = defineEndpoint({
  method: 'POST',
  path: '/api/auth/refresh',
  summary: 'Exchange a refresh token for a new pair (the old refresh token stops working)',
  tag: 'auth',
  auth: 'public',
  errors: ['INVALID_REFRESH'],
  schemas: {
    body: z.strictObject({ refresh: refreshTokenSchema }),
    response: tokenPairSchema,
  },
});

export const logout = defineEndpoint({
  method: 'GET',
  path: '/api/user/logout',
  summary: 'End the session on the server: its refresh and access tokens stop working',
  tag: 'auth',
  auth: 'user',
  temporaryPayer: true,
  errors: [],
  schemas: { response: z.strictObject({ ok: z.literal(true) }) },
});

export const outboxMessageSchema = z.strictObject({
  phone: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  sentAt: z.string(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

export const devOutbox = defineEndpoint({
  method: 'GET',
  path: '/api/dev/outbox',
  summary: 'Development only (console SMS provider): messages sent, newest first',
  tag: 'dev',
  auth: 'public',
  errors: [],
  schemas: {
    query: z.strictObject({ phone: phoneSchema.optional() }),
    response: z.array(outboxMessageSchema),
  },
});
