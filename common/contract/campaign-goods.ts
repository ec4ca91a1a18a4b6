import { catalogueCodeSchema } from './catalogue';
import * as z from './z';

/**
 * A campaign's conditions on goods (issue 29 item 3, decision 062): which of a receipt's lines it rewards, and
 * what the basket must hold for it to apply. A campaign without them rewards the whole cheque, as before; a
 * campaign with them applies only to a receipt sent with its lines, and its effect falls on its lines alone
 * («двойные бонусы на выпечку»). Legal groups (tobacco by law) never earn, whatever these say.
 */

/** The most codes one list holds: a category tree's branches, a promotion's shelf of SKUs. */
export const MAX_CAMPAIGN_CODES = 200;

const codes = (what: string) =>
  z
    .array(catalogueCodeSchema, `${what}: список кодов`)
    .max(MAX_CAMPAIGN_CODES, `${what}: не больше ${MAX_CAMPAIGN_CODES} кодов`)
    .default([])
    .transform((list) => [...new Set(list)]);

const threeDecimals = (v: number) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export const campaignGoodsSchema = z.strictObject({
  /** Lines in these catalogue categories or any category below them; with `skus`, a line in either counts. */
  categories: codes('Категории'),
  /** Lines of these SKUs. Neither list: every line, less the excluded. */
  skus: codes('Артикулы'),
  /** Lines never rewarded by the campaign, even when a list above names them. */
  excludeCategories: codes('Кроме категорий'),
  excludeSkus: codes('Кроме артикулов'),
  /** The basket: at least this many units (kilograms for goods by weight) of the campaign's goods; 0: any. */
  minQuantity: z
    .number('Количество: число')
    .min(0, 'Количество не меньше нуля')
    .max(100_000, 'Количество не больше 100 000')
    .refine(threeDecimals, 'Количество: не больше трёх знаков после запятой')
    .default(0),
  /** The basket: the campaign's goods for at least this sum, roubles; 0: any. */
  minSum: z
    .number('Сумма: число')
    .min(0, 'Сумма не меньше нуля')
    .max(10_000_000, 'Сумма не больше 10 000 000')
    .refine(twoDecimals, 'Сумма: не больше двух знаков после запятой')
    .default(0),
});
export type CampaignGoods = z.output<typeof campaignGoodsSchema>;

/** The conditions as answered (plain: a response schema carries no transforms). */
export const campaignGoodsAnswerSchema = z.strictObject({
  categories: z.array(z.string()),
  skus: z.array(z.string()),
  excludeCategories: z.array(z.string()),
  excludeSkus: z.array(z.string()),
  minQuantity: z.number(),
  minSum: z.number(),
});
export type CampaignGoodsInput = z.input<typeof campaignGoodsSchema>;

/** Whether the conditions say anything at all (an empty set of them is no condition: stored as none). */
export const goodsSay = (g: CampaignGoods) =>
  g.categories.length + g.skus.length + g.excludeCategories.length + g.excludeSkus.length > 0 ||
  g.minQuantity > 0 ||
  g.minSum > 0;
