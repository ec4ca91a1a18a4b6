import * as z from './z';

/**
 * An earn rate (docs/decisions/055): a whole percent of the money paid, 0 to 100. Whole, like the points' rates
 * and the levels' before it: the accruals store it as an integer (`earn_percent`), and a chain sets 3 % or 5 %,
 * not 3,25 %. A fraction is refused with a message that says so, rather than rounded behind the owner's back.
 */
export const earnPercentSchema = z
  .number('Ставка: число процентов')
  .int('Ставка: целое число процентов, без дробной части')
  .min(0, 'Ставка: от 0 до 100 %')
  .max(100, 'Ставка: от 0 до 100 %');

/** Where a point's rate comes from: the chain's base rate or the point's own. */
export type EarnRateSource = 'CHAIN' | 'POINT';
