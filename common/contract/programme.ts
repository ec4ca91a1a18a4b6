import * as z from './z';
import { campaignGoodsAnswerSchema, campaignGoodsSchema } from './campaign-goods';
import { defineEndpoint } from './endpoint';

/**
 * The programme's earn rules (docs/decisions/027-programme-rules.md): every accrual (the shop draft, the till's
 * accrue, spend and card payment) goes through one evaluation of the point's rate and the active campaigns,
 * and names the rules that applied. Campaigns are edited by the operator (validated here, with a preview).
 */

/** A rule that applied to an accrual, as a cheque, an operation and the till's answer name it. */
export const appliedRuleSchema = z.strictObject({
  /**
   * BASE: the point's rate; LEVEL: the member's level's rate (higher than the point's, so it replaced it);
   * CAMPAIGN: a campaign (its id); EVENT: a welcome, referral or birthday bonus; COUPON: a promo's code (its
   * promo's id; decision 064).
   */
  kind: z.enum(['BASE', 'LEVEL', 'CAMPAIGN', 'EVENT', 'COUPON']),
  id: z.string().nullable(),
  /** For a person: 'Базовое начисление 3%', 'Двойные бонусы на выпечку по выходным'. */
  title: z.string(),
  /**
   * What the rule did (decision 055; absent on rules stored before): BASE and LEVEL the rate in force, percent,
   * and for BASE whether it is the chain's base rate or the point's own; CAMPAIGN its effect for a person
   * ('×3', '+2%', '+100 бонусов').
   */
  percent: z.number().optional(),
  from: z.enum(['CHAIN', 'POINT']).optional(),
  effect: z.string().optional(),
});
export type AppliedRule = z.output<typeof appliedRuleSchema>;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** What a campaign does to an accrual: multiplies the point's rate, adds percent points, or adds bonuses. */
export const campaignEffectSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('MULTIPLIER'),
    factor: z
      .number('Множитель: число')
      .min(1, 'Множитель не меньше 1')
      .max(10, 'Множитель не больше 10')
      .refine(twoDecimals, 'Множитель: не больше двух знаков после запятой'),
  }),
  z.strictObject({
    kind: z.literal('EXTRA_PERCENT'),
    percent: z
      .number('Процент: число')
      .positive('Процент больше нуля')
      .max(100, 'Процент не больше 100')
      .refine(twoDecimals, 'Процент: не больше двух знаков после запятой'),
  }),
  z.strictObject({
    kind: z.literal('FIXED'),
    /** Bonuses (1 bonus = 1 rouble), at most 2 decimals. */
    bonuses: z
      .number('Бонусы: число')
      .positive('Бонусов больше нуля')
      .max(100_000, 'Бонусов не больше 100 000')
      .refine(twoDecimals, 'Бонусы: не больше двух знаков после запятой'),
  }),
]);
export type CampaignEffect = z.output<typeof campaignEffectSchema>;

const calendarDate = z
  .string()
  .regex(DAY, 'Дата: ГГГГ-ММ-ДД')
  .refine((v) => {
    // Date.parse rolls 2026-02-30 over to March: the day must read back the same.
    const time = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
  }, 'Такой даты нет');

/** A campaign as the operator writes it. Days, weekdays and hours are in the brand's time zone. */
export const campaignInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Название обязательно').max(120, 'Название: не длиннее 120 знаков'),
    /** Shown on the home page and in the cabinet while the campaign is active. */
    description: z.string().trim().max(500, 'Описание: не длиннее 500 знаков').default(''),
    /** The first day (inclusive). */
    startsOn: calendarDate,
    /** The last day (inclusive), or null for no end. */
    endsOn: calendarDate.nullable().default(null),
    /** ISO weekdays 1 (Monday) to 7 (Sunday); empty: every day. */
    weekdays: z
      .array(z.number().int().min(1, 'День недели: 1–7').max(7, 'День недели: 1–7'))
      .max(7)
      .default([])
      .refine((days) => new Set(days).size === days.length, 'Дни недели повторяются'),
    /** 'HH:MM' to 'HH:MM' (the end excluded; an end before the start runs past midnight); null: all day. */
    hours: z
      .strictObject({
        from: z.string().regex(HOUR, 'Время: ЧЧ:ММ'),
        to: z.string().regex(HOUR, 'Время: ЧЧ:ММ'),
      })
      .refine((h) => h.from !== h.to, 'Начало и конец часов совпадают')
      .nullable()
      .default(null),
    /** Retail point ids; empty: every point. */
    pointIds: z
      .array(
        z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
      )
      .max(500)
      .default([]),
    /** The smallest cheque (roubles) the campaign applies to; 0: any. */
    minCheque: z
      .number('Минимальный чек: число')
      .min(0, 'Минимальный чек не меньше нуля')
      .max(10_000_000)
      .refine(twoDecimals, 'Минимальный чек: не больше двух знаков после запятой')
      .default(0),
    effect: campaignEffectSchema,
    /** Conditions on the receipt's goods (decision 062); null: the whole cheque, as a campaign always did. */
    goods: campaignGoodsSchema.nullable().default(null),
    /** Higher first. */
    priority: z.number().int().min(0, 'Приоритет: 0–1000').max(1000, 'Приоритет: 0–1000').default(0),
    /** Whether it applies together with other stacking campaigns; a non-stacking one applies alone. */
    stacks: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .refine((c) => c.endsOn === null || c.endsOn >= c.startsOn, {
    path: ['endsOn'],
    message: 'Конец раньше начала',
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  hours: z.strictObject({ from: z.string(), to: z.string() }).nullable(),
  pointIds: z.array(z.number().int()),
  minCheque: z.number(),
  effect: campaignEffectSchema,
  goods: campaignGoodsAnswerSchema.nullable(),
  priority: z.number().int(),
  stacks: z.boolean(),
  active: z.boolean(),
});
export type Campaign = z.output<typeof campaignSchema>;

const campaignIdParams = z.strictObject({ campaignId: z.string().uuid('Неизвестная бонусная кампания') });

export const listCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/operator/campaigns',
  summary: 'Every campaign, highest priority first',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.read',
  errors: [],
  schemas: { response: z.array(campaignSchema) },
});

export const createCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/operator/campaigns',
  summary: 'Add a campaign (validated; it applies to accruals from its first day)',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['CAMPAIGN_LIMIT'],
  schemas: { body: campaignInputSchema, response: campaignSchema },
});

export const updateCampaign = defineEndpoint({
  method: 'PUT',
  path: '/api/operator/campaigns/:campaignId',
  summary: 'Replace a campaign (accruals already made keep what they earned)',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['NOT_FOUND', 'CAMPAIGN_LIMIT'],
  schemas: { params: campaignIdParams, body: campaignInputSchema, response: campaignSchema },
});

export const deleteCampaign = defineEndpoint({
  method: 'DELETE',
  path: '/api/operator/campaigns/:campaignId',
  summary: 'Remove a campaign (accruals already made keep its name)',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.write',
  errors: ['NOT_FOUND'],
  schemas: { params: campaignIdParams, response: z.strictObject({ deleted: z.literal(true) }) },
});

export const earnPreview = defineEndpoint({
  method: 'POST',
  path: '/api/operator/earn-preview',
  summary: 'What a cheque at a point and a moment would earn, and by which rules (nothing is written)',
  tag: 'operator',
  auth: 'operator',
  permission: 'campaigns.read',
  errors: ['NOT_FOUND'],
  schemas: {
    body: z.strictObject({
      retailPointId: z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      /** The cheque, roubles. */
      sum: z
        .number('Сумма: число')
        .positive('Сумма должна быть больше нуля')
        .max(10_000_000)
        .refine(twoDecimals, 'Сумма: не больше двух знаков после запятой'),
      /** ISO 8601 with an offset; now when absent. */
      at: z
        .string()
        .refine((v) => !Number.isNaN(Date.parse(v)), 'Момент: дата и время ISO 8601')
        .optional(),
    }),
    response: z.strictObject({
      earn: z.number(),
      rules: z.array(appliedRuleSchema),
      /** The moment evaluated, ISO 8601. */
      at: z.string(),
    }),
  },
});

/** A campaign as the site shows it while it is active. */
export const activeCampaignSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  endsOn: z.string().nullable(),
});
export type ActiveCampaign = z.output<typeof activeCampaignSchema>;

export const getActiveCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/campaigns/active',
  summary: "The campaigns running today (the brand's calendar day), for the home page and the cabinet",
  tag: 'content',
  auth: 'public',
  errors: [],
  schemas: { response: z.array(activeCampaignSchema) },
});
