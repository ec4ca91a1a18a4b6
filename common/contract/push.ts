import { defineEndpoint } from './endpoint';
import * as z from './z';

/**
 * Web push (issue 31 item 4, decision 077): the site's VAPID public key, and the browsers where a member switched
 * notifications on. The browser chooses the endpoint (its push service) and the keys; the server checks them,
 * since a caller could send any URL here.
 */

/** base64url without padding (a browser's toJSON() gives it so; a padded copy is taken too). */
const base64url = (bytes: number, name: string) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `${name}: ключ браузера неверного вида`)
    .max(length + 2)
    .transform((value) => value.replace(/=+$/, ''));
};

const endpointSchema = z
  .string()
  .min(1, 'Нет адреса подписки')
  .max(2048, 'Адрес подписки: не длиннее 2048 знаков');

export const getPushKey = defineEndpoint({
  method: 'GET',
  path: '/api/push/key',
  summary:
    "The site's VAPID public key (RFC 8292) for PushManager.subscribe's applicationServerKey; null when push is switched off (PUSH_ENABLED=false)",
  tag: 'cabinet',
  auth: 'public',
  errors: [],
  schemas: { response: z.strictObject({ publicKey: z.string().nullable() }) },
});

export const subscribePush = defineEndpoint({
  method: 'POST',
  path: '/api/user/push-subscriptions',
  summary:
    "Keeps this browser's push subscription for the customer (the cabinet's «Уведомления» switch); the same endpoint again updates it, another customer's takes it over",
  tag: 'cabinet',
  auth: 'user',
  errors: ['PUSH_ENDPOINT_REFUSED', 'PUSH_DISABLED'],
  schemas: {
    body: z.strictObject({
      endpoint: endpointSchema,
      expirationTime: z.number().nullable().optional(),
      keys: z.strictObject({ p256dh: base64url(65, 'p256dh'), auth: base64url(16, 'auth') }),
    }),
    response: z.strictObject({ subscribed: z.literal(true) }),
  },
});

export const unsubscribePush = defineEndpoint({
  method: 'POST',
  path: '/api/user/push-subscriptions/unsubscribe',
  summary:
    "Forgets this browser's push subscription (the switch turned off); one the customer does not hold, or none, changes nothing",
  tag: 'cabinet',
  auth: 'user',
  errors: [],
  schemas: {
    body: z.strictObject({ endpoint: endpointSchema }),
    response: z.strictObject({ subscribed: z.literal(false) }),
  },
});
