import { defineEndpoint } from './endpoint';
import * as z from './z';

/**
 * Messages to members (issue 31 item 3, decision 076): campaigns and triggered messages by SMS or e-mail (web push
 * declared, refused until wired), their preview, a test send to oneself, the start now or at a time, the results
 * by group with the lift, and SMS.ru's delivery callback.
 */

export const MESSAGE_CHANNELS = ['sms', 'email', 'push'] as const;
export const MESSAGE_TRIGGERS = ['lapsed', 'welcome', 'level_up', 'expiring', 'birthday'] as const;
export const MESSAGE_CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'done',
  'stopped',
  'active',
  'paused',
] as const;

const campaignId = z.strictObject({ campaignId: z.string().uuid('Неизвестная рассылка') });

const campaignFields = {
  name: z.string().trim().min(1, 'Укажите название').max(120, 'Название: не длиннее 120 знаков'),
  channel: z.enum(MESSAGE_CHANNELS, 'Неизвестный канал'),
  segmentId: z.string().uuid('Неизвестный сегмент').nullable().default(null),
  subject: z.string().trim().max(200, 'Тема: не длиннее 200 знаков').default(''),
  template: z.string().trim().min(1, 'Напишите текст').max(2000, 'Текст: не длиннее 2000 знаков'),
  couponPromoId: z.string().uuid('Неизвестная акция').nullable().default(null),
  controlPercent: z
    .number('Доля контрольной группы: число от 0 до 50')
    .int('Доля контрольной группы: целое число процентов')
    .min(0, 'Доля контрольной группы: от 0 до 50 %')
    .max(50, 'Доля контрольной группы: от 0 до 50 %'),
  budgetMessages: z
    .number()
    .int()
    .min(1, 'Бюджет: хотя бы одно сообщение')
    .max(10_000_000)
    .nullable()
    .default(null),
  attributionDays: z
    .number()
    .int()
    .min(1, 'Покупки считаются от 1 до 90 дней')
    .max(90, 'Покупки считаются от 1 до 90 дней')
    .default(7),
};

export const createMessageCampaignBody = z.strictObject({
  kind: z.enum(['campaign', 'trigger']).default('campaign'),
  trigger: z.enum(MESSAGE_TRIGGERS, 'Неизвестный повод').nullable().default(null),
  lapsedDays: z
    .number()
    .int()
    .min(1, 'Дней без покупок: от 1 до 365')
    .max(365, 'Дней без покупок: от 1 до 365')
    .nullable()
    .default(null),
  welcomeHours: z
    .number()
    .int('Часов после регистрации: целое число')
    .min(0, 'Часов после регистрации: от 0 до 720')
    .max(720, 'Часов после регистрации: от 0 до 720')
    .nullable()
    .default(null),
  daysBefore: z
    .number()
    .int('Дней до события: целое число')
    .min(0, 'Дней до события: от 0 до 60')
    .max(60, 'Дней до события: от 0 до 60')
    .nullable()
    .default(null),
  ...campaignFields,
});

export const messageCampaignSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['campaign', 'trigger']),
  trigger: z.enum(MESSAGE_TRIGGERS).nullable(),
  lapsedDays: z.number().int().nullable(),
  welcomeHours: z.number().int().nullable(),
  daysBefore: z.number().int().nullable(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  segmentId: z.string().nullable(),
  subject: z.string(),
  template: z.string(),
  links: z.array(z.string()),
  couponPromoId: z.string().nullable(),
  controlPercent: z.number().int(),
  budgetMessages: z.number().int().nullable(),
  sentCount: z.number().int(),
  attributionDays: z.number().int(),
  status: z.enum(MESSAGE_CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  stopReason: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageCampaign = z.output<typeof messageCampaignSchema>;

const operator = { tag: 'operator', auth: 'operator' } as const;

export const listMessageCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/operator/messages',
  summary: 'Every campaign and triggered message, newest first',
  ...operator,
  permission: 'messages.read',
  errors: [],
  schemas: { response: z.array(messageCampaignSchema) },
});

export const createMessageCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/operator/messages',
  summary: 'A campaign (a draft) or a triggered message (paused until started); its template checked',
  ...operator,
  permission: 'messages.write',
  errors: ['MESSAGE_INVALID'],
  schemas: { body: createMessageCampaignBody, response: messageCampaignSchema },
});

export const updateMessageCampaign = defineEndpoint({
  method: 'PUT',
  path: '/api/operator/messages/:campaignId',
  summary: 'Change a draft campaign or a paused trigger',
  ...operator,
  permission: 'messages.write',
  errors: ['NOT_FOUND', 'MESSAGE_INVALID', 'MESSAGE_STATE'],
  schemas: { params: campaignId, body: z.strictObject(campaignFields), response: messageCampaignSchema },
});

const previewSchema = z.strictObject({
  text: z.string(),
  subject: z.string(),
  /** Whom the sample is: the member's first name, or «пример» with no member. */
  sample: z.string(),
  /** SMS parts of 70 Cyrillic (or 160 Latin) characters, as the operator pays for them. */
  smsParts: z.number().int(),
});

export const previewMessage = defineEndpoint({
  method: 'POST',
  path: '/api/operator/messages/:campaignId/preview',
  summary: 'The message for a sample member of the audience (or the member with this phone), nothing sent',
  ...operator,
  permission: 'messages.read',
  errors: ['NOT_FOUND'],
  schemas: {
    params: campaignId,
    body: z.strictObject({
      phone: z
        .string()
        .regex(/^7\d{10}$/, 'Телефон: 7 и 10 цифр')
        .optional(),
    }),
    response: previewSchema,
  },
});

export const testSendMessage = defineEndpoint({
  method: 'POST',
  path: '/api/operator/messages/:campaignId/test',
  summary: 'Send the message to oneself: an e-mail to the staff member, an SMS to the phone given; audited',
  ...operator,
  permission: 'messages.send',
  errors: ['NOT_FOUND', 'MESSAGE_INVALID', 'TOO_MANY_REQUESTS'],
  schemas: {
    params: campaignId,
    body: z.strictObject({
      phone: z
        .string()
        .regex(/^7\d{10}$/, 'Телефон: 7 и 10 цифр')
        .optional(),
    }),
    response: z.strictObject({ sentTo: z.string() }),
  },
});

export const startMessageCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/operator/messages/:campaignId/start',
  summary: 'Send now, or at a time (`at`); a trigger starts firing; audited',
  ...operator,
  permission: 'messages.send',
  errors: ['NOT_FOUND', 'MESSAGE_INVALID', 'MESSAGE_STATE'],
  schemas: {
    params: campaignId,
    body: z.strictObject({ at: z.iso.datetime({ offset: true, message: 'Время: дата и время' }).optional() }),
    response: messageCampaignSchema,
  },
});

export const stopMessageCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/operator/messages/:campaignId/stop',
  summary: 'Stop a campaign (what is not sent yet is not sent) or pause a trigger; audited',
  ...operator,
  permission: 'messages.send',
  errors: ['NOT_FOUND', 'MESSAGE_STATE'],
  schemas: { params: campaignId, response: messageCampaignSchema },
});

const groupResultSchema = z.strictObject({
  audience: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  skipped: z.number().int(),
  waiting: z.number().int(),
  clicked: z.number().int(),
  buyers: z.number().int(),
  purchases: z.number().int(),
  /** Kopecks. */
  revenue: z.number().int(),
  /** Buyers per member of the group, 0..1. */
  conversion: z.number(),
  /** Kopecks per member of the group. */
  revenuePerMember: z.number(),
});

export const messageResultsSchema = z.strictObject({
  campaign: messageCampaignSchema,
  campaignGroup: groupResultSchema,
  controlGroup: groupResultSchema,
  /** The campaign group's conversion less the control's, in percentage points; null without a control group. */
  conversionLift: z.number().nullable(),
  /** Revenue per member, campaign less control, kopecks; null without a control group. */
  revenueLift: z.number().nullable(),
  skippedReasons: z.record(z.string(), z.number().int()),
});
export type MessageResults = z.output<typeof messageResultsSchema>;

export const messageResults = defineEndpoint({
  method: 'GET',
  path: '/api/operator/messages/:campaignId/results',
  summary:
    'Each group: audience, delivered, clicked, purchases and revenue within N days of the send; the lift',
  ...operator,
  permission: 'messages.read',
  errors: ['NOT_FOUND'],
  schemas: { params: campaignId, response: messageResultsSchema },
});
