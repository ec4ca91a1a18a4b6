import type { CampaignGoods, CampaignGoodsInput } from '#common/contract/campaign-goods';

/*
 * A campaign's goods conditions as its form holds them (decision 062): each list of codes as one text, commas or
 * new lines between codes, as a marketer pastes them from a spreadsheet; the numbers as typed.
 */

export interface GoodsForm {
  categories: string;
  skus: string;
  excludeCategories: string;
  excludeSkus: string;
  minQuantity: string;
  minSum: string;
}

export const GOODS_LISTS = ['categories', 'skus', 'excludeCategories', 'excludeSkus'] as const;

export const emptyGoodsForm = (): GoodsForm => ({
  categories: '',
  skus: '',
  excludeCategories: '',
  excludeSkus: '',
  minQuantity: '',
  minSum: '',
});

export const goodsFormOf = (goods: CampaignGoods | null): GoodsForm =>
  goods
    ? {
        categories: goods.categories.join(', '),
        skus: goods.skus.join(', '),
        excludeCategories: goods.excludeCategories.join(', '),
        excludeSkus: goods.excludeSkus.join(', '),
        minQuantity: goods.minQuantity ? String(goods.minQuantity).replace('.', ',') : '',
        minSum: goods.minSum ? String(goods.minSum).replace('.', ',') : '',
      }
    : emptyGoodsForm();

/** 'bakery, coffee\nmilk' -> ['bakery', 'coffee', 'milk']. */
export const codesOf = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((code) => code.trim())
    .filter(Boolean);

/**
 * The contract's goods (null when the form says nothing: the whole cheque), or the fields that are not numbers.
 * `parse` is the form's own number reader ('1 500,50' too).
 */
export function goodsInputOf(
  form: GoodsForm,
  parse: (text: string) => number,
  notANumber: string,
): { goods: CampaignGoodsInput | null; errors: Record<string, string> } {
  const number = (text: string) => (text.trim() === '' ? 0 : parse(text));
  const minQuantity = number(form.minQuantity);
  const minSum = number(form.minSum);
  const errors: Record<string, string> = {};
  if (Number.isNaN(minQuantity)) errors['goods.minQuantity'] = notANumber;
  if (Number.isNaN(minSum)) errors['goods.minSum'] = notANumber;
  const lists = Object.fromEntries(GOODS_LISTS.map((key) => [key, codesOf(form[key])])) as Record<
    (typeof GOODS_LISTS)[number],
    string[]
  >;
  const says = GOODS_LISTS.some((key) => lists[key].length > 0) || minQuantity !== 0 || minSum !== 0;
  return { goods: says ? { ...lists, minQuantity, minSum } : null, errors };
}
