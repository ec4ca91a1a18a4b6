import type { EarnRateSource } from '#common/contract/earn-rate';
import type { BrandSettings } from '#common/contract/header';

/**
 * A point's earn rate in force (docs/decisions/055): its own (`current_bonus`) when it has one, else the chain's
 * `baseEarnPercent`. Every place that earns or shows a point's rate asks here, so a change of the base reaches
 * the till, the shop's payment, the preview, the point card and the payment page alike.
 */
export function pointRate(
  own: number | null,
  settings: Pick<BrandSettings, 'baseEarnPercent'>,
): { percent: number; from: EarnRateSource } {
  return own === null
    ? { percent: settings.baseEarnPercent, from: 'CHAIN' }
    : { percent: own, from: 'POINT' };
}
