import * as z from './z';
import { earnPercentSchema } from './earn-rate';
import { checkEmail, checkPhone, DEFAULT_MAX_LENGTH, VALIDATION_MESSAGES } from '../lib/validation';
import { defineEndpoint } from './endpoint';
import { link } from './link';

const text = (max: number) => z.string().max(max, `Не длиннее ${max} знаков`);
/** A text that must not be empty (the console shows this message under the field). */
const REQUIRED = 'Заполните поле';
const pictureUrl = z.string().max(300);
/** Ids and numbers the database keeps as `integer` (a larger one would fail the insert, not the schema). */
const INT4_MAX = 2 ** 31 - 1;
const rowId = () => z.number().int().positive().max(INT4_MAX);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата задаётся как ГГГГ-ММ-ДД')
  // A real day the database can store (not 2024-02-30, not year 0).
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return v >= '0001' && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  }, 'Такой даты нет');

/** Spec section 3 "Point"; the address is nested as the spec shows it. */
export const pointSchema = z.strictObject({
  id: rowId(),
  title: text(200).min(1, REQUIRED),
  phone: text(40),
  rating: z.number('Рейтинг: число от 0 до 5').min(0, 'Рейтинг: от 0 до 5').max(5, 'Рейтинг: от 0 до 5'),
  /** The earn rate in force here, percent: the point's own or the chain's base (decision 055). */
  currentBonus: earnPercentSchema,
  firmId: z
    .number()
    .int()
    .min(-INT4_MAX - 1)
    .max(INT4_MAX),
  categoryName: text(60).min(1, REQUIRED),
  address: z.strictObject({
    city: text(100),
    street: text(200),
    house: text(40),
    latitude: z
      .number('Широта: число')
      .min(-90, 'Широта: от -90 до 90')
      .max(90, 'Широта: от -90 до 90')
      .nullable(),
    longitude: z
      .number('Долгота: число')
      .min(-180, 'Долгота: от -180 до 180')
      .max(180, 'Долгота: от -180 до 180')
      .nullable(),
  }),
  workingHours: text(200).default(''),
});
export type Point = z.output<typeof pointSchema>;

/**
 * A point as the operator stores it (the console, the content file): `currentBonus` null means the point follows
 * the chain's `baseEarnPercent`; a number is its own rate, over the base (decision 055). The public `Point`
 * always carries the rate in force.
 */
export const operatorPointSchema = pointSchema.extend({ currentBonus: earnPercentSchema.nullable() });
export type OperatorPoint = z.output<typeof operatorPointSchema>;

/** A promotion and the points it is valid at. */
export const actionSchema = z.strictObject({
  id: rowId(),
  title: text(200).min(1, REQUIRED),
  description: text(2000),
  pointIds: z.array(rowId()).max(1000),
  validFrom: isoDate.nullable().default(null),
  validTo: isoDate.nullable().default(null),
});
export type Action = z.output<typeof actionSchema>;

export const faqQuestionSchema = z.strictObject({
  id: rowId(),
  question: text(300).min(1, REQUIRED),
  answer: text(5000).min(1, REQUIRED),
});
export type FaqQuestion = z.output<typeof faqQuestionSchema>;

export const newsPreviewSchema = z.strictObject({
  id: rowId(),
  title: text(200).min(1, REQUIRED),
  /** ISO 8601 date-time. */
  date: z.string(),
  preview: text(500),
  /** Picture URLs (/api/proxy/pictures/{name}). */
  images: z.array(pictureUrl).max(20),
  pointIds: z.array(rowId()).max(1000),
});
export const newsItemSchema = newsPreviewSchema.extend({ text: text(20000) });
export type NewsPreview = z.output<typeof newsPreviewSchema>;
export type NewsItem = z.output<typeof newsItemSchema>;

/** Spec section 3 "Rules": about, creators, link, img, phone, email. `img` is a picture URL. */
export const rulesSchema = z.strictObject({
  about: text(20000),
  creators: text(1000),
  link: link(500).nullable(),
  img: pictureUrl.nullable(),
  phone: text(40),
  email: text(120),
});
export type Rules = z.output<typeof rulesSchema>;

/** The custom module's page: its headline and text. */
export const customSchema = z.strictObject({ headline: text(200), text: text(20000) });
export type CustomModule = z.output<typeof customSchema>;

export const contactsSchema = z.strictObject({
  title: text(200),
  phone: text(40),
  email: text(120),
  address: text(300),
  workingHours: text(200),
  pointId: z.number().int().positive().nullable().default(null),
  socials: z.array(z.strictObject({ name: text(60), url: link(300) })).max(10),
});
export type Contacts = z.output<typeof contactsSchema>;

export const joinSchema = z.strictObject({
  title: text(200),
  text: text(5000),
  steps: z.array(text(300)).max(20),
  benefits: z.array(text(300)).max(20),
});
export type JoinPage = z.output<typeof joinSchema>;

export const countdownSchema = z.strictObject({
  title: text(200),
  text: text(5000),
  /** When the countdown ends, ISO 8601 with an offset. */
  date: z.string().datetime({ offset: true }),
});
export type Countdown = z.output<typeof countdownSchema>;

const idParams = z.object({ id: z.string().max(20) });

export const getRules = defineEndpoint({
  method: 'GET',
  path: '/api/rules',
  summary: 'The programme rules (about page)',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: rulesSchema },
});

export const getCustom = defineEndpoint({
  method: 'GET',
  path: '/api/custom',
  summary: 'The custom module: headline and text',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: customSchema },
});

export const getFaq = defineEndpoint({
  method: 'GET',
  path: '/api/faq',
  summary: 'Questions and answers',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: z.strictObject({ questions: z.array(faqQuestionSchema) }) },
});

export const getNews = defineEndpoint({
  method: 'GET',
  path: '/api/news',
  summary: 'News, newest first (without the full text)',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: z.strictObject({ news: z.array(newsPreviewSchema) }) },
});

export const getNewsItem = defineEndpoint({
  method: 'GET',
  path: '/api/news/:id',
  summary: 'One news item with its text',
  tag: 'content',
  auth: 'public',
  errors: ['NOT_FOUND'],
  schemas: { params: idParams, response: newsItemSchema },
});

export const getPoints = defineEndpoint({
  method: 'GET',
  path: '/api/points',
  summary: 'Retail points and the actions (promotions) valid at them',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: {
    response: z.strictObject({ points: z.array(pointSchema), actions: z.array(actionSchema) }),
  },
});

export const getPoint = defineEndpoint({
  method: 'GET',
  path: '/api/points/:id',
  summary: 'One retail point and the actions valid there',
  tag: 'content',
  auth: 'public',
  errors: ['NOT_FOUND'],
  schemas: {
    params: idParams,
    response: z.strictObject({ point: pointSchema, actions: z.array(actionSchema) }),
  },
});

export const getContacts = defineEndpoint({
  method: 'GET',
  path: '/api/contacts',
  summary: 'The operator’s contacts',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: contactsSchema },
});

export const getJoin = defineEndpoint({
  method: 'GET',
  path: '/api/join',
  summary: 'The join page',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: joinSchema },
});

export const getCountdown = defineEndpoint({
  method: 'GET',
  path: '/api/countdown',
  summary: 'The countdown module',
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: countdownSchema },
});

const formText = (max = DEFAULT_MAX_LENGTH) =>
  z.string().trim().min(1, VALIDATION_MESSAGES.required).max(max, VALIDATION_MESSAGES.maxLength);

/** The contacts page's form: a name, a phone or an e-mail to answer to, and the message. */
export const feedbackBodySchema = z
  .strictObject({
    name: formText(100),
    phone: z
      .string()
      .max(18, VALIDATION_MESSAGES.phone)
      .default('')
      .refine((v) => checkPhone(v) === null, VALIDATION_MESSAGES.phone),
    email: z
      .string()
      .trim()
      .max(120, VALIDATION_MESSAGES.email)
      .default('')
      .refine((v) => checkEmail(v) === null, VALIDATION_MESSAGES.email),
    message: formText(),
  })
  .refine((b) => b.phone.length > 1 || b.email.length > 0, {
    path: ['phone'],
    message: 'Укажите телефон или e-mail, чтобы мы могли ответить',
  });
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const postFeedback = defineEndpoint({
  method: 'POST',
  path: '/api/feedback',
  summary: 'Send a message to the programme operator (stored; limited per visitor)',
  tag: 'content',
  auth: 'public',
  errors: ['TOO_MANY_REQUESTS'],
  schemas: { body: feedbackBodySchema, response: z.strictObject({ ok: z.literal(true) }) },
});
