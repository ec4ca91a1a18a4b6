import { phoneSchema } from './auth';
import { defineEndpoint } from './endpoint';
import * as z from './z';

/**
 * Coupons and promo codes (issue 29 item 4, decision 064). A promo is the marketer's campaign that issues codes:
 * one shared code («ЛЕТО»), one-use codes generated in bulk, or personal coupons each for one member. A code
 * given at the till is held for the visit at preview, used with the completed operation and released on cancel
 * or expiry. Its effect: a discount on the eligible lines (a category's, or the whole receipt's; never goods in
 * a legal group) or extra bonuses.
 */

export const PROMO_KINDS = ['SHARED', 'UNIQUE', 'PERSONAL'] as const;
export const PROMO_EFFECTS = ['DISCOUNT_PERCENT', 'DISCOUNT_FIXED', 'BONUS_PERCENT', 'BONUS_FIXED'] as const;
/** What a till call with a code may answer besides its own errors. */
export const COUPON_ERRORS = [
  'COUPON_UNKNOWN',
  'COUPON_USED',
  'COUPON_EXPIRED',
  'COUPON_LIMIT',
  'COUPON_NOT_YOURS',
  'COUPON_NEEDS_LINES',
  'COUPON_NOT_APPLICABLE',
] as const;
/** The most one-use codes one call generates. */
export const MAX_CODES_PER_BATCH = 100_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const calendarDate = z
  .string()
  .regex(DAY, 'Дата: ГГГГ-ММ-ДД')
  .refine((v) => {
    const time = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
  }, 'Такой даты нет');
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A code as a person types or a scanner reads it: letters (Latin or Cyrillic), digits, '-' and '_'. */
export const couponCodeSchema = z
  .string('Промокод: строка')
  .trim()
  .regex(/^[\p{L}\p{N}_-]{3,32}$/u, 'Промокод: от 3 до 32 букв, цифр, знаков - или _');

const limitSchema = z
  .number()
  .int('Лимит: целое число')
  .min(1, 'Лимит: не меньше 1')
  .max(10_000_000, 'Лимит: не больше 10 000 000');

/** A promo as the marketer writes it. */
export const promoInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Название обязательно').max(120, 'Название: не длиннее 120 знаков'),
    kind: z.enum(PROMO_KINDS, 'Вид: SHARED, UNIQUE или PERSONAL'),
    effect: z.enum(PROMO_EFFECTS, 'Действие: скидка или бонусы, процентом или суммой'),
    /** A percent (1..100, whole) for *_PERCENT, roubles (2 decimals) for *_FIXED. */
    value: z
      .number('Величина: число')
      .positive('Величина больше нуля')
      .max(100_000, 'Величина не больше 100 000')
      .refine(twoDecimals, 'Величина: не больше двух знаков после запятой'),
    /** Only the lines of this catalogue category and those below it; null: the whole receipt. */
    categoryId: z.string().trim().min(1).max(64).nullable().default(null),
    startsOn: calendarDate.nullable().default(null),
    endsOn: calendarDate.nullable().default(null),
    /** How many times one member may use the promo; null: no limit. */
    perMemberLimit: limitSchema.nullable().default(null),
    /** How many times the promo may be used in all; null: no limit. */
    totalLimit: limitSchema.nullable().default(null),
    /** The shared code (SHARED only, required there). */
    code: couponCodeSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const percent = input.effect.endsWith('_PERCENT');
    if (percent && (!Number.isInteger(input.value) || input.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Процент: целое число от 1 до 100' });
    }
    if (input.kind === 'SHARED' && !input.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Общему промокоду нужен код' });
    }
    if (input.kind !== 'SHARED' && input.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Код задают только общему промокоду' });
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'Конец раньше начала' });
    }
  });
export type PromoInput = z.output<typeof promoInputSchema>;

export const promoSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  kind: z.enum(PROMO_KINDS),
  effect: z.enum(PROMO_EFFECTS),
  value: z.number(),
  categoryId: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  perMemberLimit: z.number().nullable(),
  totalLimit: z.number().nullable(),
  /** Paused by the marketer: its codes are refused at the till until it is resumed. */
  paused: z.boolean(),
  /** The shared code; null for the other kinds. */
  code: z.string().nullable(),
  /** How many codes it has (1 for a shared one). */
  codes: z.number(),
  /** Uses held at a till right now, and made. */
  held: z.number(),
  used: z.number(),
  createdAt: z.string(),
});
export type Promo = z.output<typeof promoSchema>;

const promoParams = z.strictObject({ promoId: z.string().uuid('Неизвестная акция') });

export const listPromos = defineEndpoint({
  method: 'GET',
  path: '/api/operator/promos',
  summary: 'Every promo with its codes and uses, newest first',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.read',
  errors: [],
  schemas: { response: z.array(promoSchema) },
});

export const createPromo = defineEndpoint({
  method: 'POST',
  path: '/api/operator/promos',
  summary: 'Add a promo; a SHARED one with its code',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['PROMO_CODE_TAKEN', 'CAMPAIGN_LIMIT'],
  schemas: { body: promoInputSchema, response: promoSchema },
});

export const generatePromoCodes = defineEndpoint({
  method: 'POST',
  path: '/api/operator/promos/:promoId/codes',
  summary: 'Generate one-use codes for a UNIQUE promo (batch insert; 100,000 in seconds)',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['NOT_FOUND', 'PROMO_KIND'],
  schemas: {
    params: promoParams,
    body: z.strictObject({
      count: z
        .number('Количество: число')
        .int('Количество: целое число')
        .min(1, 'Количество: не меньше 1')
        .max(MAX_CODES_PER_BATCH, 'Количество: не больше 100 000 за раз'),
    }),
    response: z.strictObject({ generated: z.number(), codes: z.number() }),
  },
});

export const exportPromoCodes = defineEndpoint({
  method: 'GET',
  path: '/api/operator/promos/:promoId/codes/csv',
  summary: "A promo's codes as CSV for Excel in Russia (code; status; member's phone for personal coupons)",
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.read',
  errors: ['NOT_FOUND'],
  schemas: {
    params: promoParams,
    response: z.strictObject({ fileName: z.string(), csv: z.string() }),
  },
});

/**
 * What the marketer may change in a promo once its codes are out (decision 064): its name, days, limits, and a
 * pause. Its kind, effect, value and category stay: codes already handed out promise them.
 */
export const promoChangeSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Название обязательно').max(120, 'Название: не длиннее 120 знаков'),
    startsOn: calendarDate.nullable(),
    endsOn: calendarDate.nullable(),
    perMemberLimit: limitSchema.nullable(),
    totalLimit: limitSchema.nullable(),
    paused: z.boolean('Пауза: да или нет'),
  })
  .refine((c) => !c.startsOn || !c.endsOn || c.endsOn >= c.startsOn, {
    path: ['endsOn'],
    message: 'Конец раньше начала',
  });
export type PromoChange = z.output<typeof promoChangeSchema>;

export const updatePromo = defineEndpoint({
  method: 'PUT',
  path: '/api/operator/promos/:promoId',
  summary:
    "Change a promo's name, days, limits, or pause it (its kind, effect and value stay: codes promise them)",
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['NOT_FOUND'],
  schemas: { params: promoParams, body: promoChangeSchema, response: promoSchema },
});

/** How many codes one printed sheet request carries: four A4 pages of 24 cards. */
export const PRINT_CODES_PER_PAGE = 96;

export const promoCodesSheetSchema = z.strictObject({
  title: z.string(),
  /** The promo's last day, yyyy-mm-dd; null: none. */
  endsOn: z.string().nullable(),
  /** The free codes of this page, in the order they were made. */
  codes: z.array(z.string()),
  page: z.number().int(),
  pages: z.number().int(),
  /** Free codes in all. */
  total: z.number().int(),
});
export type PromoCodesSheet = z.output<typeof promoCodesSheetSchema>;

export const promoCodesSheet = defineEndpoint({
  method: 'GET',
  path: '/api/operator/promos/:promoId/codes/sheet',
  summary: `A page of a promo's free codes to print as QR and Code128 cards (${PRINT_CODES_PER_PAGE} a page)`,
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.read',
  errors: ['NOT_FOUND'],
  schemas: {
    params: promoParams,
    query: z.strictObject({
      page: z
        .string()
        .regex(/^[1-9]\d{0,5}$/, 'Страница: номер от 1')
        .optional(),
    }),
    response: promoCodesSheetSchema,
  },
});

export const issuePersonalCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/operator/promos/:promoId/personal',
  summary: "Issue a PERSONAL promo's coupon to a member by phone: it shows in their cabinet with a QR",
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['NOT_FOUND', 'PROMO_KIND'],
  schemas: {
    params: promoParams,
    body: z.strictObject({ phone: phoneSchema }),
    response: z.strictObject({ code: z.string() }),
  },
});

/** A member's personal coupon in the cabinet. */
export const userCouponSchema = z.strictObject({
  code: z.string(),
  title: z.string(),
  effect: z.enum(PROMO_EFFECTS),
  value: z.number(),
  endsOn: z.string().nullable(),
  /** FREE: to use; HELD: given at a till right now; USED. */
  status: z.enum(['FREE', 'HELD', 'USED']),
});
export type UserCoupon = z.output<typeof userCouponSchema>;

export const listUserCoupons = defineEndpoint({
  method: 'GET',
  path: '/api/user/coupons',
  summary: "The member's personal coupons, those to use first (the cabinet shows each with its code as a QR)",
  tag: 'cabinet',
  auth: 'user',
  errors: [],
  schemas: { response: z.array(userCouponSchema) },
});

/** What a code did to a till's cheque (the preview's and the operation's `coupon`). */
export const tillCouponSchema = z.strictObject({
  code: z.string(),
  title: z.string(),
  effect: z.enum(PROMO_EFFECTS),
  /** Money off the cheque, roubles: the lines' discounts together. */
  discount: z.number(),
  /** Extra bonuses the code adds to the earn. */
  bonuses: z.number(),
  /** Each line's discount (null for a sum-only cheque): print the line's sum less it. */
  lines: z.array(z.strictObject({ line: z.number().int(), discount: z.number() })).nullable(),
});
export type TillCoupon = z.output<typeof tillCouponSchema>;
