import * as z from './z';
import { defineEndpoint } from './endpoint';
import { reportFiscalSchema } from './report-fiscal';

/**
 * The console's reports (docs/decisions/031): figures over a range of calendar days in the brand's time zone.
 * Sums are whole kopecks (the ledger's unit), so a figure compares with the ledger exactly.
 */

/** A real calendar day, yyyy-mm-dd, 1900 to 2999 (the database would refuse 2026-02-31 with a 500). */
const realDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
};
export const isoDay = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, 'Дата в виде ГГГГ-ММ-ДД')
  .refine(realDay, 'Такой даты нет');

/** The most days one report spans: a little over two years. */
export const REPORT_MAX_DAYS = 800;

export const reportQuerySchema = z
  .strictObject({
    from: isoDay,
    to: isoDay,
    /**
     * Retail point ids, comma-separated; none: every point. Narrows the payments, the bonuses by point and the
     * categories; the ledger's totals and days stay the whole programme's.
     */
    points: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, 'Точки: номера через запятую')
      .optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'Начало периода позже его конца', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `Период не длиннее ${REPORT_MAX_DAYS} дней`,
    path: ['to'],
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;

/** How the payments were paid: each part in kopecks; they add up to `total`. */
const paymentSplitSchema = z.strictObject({
  count: z.number().int(),
  total: z.number().int(),
  bonuses: z.number().int(),
  money: z.number().int(),
  card: z.number().int(),
  sbp: z.number().int(),
  giftCards: z.number().int(),
  /** Paid at the till by other means (cash, the shop's own terminal). */
  till: z.number().int(),
});
export type PaymentSplit = z.output<typeof paymentSplitSchema>;

const totalsSchema = z.strictObject({
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  /**
   * Each pool adds up: opening + issued + adjusted − spent − expired − forfeited = outstanding (bonuses),
   * opening + credited − spent − forfeited = outstanding (the money-like balance), opening + sold − redeemed −
   * addedToBalance = outstanding (gift cards). Forfeited: closed by an account's deletion.
   */
  bonuses: z.strictObject({
    /** Owed at the start of the range. */
    opening: z.number().int(),
    issued: z.number().int(),
    adjusted: z.number().int(),
    spent: z.number().int(),
    expired: z.number().int(),
    forfeited: z.number().int(),
    /** The programme's liability at the end of the range: customers' bonuses and those on hold. */
    outstanding: z.number().int(),
  }),
  /** The money-like balance (certificates, gift value): credited, spent, and still owed at the end. */
  money: z.strictObject({
    opening: z.number().int(),
    credited: z.number().int(),
    spent: z.number().int(),
    forfeited: z.number().int(),
    outstanding: z.number().int(),
  }),
  giftCards: z.strictObject({
    opening: z.number().int(),
    sold: z.number().int(),
    redeemed: z.number().int(),
    /** Moved from a card to its holder's money-like balance. */
    addedToBalance: z.number().int(),
    outstanding: z.number().int(),
  }),
  payments: paymentSplitSchema,
});
export type ReportTotals = z.output<typeof totalsSchema>;

export const reportDaySchema = z.strictObject({
  day: z.string(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  bonusesIssued: z.number().int(),
  bonusesSpent: z.number().int(),
  giftCardsSold: z.number().int(),
  giftCardsRedeemed: z.number().int(),
  payments: paymentSplitSchema,
});
export type ReportDay = z.output<typeof reportDaySchema>;

/**
 * One catalogue category's receipt lines over the range (decision 068). `categoryId` null: lines with no
 * category. `lines`: lines sold less lines of receipts refunded; the sums are net of refunds and partial returns.
 */
export const reportCategorySchema = z.strictObject({
  categoryId: z.string().nullable(),
  /** The catalogue's name today; the id when the catalogue does not know it; «Без категории» for none. */
  title: z.string(),
  lines: z.number().int(),
  /** The lines' sums (after the shop's own discount), kopecks. */
  goodsSum: z.number().int(),
  bonusesEarned: z.number().int(),
  bonusesSpent: z.number().int(),
});
export type ReportCategory = z.output<typeof reportCategorySchema>;

export const reportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  points: z.array(z.number().int()),
  totals: totalsSchema,
  days: z.array(reportDaySchema),
  /**
   * The payments by retail point (the points asked for, or every point that had a payment or moved bonuses),
   * with the bonuses issued and spent by the point's till operations and shop payments, net of refunds and
   * returns on the day they happened, as the days count them (decision 068).
   */
  byPoint: z.array(
    paymentSplitSchema.extend({
      retailPointId: z.number().int(),
      title: z.string(),
      bonusesIssued: z.number().int(),
      bonusesSpent: z.number().int(),
    }),
  ),
  /** Receipt lines by catalogue category (decision 068): the stored lines, net of refunds and returns. */
  byCategory: z.array(reportCategorySchema),
  /** The card and SBP money against the fiscal receipts, per day (decision 083); null on the console's home. */
  fiscal: reportFiscalSchema.nullable(),
});
export type Report = z.output<typeof reportSchema>;

export const getReport = defineEndpoint({
  method: 'GET',
  path: '/api/operator/reports',
  summary:
    'Members, bonuses (issued, spent, outstanding), payments and their split, gift cards over a range of days in the brand time zone',
  tag: 'operator',
  auth: 'operator',
  permission: 'reports.read',
  errors: [],
  schemas: { query: reportQuerySchema, response: reportSchema },
});

export const getReportCsv = defineEndpoint({
  method: 'GET',
  path: '/api/operator/reports/csv',
  summary: 'The same report as CSV for Excel (UTF-8 with BOM, ";"), a row per day and the totals',
  tag: 'operator',
  auth: 'operator',
  permission: 'reports.read',
  errors: [],
  schemas: {
    query: reportQuerySchema,
    response: z.strictObject({ fileName: z.string(), csv: z.string() }),
  },
});

/** One period's figures on the console's home (decision 054): a report's totals, narrowed to what a glance needs. */
const dashboardPeriodSchema = z.strictObject({
  /** The period's calendar days in the brand's time zone (yyyy-mm-dd): the report the figures link to. */
  from: z.string(),
  to: z.string(),
  newMembers: z.number().int(),
  /** Bonuses in hundredths, as the report counts them. */
  bonusesIssued: z.number().int(),
  bonusesSpent: z.number().int(),
  /** The programme's liability at the period's start and now (its end is today). */
  liabilityOpening: z.number().int(),
  liability: z.number().int(),
  payments: z.strictObject({ count: z.number().int(), total: z.number().int() }),
});
export type DashboardPeriod = z.output<typeof dashboardPeriodSchema>;

export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/operator/reports/dashboard',
  summary:
    "The console's home: today's and the last 7 days' new members, bonuses issued and spent, liability and payments, in the brand time zone",
  tag: 'operator',
  auth: 'operator',
  permission: 'reports.read',
  errors: [],
  schemas: {
    response: z.strictObject({
      timeZone: z.string(),
      today: dashboardPeriodSchema,
      week: dashboardPeriodSchema,
    }),
  },
});
