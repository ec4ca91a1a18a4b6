import * as z from './z';
import {
  actionSchema,
  contactsSchema,
  countdownSchema,
  customSchema,
  faqQuestionSchema,
  joinSchema,
  operatorPointSchema,
  rulesSchema,
} from './content';
import { defineEndpoint } from './endpoint';
import { PICTURE_NAME, pictureTypeSchema, storedNewsSchema } from './operator';

/*
 * The console's content screens (decision 032): each collection (news, FAQ, actions, points) item by item, the
 * page documents one by one, and pictures. Every body is checked with the schema the public API and the content
 * file use; every change goes through the content cache's write (the site shows it at once) with its audit row.
 */

const itemId = z.strictObject({
  id: z.coerce
    .number()
    .int('Номер: целое число')
    .positive('Номер: целое число')
    .max(2 ** 31 - 1),
});
const deleted = z.strictObject({ deleted: z.literal(true) });

/** List, add (the server gives the next free id), replace and delete one collection's items. */
function collection<const N extends string, S extends z.ZodObject>(name: N, item: S, what: string) {
  const body = item.omit({ id: true });
  const base = {
    tag: 'operator',
    auth: 'operator',
    errors: [],
  } as const;
  return {
    list: defineEndpoint({
      ...base,
      method: 'GET',
      path: `/api/operator/${name}`,
      summary: `Every ${what}, as stored (picture names, not addresses)`,
      permission: 'content.read',
      schemas: { response: z.array(item) },
    }),
    create: defineEndpoint({
      ...base,
      method: 'POST',
      path: `/api/operator/${name}`,
      summary: `Add a ${what} (the next free id; the site shows it at once)`,
      permission: 'content.write',
      schemas: { body, response: item },
    }),
    update: defineEndpoint({
      ...base,
      method: 'PUT',
      path: `/api/operator/${name}/:id` as `/api/operator/${N}/:id`,
      summary: `Replace a ${what}`,
      permission: 'content.write',
      errors: ['NOT_FOUND'],
      schemas: { params: itemId, body, response: item },
    }),
    remove: defineEndpoint({
      ...base,
      method: 'DELETE',
      path: `/api/operator/${name}/:id` as `/api/operator/${N}/:id`,
      summary: `Delete a ${what}`,
      permission: 'content.write',
      errors: ['NOT_FOUND'],
      schemas: { params: itemId, response: deleted },
    }),
  };
}

const news = collection('news', storedNewsSchema, 'news item');
export const listOperatorNews = news.list;
export const createOperatorNews = news.create;
export const updateOperatorNews = news.update;
export const deleteOperatorNews = news.remove;

const faq = collection('faq', faqQuestionSchema, 'question and answer');
export const listOperatorFaq = faq.list;
export const createOperatorFaq = faq.create;
export const updateOperatorFaq = faq.update;
export const deleteOperatorFaq = faq.remove;

const actions = collection('actions', actionSchema, 'action (promotion)');
export const listOperatorActions = actions.list;
export const createOperatorActions = actions.create;
export const updateOperatorActions = actions.update;
export const deleteOperatorActions = actions.remove;

const points = collection('points', operatorPointSchema, 'retail point');
export const listOperatorPoints = points.list;
export const createOperatorPoints = points.create;
export const updateOperatorPoints = points.update;
export const deleteOperatorPoints = points.remove;

export const operatorDocumentsSchema = z.strictObject({
  rules: rulesSchema,
  contacts: contactsSchema,
  join: joinSchema,
  countdown: countdownSchema,
  custom: customSchema,
});
export type OperatorDocuments = z.output<typeof operatorDocumentsSchema>;

export const getOperatorDocuments = defineEndpoint({
  method: 'GET',
  path: '/api/operator/documents',
  summary: 'The pages: rules, contacts, join, countdown and the custom module',
  tag: 'operator',
  auth: 'operator',
  permission: 'content.read',
  errors: [],
  schemas: { response: operatorDocumentsSchema },
});

function documentEndpoint<const N extends keyof OperatorDocuments, S extends z.ZodType>(name: N, schema: S) {
  return defineEndpoint({
    method: 'PUT',
    path: `/api/operator/documents/${name}`,
    summary: `Replace the ${name} page`,
    tag: 'operator',
    auth: 'operator',
    permission: 'content.write',
    errors: [],
    schemas: { body: schema, response: schema },
  });
}
export const putOperatorRules = documentEndpoint('rules', rulesSchema);
export const putOperatorContacts = documentEndpoint('contacts', contactsSchema);
export const putOperatorJoin = documentEndpoint('join', joinSchema);
export const putOperatorCountdown = documentEndpoint('countdown', countdownSchema);
export const putOperatorCustom = documentEndpoint('custom', customSchema);

/** A stored picture's size limit: a logo, an icon or a news picture, not a photo album. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const pictureInfoSchema = z.strictObject({
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  updatedAt: z.string(),
});
export type PictureInfo = z.output<typeof pictureInfoSchema>;

const pictureName = z.strictObject({
  name: z.string().regex(PICTURE_NAME, 'Имя картинки: латиница, цифры, точка, - и _'),
});

export const listOperatorPictures = defineEndpoint({
  method: 'GET',
  path: '/api/operator/pictures',
  summary: 'Every stored picture: name, type, size (served at /api/proxy/pictures/{name})',
  tag: 'operator',
  auth: 'operator',
  permission: 'content.read',
  errors: [],
  schemas: { response: z.array(pictureInfoSchema) },
});

export const putOperatorPicture = defineEndpoint({
  method: 'PUT',
  path: '/api/operator/pictures/:name',
  summary:
    'Store or replace a picture (PNG, JPEG, WebP, GIF or SVG up to 2 MB, in base64; the bytes must be of the type named)',
  tag: 'operator',
  auth: 'operator',
  permission: 'content.write',
  errors: [],
  schemas: {
    params: pictureName,
    body: z.strictObject({
      contentType: pictureTypeSchema,
      data: z
        .string()
        .min(1, 'Файл пуст')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Картинка задаётся в base64'),
    }),
    response: pictureInfoSchema,
  },
});

export const deleteOperatorPicture = defineEndpoint({
  method: 'DELETE',
  path: '/api/operator/pictures/:name',
  summary: 'Delete a picture',
  tag: 'operator',
  auth: 'operator',
  permission: 'content.write',
  errors: ['NOT_FOUND'],
  schemas: { params: pictureName, response: deleted },
});
