import { DEFAULT_TIME_ZONE, isTimeZone } from '../lib/format';
import * as z from './z';
import { earnPercentSchema } from './earn-rate';
import { MODULE_IDS, type ModuleId } from '../lib/modules';
import { defineEndpoint } from './endpoint';
import { earnLimitsSchema, referralMaxFriendsSchema, referralMinPurchaseSchema } from './earn-limits';
import { link } from './link';
import { fiscalSettingsSchema } from './fiscal-settings';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Цвет задаётся как #RRGGBB');
const url = link(500);
const internalPath = z
  .string()
  .regex(/^\/[a-zA-Z0-9/_-]*$/, 'Путь начинается с / и состоит из латиницы, цифр, -, _')
  .max(100);

/** Spec section 3 "Active module": id, name, path; a listed module may be switched off. */
export const activeModuleSchema = z.strictObject({
  id: z.enum(MODULE_IDS as [ModuleId, ...ModuleId[]]),
  name: z.string().min(1, 'Название раздела: заполните').max(40, 'Название раздела: не длиннее 40 знаков'),
  path: internalPath,
  disabled: z.boolean().default(false),
});

/**
 * A page of the operator's own content at `path`, in the menu under `name`; its headline and text come from
 * `api/custom`. Like a module it may be switched off: then it leaves the menu and its path answers 404.
 */
export const customModuleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(40),
  path: internalPath,
  disabled: z.boolean().default(false),
});

/** An embedded partner page shown under /bonus; it is in the menu only with menuName and menuIcon. */
export const iframePageSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  title: z.string().min(1).max(80),
  url,
  menuName: z.string().min(1).max(40).nullable().default(null),
  menuIcon: z.string().min(1).max(200).nullable().default(null),
});

export const appLinkSchema = z.union([
  url,
  z.strictObject({ googleplay: url.nullable().default(null), appstore: url.nullable().default(null) }),
]);

/**
 * The brand's global settings as the operator stores them (spec section 3 "Global settings"). The header
 * response adds the per-visitor fields `isLogged` and `refererId`.
 */
/**
 * Who a company's gift-card invoice is from (decision 018): the brand's legal entity and its bank account.
 * Stored with the settings (the operator edits it with `settings:set`), never sent to the site.
 */
export const invoiceSellerSchema = z.strictObject({
  name: z.string().min(1).max(300),
  inn: z.string().regex(/^\d{10}(\d{2})?$/, 'ИНН: 10 или 12 цифр'),
  kpp: z
    .string()
    .regex(/^(\d{9})?$/, 'КПП: 9 цифр')
    .default(''),
  address: z.string().max(300).default(''),
  bankName: z.string().min(1).max(300),
  bic: z.string().regex(/^\d{9}$/, 'БИК: 9 цифр'),
  corr: z.string().regex(/^\d{20}$/, 'корр. счёт: 20 цифр'),
  payment: z.string().regex(/^\d{20}$/, 'расчётный счёт: 20 цифр'),
});
export type InvoiceSeller = z.output<typeof invoiceSellerSchema>;

/** A programme level (decision 027 "Levels"): from this spend over the last 12 months, in roubles, this rate. */
export const levelSchema = z.strictObject({
  title: z.string().trim().min(1).max(40),
  fromSpend: z.number().int('Порог: целое число рублей').min(0).max(100_000_000),
  earnPercent: z.number().int('Процент: целое число').min(0).max(100),
});
export type Level = z.output<typeof levelSchema>;

/** Levels ascend strictly from 0; an empty list turns levels off. */
const levelsSchema = z
  .array(levelSchema)
  .max(10, 'Не больше 10 уровней')
  .refine((l) => l.length === 0 || l[0]!.fromSpend === 0, 'Первый уровень начинается с 0 ₽')
  .refine(
    (l) => l.every((v, i) => i === 0 || v.fromSpend > l[i - 1]!.fromSpend),
    'Пороги уровней — по возрастанию',
  )
  .default([]);

/** 'HH:MM', 00:00 to 23:59. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время: ЧЧ:ММ, например 21:00');

/**
 * The rules every advertising message passes (decision 072): no advertising SMS or push in the quiet hours (the
 * brand's time zone; from `quietFrom` up to `quietTo`, across midnight when `quietFrom` is later), and at most
 * `frequencyCap` advertising messages to one member in any `frequencyDays` days, over all channels.
 */
export const marketingRulesSchema = z
  .strictObject({
    quietFrom: clockTime.default('21:00'),
    quietTo: clockTime.default('09:00'),
    frequencyCap: z
      .number()
      .int('Сообщений: целое число')
      .min(1, 'Не меньше 1 сообщения')
      .max(50, 'Не больше 50 сообщений')
      .default(3),
    frequencyDays: z
      .number()
      .int('Дни: целое число')
      .min(1, 'Не меньше 1 дня')
      .max(90, 'Не больше 90 дней')
      .default(7),
  })
  .refine((r) => r.quietFrom !== r.quietTo, {
    message: 'Начало и конец тихих часов совпадают',
    path: ['quietTo'],
  });
export type MarketingRules = z.output<typeof marketingRulesSchema>;

const eventBonus = z.number().int('Бонусы: целое число').min(0).max(100_000).default(0);

export const brandSettingsSchema = z.strictObject({
  title: z.string().min(1, 'Заполните поле').max(60, 'Не длиннее 60 знаков'),
  name: z.string().min(1, 'Заполните поле').max(120, 'Не длиннее 120 знаков'),
  description: z.string().max(300).default(''),
  colorPrimary: hexColor,
  colorPrimaryDark: hexColor,
  colorOnPrimary: hexColor,
  colorAccent: hexColor,
  colorOnSecondary: hexColor,
  modules: z.array(activeModuleSchema).max(20),
  customModules: z.array(customModuleSchema).max(10).default([]),
  iframePages: z.array(iframePageSchema).max(10).default([]),
  appLink: appLinkSchema.nullable().default(null),
  sosLink: url.nullable().default(null),
  creditCard: z.boolean().default(false),
  exclude: z.array(z.string().max(40)).max(20).default([]),
  bonusTermsURL: url.nullable().default(null),
  complexId: z.string().max(100).nullable().default(null),
  mobile: z.boolean().default(false),
  webShop: url.nullable().default(null),
  loyaltyType: z.enum(['default', 'onlyPayment']).default('default'),
  QRVersion: z.number().int().min(1).max(2).default(2),
  bundleName: z.string().max(120).default(''),
  giftCardVersion: z.number().int().min(1).max(2).default(1),
  giftCardPointId: z.number().int().positive().nullable().default(null),
  oferta: url.nullable().default(null),
  discount: z.boolean().default(false),
  /** The gift-card buyer's discount on the nominal, percent (2 decimals), while `discount` is on (decision 017). */
  giftCardDiscountPercent: z
    .number()
    .min(0)
    .max(99.99)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'не больше двух знаков после запятой')
    .default(0),
  /** Where the programme's customers live: dates on pages, cheques and invoices, the calendar day of a date. */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'Неизвестный часовой пояс: укажите зону IANA, например Europe/Moscow')
    .default(DEFAULT_TIME_ZONE),
  /**
   * The chain's base earn rate, percent of the money paid (decision 055): every point without a rate of its
   * own earns at it. Set by `settings.write`, as the programme's other settings.
   */
  baseEarnPercent: earnPercentSchema.default(0),
  /** Bonuses may pay at most this percent of a payment (docs/design/product.md "The programme model"). */
  maxSpendPercent: z.number().int().min(0).max(100).default(50),
  /**
   * Bonuses expire this many days after they are earned (decision 027); null: never (the default). A change
   * applies to bonuses earned from then on.
   */
  bonusExpiryDays: z.number().int().min(1).max(3650).nullable().default(null),
  /** The SMS warning goes this many days before bonuses expire. */
  bonusExpiryWarnDays: z.number().int().min(1).max(60).default(7),
  /**
   * The return window (decision 030): earned bonuses wait this many days before they are spendable. 0 (the
   * default): spendable at once.
   */
  bonusPendingDays: z
    .number()
    .int('Дни: целое число')
    .min(0, 'Не меньше 0 дней')
    .max(365, 'Не больше 365 дней')
    .default(0),
  /**
   * A till back from an outage may send a receipt this many days late (issue 29, decision 061): it earns by the
   * rules and the level of its own time. 0: late receipts are refused.
   */
  lateAccrualDays: z
    .number()
    .int('Дни: целое число')
    .min(0, 'Не меньше 0 дней')
    .max(30, 'Не больше 30 дней')
    .default(3),
  /** Event bonuses (decision 027), in bonuses; 0: none. Welcome: on the card's registration. */
  welcomeBonus: eventBonus,
  /** The referrer's bonus when the customer they invited completes a first purchase. */
  referralBonus: eventBonus,
  /** The invited customer's bonus at that first purchase. */
  referralFriendBonus: eventBonus,
  /** The friend's purchase that counts for the referral, whole roubles of the cheque (decision 046). */
  referralMinPurchase: referralMinPurchaseSchema,
  /** The most friends one referrer is rewarded for (decision 046). */
  referralMaxFriends: referralMaxFriendsSchema,
  /** The owner's limits on earning (decision 046): only `earnLimits.write` changes them. */
  earnLimits: earnLimitsSchema,
  /** On the customer's birthday (the brand's calendar day), once a year, with an SMS. */
  birthdayBonus: eventBonus,
  /** The levels by spend over a rolling 12 months (decision 027 "Levels"); empty: off (the default). */
  levels: levelsSchema,
  /** Advertising messages' quiet hours and frequency cap (decision 072). */
  marketing: marketingRulesSchema.default({
    quietFrom: '21:00',
    quietTo: '09:00',
    frequencyCap: 3,
    frequencyDays: 7,
  }),
  referer: z.boolean().default(true),
  phone: z.string().max(30).default(''),
  email: z.string().email().max(120).nullable().default(null),
  provider: z.strictObject({ name: z.string().min(1).max(60), url }),
  /** Company purchases by invoice are offered only while this is set. */
  invoiceSeller: invoiceSellerSchema.nullable().default(null),
  /** Who issues the 54-FZ receipts and the brand's legal details for them (decision 070). */
  fiscal: fiscalSettingsSchema.default({
    mode: 'till',
    inn: '',
    taxSystem: 'osn',
    defaultVat: 'VAT20',
    sellerEmail: '',
    paymentAddress: '',
    ffdVersion: '1.2',
  }),
});

export type BrandSettings = z.output<typeof brandSettingsSchema>;
export type BrandSettingsInput = z.input<typeof brandSettingsSchema>;

/** What the site gets: every setting but the invoice seller's bank details and the fiscal ones, plus per-visitor fields. */
export const headerResponseSchema = brandSettingsSchema.omit({ invoiceSeller: true, fiscal: true }).extend({
  /** Where the logo (picture key xxhdpi_logo_small) is served. */
  logo: z.string(),
  isLogged: z.boolean(),
  refererId: z.string().nullable(),
});

export type HeaderSettings = z.output<typeof headerResponseSchema>;

export const getHeader = defineEndpoint({
  method: 'GET',
  path: '/api/header',
  summary: 'The brand: title, colours, logo, modules and every other global setting',
  tag: 'settings',
  auth: 'optional',
  errors: [],
  schemas: { response: headerResponseSchema },
});
