import { SEGMENT_FIELDS, SEGMENT_FIELD_NAMES, type SegmentField } from './codes';
import * as z from './z';

/**
 * A segment's definition (issue 31 item 2, decision 075): conditions on members combined with «все» (and) or
 * «любое» (or), and groups of conditions one level deep, so «A и (B или C)» is one segment. Sums are roubles (two
 * decimals at most), days and dates are the brand's. Every message names the condition's kind, so a 400 says
 * which condition could not be evaluated. Zod-free types for the console are at the bottom.
 */

export { SEGMENT_FIELDS, SEGMENT_FIELD_NAMES, type SegmentField } from './codes';

const MAX_ROUBLES = 100_000_000;
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

function labelled(field: SegmentField) {
  const name = `Условие «${SEGMENT_FIELD_NAMES[field]}»`;
  const days = (max: number) =>
    z
      .number(`${name}: дни — число`)
      .int(`${name}: дни — целое число`)
      .min(1, `${name}: не меньше 1 дня`)
      .max(max, `${name}: не больше ${max} дней`);
  const roubles = z
    .number(`${name}: сумма — число`)
    .min(0, `${name}: сумма не меньше 0`)
    .max(MAX_ROUBLES, `${name}: сумма не больше 100 000 000 ₽`)
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      `${name}: не больше двух знаков после запятой`,
    );
  const date = z.string().refine(isDate, `${name}: дата в виде ГГГГ-ММ-ДД`);
  const period = z.union(
    [
      z.strictObject({ lastDays: days(3650) }),
      z
        .strictObject({ from: date, to: date })
        .refine((p) => p.from <= p.to, `${name}: начало периода позже конца`),
    ],
    `${name}: период — последние N дней или даты «с» и «по»`,
  );
  const op = (ops: readonly [string, ...string[]]) =>
    z.enum(ops as [string, ...string[]], `${name}: оператор не подходит, можно ${ops.join(' или ')}`);
  return { name, days, roubles, period, op };
}

const compare = ['gte', 'lte'] as const;

/** The conditions on what a member bought. */
function purchaseSchemas() {
  const points = labelled('points');
  const last = labelled('daysSinceLastPurchase');
  const count = labelled('purchaseCount');
  const sum = labelled('purchaseSum');
  const categories = labelled('categories');
  return [
    z.strictObject({
      field: z.literal('points'),
      pointIds: z
        .array(z.number().int().min(1).max(2_147_483_647), `${points.name}: список точек`)
        .min(1, `${points.name}: выберите хотя бы одну точку`)
        .max(100, `${points.name}: не больше 100 точек`),
    }),
    z.strictObject({
      field: z.literal('daysSinceLastPurchase'),
      op: last.op(compare),
      days: last.days(3650),
    }),
    z.strictObject({
      field: z.literal('purchaseCount'),
      period: count.period,
      op: count.op(compare),
      value: z
        .number(`${count.name}: число покупок — число`)
        .int(`${count.name}: число покупок — целое`)
        .min(0, `${count.name}: не меньше 0`)
        .max(100_000, `${count.name}: не больше 100 000`),
    }),
    z.strictObject({
      field: z.literal('purchaseSum'),
      period: sum.period,
      op: sum.op(compare),
      value: sum.roubles,
    }),
    z.strictObject({
      field: z.literal('categories'),
      categoryIds: z
        .array(z.string().min(1).max(100), `${categories.name}: список категорий`)
        .min(1, `${categories.name}: выберите хотя бы одну категорию`)
        .max(50, `${categories.name}: не больше 50 категорий`),
    }),
  ] as const;
}

/** The conditions on the member: level, bonuses, birthday, registration, gift cards, consent. */
function memberSchemas() {
  const level = labelled('level');
  const balance = labelled('balance');
  const expiring = labelled('expiringBonuses');
  const birthday = labelled('birthdayMonth');
  const registered = labelled('registered');
  const gift = labelled('giftCards');
  const consent = labelled('consent');
  const month = z
    .number()
    .int()
    .min(1, `${birthday.name}: месяц от 1 до 12`)
    .max(12, `${birthday.name}: месяц от 1 до 12`);
  return [
    z.strictObject({
      field: z.literal('level'),
      levels: z
        .array(z.string().min(1).max(40), `${level.name}: список уровней`)
        .min(1, `${level.name}: выберите хотя бы один уровень`)
        .max(10, `${level.name}: не больше 10 уровней`),
    }),
    z.strictObject({ field: z.literal('balance'), op: balance.op(compare), value: balance.roubles }),
    z.strictObject({
      field: z.literal('expiringBonuses'),
      days: expiring.days(365),
      op: expiring.op(['gte']),
      value: expiring.roubles,
    }),
    z.strictObject({
      field: z.literal('birthdayMonth'),
      months: z.array(month).min(1, `${birthday.name}: выберите хотя бы один месяц`).max(12),
    }),
    z.strictObject({ field: z.literal('registered'), period: registered.period }),
    z.strictObject({ field: z.literal('giftCards'), held: z.boolean(`${gift.name}: да или нет`) }),
    z.strictObject({
      field: z.literal('consent'),
      channel: z.enum(['sms', 'email', 'push'], `${consent.name}: канал sms, email или push`),
      granted: z.boolean(`${consent.name}: да или нет`),
    }),
  ] as const;
}

const conditionSchemas = () => [...purchaseSchemas(), ...memberSchemas()] as const;

const unknownField = () => `Неизвестное условие: можно ${SEGMENT_FIELDS.join(', ')} или group`;

export const segmentConditionSchema = z.discriminatedUnion('field', conditionSchemas(), {
  error: unknownField,
});

const matchSchema = z.enum(['all', 'any'], 'Сочетание условий: all (все) или any (любое)');

/** A group of conditions inside the definition: its own «все» or «любое»; groups do not nest further. */
export const segmentGroupSchema = z.strictObject({
  field: z.literal('group'),
  match: matchSchema,
  conditions: z
    .array(segmentConditionSchema)
    .min(1, 'В группе нужно хотя бы одно условие')
    .max(20, 'В группе не больше 20 условий'),
});

/** The whole definition: the top level's conditions and groups. No condition at all: every member. */
export const segmentDefinitionSchema = z.strictObject({
  match: matchSchema,
  conditions: z
    .array(
      z.discriminatedUnion('field', [...conditionSchemas(), segmentGroupSchema], { error: unknownField }),
    )
    .max(30, 'Не больше 30 условий'),
});

export type SegmentCondition = z.output<typeof segmentConditionSchema>;
export type SegmentGroup = z.output<typeof segmentGroupSchema>;
export type SegmentDefinition = z.output<typeof segmentDefinitionSchema>;
export type SegmentPeriod = { lastDays: number } | { from: string; to: string };
