import * as z from './z';

/**
 * The owner's limits on what the programme may give (docs/decisions/046). Part of the brand settings
 * (`earnLimits`), but only a caller holding `earnLimits.write` (the owner, the operator's token) may change
 * them: a marketer's settings save that changes them is refused. The defaults leave the demo brand's rules as
 * they are (the weekend ×2 at 3..10 % points earns at most 20 % of a cheque).
 */

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const EARN_LIMITS_DEFAULT = {
  chequePercent: 50,
  campaignFactor: 3,
  campaignExtraPercent: 10,
  campaignFixed: 500,
  eventBonus: 500,
} as const;

export const earnLimitsSchema = z
  .strictObject({
    /** The most one cheque earns, all rules together, in percent of the cheque (enforced by `earnFor`). */
    chequePercent: z
      .number('Процент: число')
      .int('Процент: целое число')
      .min(0, 'Процент: 0–100')
      .max(100, 'Процент: 0–100')
      .default(EARN_LIMITS_DEFAULT.chequePercent),
    /** A campaign's multiplier above this needs the owner. */
    campaignFactor: z
      .number('Множитель: число')
      .min(1, 'Множитель не меньше 1')
      .max(10, 'Множитель не больше 10')
      .refine(twoDecimals, 'Множитель: не больше двух знаков после запятой')
      .default(EARN_LIMITS_DEFAULT.campaignFactor),
    /** A campaign's extra percent points above this need the owner. */
    campaignExtraPercent: z
      .number('Процент: число')
      .min(0, 'Процент: 0–100')
      .max(100, 'Процент: 0–100')
      .refine(twoDecimals, 'Процент: не больше двух знаков после запятой')
      .default(EARN_LIMITS_DEFAULT.campaignExtraPercent),
    /** A campaign's fixed bonuses above this need the owner. */
    campaignFixed: z
      .number('Бонусы: число')
      .int('Бонусы: целое число')
      .min(0, 'Бонусы: от 0 до 100 000')
      .max(100_000, 'Бонусы: от 0 до 100 000')
      .default(EARN_LIMITS_DEFAULT.campaignFixed),
    /** The welcome, referral and birthday bonuses (each) above this need the owner. */
    eventBonus: z
      .number('Бонусы: число')
      .int('Бонусы: целое число')
      .min(0, 'Бонусы: от 0 до 100 000')
      .max(100_000, 'Бонусы: от 0 до 100 000')
      .default(EARN_LIMITS_DEFAULT.eventBonus),
  })
  .prefault({});
export type EarnLimits = z.output<typeof earnLimitsSchema>;

/** The referral reward's defaults (decision 046): a friend's purchase from 100 ₽ counts, 20 friends a referrer. */
export const REFERRAL_DEFAULTS = { minPurchase: 100, maxFriends: 20 } as const;

export const referralMinPurchaseSchema = z
  .number('Сумма: число')
  .int('Сумма: целое число рублей')
  .min(0)
  .max(1_000_000)
  .default(REFERRAL_DEFAULTS.minPurchase);

export const referralMaxFriendsSchema = z
  .number('Друзей: число')
  .int('Друзей: целое число')
  .min(1, 'Друзей: не меньше 1')
  .max(10_000, 'Друзей: не больше 10 000')
  .default(REFERRAL_DEFAULTS.maxFriends);
