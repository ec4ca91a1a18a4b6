import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from './codes';
import { defineEndpoint } from './endpoint';
import * as z from './z';

/**
 * Events out to the chain's systems (issue 31 item 5, decision 073): the operator's endpoints, the types they
 * subscribe to, the delivery log and its replay. Each delivery is signed: `Kopilka-Signature: t=…,v1=…`.
 */

export { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './codes';

const endpointId = z.strictObject({ endpointId: z.string().uuid('Неизвестный адрес') });

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, 'Неизвестный тип события'))
  .min(1, 'Выберите хотя бы одно событие')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

const urlSchema = z.string().trim().min(1, 'Укажите адрес').max(2000, 'Адрес: не длиннее 2000 знаков');
const descriptionSchema = z.string().trim().max(200, 'Описание: не длиннее 200 знаков');

export const webhookEndpointSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointInfo = z.output<typeof webhookEndpointSchema>;

const withSecret = webhookEndpointSchema.extend({ secret: z.string() });

export const createWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/operator/webhooks',
  summary: 'Register an endpoint for events: its signing secret is in this answer only',
  tag: 'operator',
  auth: 'operator',
  permission: 'webhooks.write',
  errors: ['WEBHOOK_URL_REFUSED'],
  schemas: {
    body: z.strictObject({
      url: urlSchema,
      description: descriptionSchema.default(''),
      eventTypes: eventTypesSchema,
    }),
    response: withSecret,
  },
});

export const listWebhookEndpoints = defineEndpoint({
  method: 'GET',
  path: '/api/operator/webhooks',
  summary: 'Every endpoint for events (never its secret)',
  tag: 'operator',
  auth: 'operator',
  permission: 'webhooks.read',
  errors: [],
  schemas: { response: z.array(webhookEndpointSchema) },
});

export const updateWebhookEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/operator/webhooks/:endpointId',
  summary: 'Change an endpoint: its address, description, events, or switch it off and on',
  tag: 'operator',
  auth: 'operator',
  permission: 'webhooks.write',
  errors: ['NOT_FOUND', 'WEBHOOK_URL_REFUSED'],
  schemas: {
    params: endpointId,
    body: z.strictObject({
      url: urlSchema.optional(),
      description: descriptionSchema.optional(),
      eventTypes: eventTypesSchema.optional(),
      active: z.boolean().optional(),
    }),
    response: webhookEndpointSchema,
  },
});

export const rotateWebhookSecret = defineEndpoint({
  method: 'POST',
  path: '/api/operator/webhooks/:endpointId/rotate-secret',
  summary: 'A new signing secret for the endpoint, in this answer only; the old one stops at once',
  tag: 'operator',
  auth: 'operator',
  permission: 'webhooks.write',
  errors: ['NOT_FOUND'],
  schemas: { params: endpointId, response: withSecret },
});

export const webhookDeliverySchema = z.strictObject({
  id: z.string(),
  endpointId: z.string(),
  url: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  memberId: z.string().nullable(),
  eventCreatedAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastResponseMs: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const listWebhookDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/operator/webhooks/deliveries',
  summary: 'The delivery log, newest first, by endpoint, status, event type and member',
  tag: 'operator',
  auth: 'operator',
  permission: 'webhooks.read',
  errors: [],
  schemas: {
    query: z.strictObject({
      endpointId: z.string().uuid('Неизвестный адрес').optional(),
      status: z.enum(WEBHOOK_DELIVERY_STATUSES, 'Неизвестное состояние').optional(),
      eventType: z.enum(WEBHOOK_EVENT_TYPES, 'Неизвестный тип события').optional(),
      memberId: z.string().uuid('Неизвестный участник').optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.array(webhookDeliverySchema),
  },
});

export const replayWebhookDelivery = defineEndpoint({
  method: 'POST',
  path: '/api/operator/webhooks/deliveries/:deliveryId/replay',
  summary: 'Send a delivery again (the same event id), due now; audited',
  tag: 'operator',
  auth: 'operator',
  permission: 'webhooks.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ deliveryId: z.string().uuid('Неизвестная доставка') }),
    response: webhookDeliverySchema,
  },
});
