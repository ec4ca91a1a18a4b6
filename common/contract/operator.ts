import * as z from './z';
import {
  actionSchema,
  contactsSchema,
  countdownSchema,
  customSchema,
  faqQuestionSchema,
  joinSchema,
  newsItemSchema,
  operatorPointSchema,
  rulesSchema,
} from './content';
import { defineEndpoint } from './endpoint';
import { brandSettingsSchema } from './header';
import { phoneSchema } from './auth';

/**
 * The programme operator's API: settings, content, till keys and companies' invoices of a running deployment.
 * The command-line tool (`npm run operator`) calls it with OPERATOR_TOKEN.
 */

/** Picture names are file-like keys (`favicon.png`, `xxhdpi_logo_small`); nothing else reaches the database. */
export const PICTURE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

const uniqueBy =
  <T>(key: (item: T) => unknown, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, i) => {
      if (seen.has(key(item))) ctx.addIssue({ code: 'custom', path: [i], message: `${what} повторяется` });
      seen.add(key(item));
    });
  };

const FIRST_STORABLE = Date.parse('0001-01-01T00:00:00Z');
const LAST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');

/** News as stored: picture names (not URLs) and any ISO date-time. */
export const storedNewsSchema = newsItemSchema.extend({
  date: z.string().refine((v) => {
    // A date-time PostgreSQL can store: years 1 to 9999 (JavaScript reads far wider ones).
    const time = Date.parse(v);
    return time >= FIRST_STORABLE && time <= LAST_STORABLE;
  }, 'Дата задаётся в формате ISO 8601'),
});

/** The picture types a brand may store. */
export const pictureTypeSchema = z.enum([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
  'image/gif',
]);

const pictureFileSchema = z.strictObject({
  name: z.string().regex(PICTURE_NAME, 'Имя картинки: латиница, цифры, точка, - и _'),
  contentType: pictureTypeSchema,
  /** The file's bytes in base64. */
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Картинка задаётся в base64'),
});

/**
 * The whole brand in one JSON document: what `content:export` writes and `content:import` reads. Each part is
 * checked with the schema the API and the demo seed use.
 */
export const contentFileSchema = z.strictObject({
  settings: brandSettingsSchema,
  points: z.array(operatorPointSchema).superRefine(uniqueBy((p) => p.id, 'id')),
  actions: z.array(actionSchema).superRefine(uniqueBy((a) => a.id, 'id')),
  news: z.array(storedNewsSchema).superRefine(uniqueBy((n) => n.id, 'id')),
  faq: z.array(faqQuestionSchema).superRefine(uniqueBy((q) => q.id, 'id')),
  documents: z.strictObject({
    rules: rulesSchema,
    contacts: contactsSchema,
    join: joinSchema,
    countdown: countdownSchema,
    custom: customSchema,
  }),
  pictures: z.array(pictureFileSchema).superRefine(uniqueBy((p) => p.name, 'name')),
});
export type ContentFile = z.output<typeof contentFileSchema>;

export const getOperatorSettings = defineEndpoint({
  method: 'GET',
  path: '/api/operator/settings',
  summary: 'The brand settings as stored',
  tag: 'operator',
  auth: 'operator',
  permission: 'settings.read',
  errors: [],
  schemas: { response: brandSettingsSchema },
});

export const putOperatorSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/operator/settings',
  summary: 'Replace the brand settings (validated; the site shows them at once)',
  tag: 'operator',
  auth: 'operator',
  permission: 'settings.write',
  errors: [],
  schemas: { body: brandSettingsSchema, response: brandSettingsSchema },
});

export const exportOperatorContent = defineEndpoint({
  method: 'GET',
  path: '/api/operator/content',
  summary: 'The brand as one JSON document: settings, content and pictures (base64)',
  tag: 'operator',
  auth: 'operator',
  permission: 'content.read',
  errors: [],
  schemas: { response: contentFileSchema },
});

/** The pictures travel inside the content file as base64. */
export const CONTENT_FILE_MAX_BYTES = 64 * 1024 * 1024;

export const importOperatorContent = defineEndpoint({
  method: 'PUT',
  path: '/api/operator/content',
  summary:
    'Replace settings, content and pictures in one transaction (the body is a content file, as GET answers; a bad field is named with its path, e.g. points[3].address.latitude)',
  tag: 'operator',
  auth: 'operator',
  permission: 'content.write',
  errors: [],
  schemas: {
    // Checked by the service, so a refusal names the file's path as the operator reads it.
    body: z.unknown().meta({ description: 'A content file: the answer of GET /api/operator/content' }),
    response: z.strictObject({
      imported: z.strictObject({
        points: z.number().int(),
        actions: z.number().int(),
        news: z.number().int(),
        faq: z.number().int(),
        pictures: z.number().int(),
      }),
    }),
  },
});

export const tillKeyInfoSchema = z.strictObject({
  keyId: z.string(),
  retailPointId: z.number().int(),
  label: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TillKeyInfo = z.output<typeof tillKeyInfoSchema>;

export const issueTillKey = defineEndpoint({
  method: 'POST',
  path: '/api/operator/till-keys',
  summary: 'Issue a till API key for a retail point: the key is in this answer only (it is stored hashed)',
  tag: 'operator',
  auth: 'operator',
  permission: 'tillKeys.write',
  errors: ['NOT_FOUND'],
  schemas: {
    body: z.strictObject({
      retailPointId: z
        .number()
        .int()
        .positive('Неизвестная точка')
        .max(2 ** 31 - 1),
      label: z.string().trim().max(100, 'Подпись: не длиннее 100 знаков').default(''),
    }),
    response: z.strictObject({
      keyId: z.string(),
      key: z.string(),
      retailPointId: z.number().int(),
      label: z.string(),
      createdAt: z.string(),
    }),
  },
});

export const listTillKeys = defineEndpoint({
  method: 'GET',
  path: '/api/operator/till-keys',
  summary: 'Every till API key (never the key or its hash)',
  tag: 'operator',
  auth: 'operator',
  permission: 'tillKeys.read',
  errors: [],
  schemas: { response: z.array(tillKeyInfoSchema) },
});

export const revokeTillKey = defineEndpoint({
  method: 'POST',
  path: '/api/operator/till-keys/:keyId/revoke',
  summary: 'Revoke a till API key (at once; revoking again answers the same)',
  tag: 'operator',
  auth: 'operator',
  permission: 'tillKeys.write',
  errors: ['NOT_FOUND'],
  schemas: {
    params: z.strictObject({ keyId: z.string().uuid('Неизвестный ключ') }),
    response: tillKeyInfoSchema,
  },
});

/** What a deletion did: the operator's CLI prints it. */
export const deletionResultSchema = z.strictObject({
  /** Roubles of bonuses and of the money-like balance closed. */
  bonusClosed: z.number(),
  moneyClosed: z.number(),
  sessionsEnded: z.number().int(),
  savedCardsRemoved: z.number().int(),
});

/**
 * The same deletion for a request received elsewhere (a letter, the shop): the operator names the phone. One
 * endpoint, so a staff permission and an audit entry can wrap it (issue 16).
 */
export const operatorDeleteMember = defineEndpoint({
  method: 'POST',
  path: '/api/operator/members/delete',
  summary: "Delete a member's account by phone, as the customer's own deletion does",
  tag: 'operator',
  auth: 'operator',
  permission: 'members.delete',
  errors: ['NOT_FOUND', 'ACCOUNT_BUSY', 'BANK_UNAVAILABLE'],
  schemas: {
    body: z.strictObject({
      phone: phoneSchema,
      /** Why: the member's request and its number (a letter, a ticket); kept in the audit row (decision 053). */
      reason: z
        .string()
        .trim()
        .min(3, 'Укажите причину или номер обращения')
        .max(300, 'Причина: не длиннее 300 знаков'),
    }),
    response: deletionResultSchema,
  },
});
