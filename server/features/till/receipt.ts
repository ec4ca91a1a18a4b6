import type { ReceiptItem } from '#common/contract/receipt';
import type { TillPreview } from '#common/contract/till-receipt';
import type { BrandSettings } from '#common/contract/header';
import { readBrandSettings } from '#server/core/brand-settings';
import type { EarnRequest } from '#server/core/earn/earn';
import { balancesOf } from '#server/core/ledger';
import { spendLimit } from '#server/core/holds';
import { fromRoubles, kopecks, toRoubles, type Kopecks } from '#server/core/money';
import { readReceiptLines, type ReceiptLine } from '#server/core/receipt/lines';
import { receiptSpendLimit } from '#server/core/receipt/plan';
import { earnForReceipt } from '#server/core/receipt/receipt-earn';
import { lineFigures } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';
import type { TillCaller } from '#server/lib/callers';
import { couponForCheque, tillCouponOf, withCouponEarn } from './coupon';
import { bonusesToSpend } from './holds';
import { loadPoint, type TillDeps } from './operation-rows';
import { checkOpen, loadVisit } from './visits';

/**
 * A till cheque's receipt (issue 29, decision 061): its lines read against the catalogue, the preview the till
 * asks for before closing the cheque (receipt-answers.ts adds the lines to the operations the API answers).
 */

/** The lines of a cheque sent with `items`, with the catalogue's rules; null for a sum-only cheque. */
export const readTillLines = (db: Db, items: readonly ReceiptItem[] | undefined) =>
  items ? readReceiptLines(db, items) : Promise.resolve(null);

/** The most bonuses a cheque may take: the lines' limits together, or the brand's share of the sum. */
export const limitOf = (lines: readonly ReceiptLine[] | null, maxSpendPercent: number) =>
  lines ? receiptSpendLimit(lines, maxSpendPercent) : undefined;

/** The earn of a cheque at this point spending `spend` bonuses, over its lines when it has them. */
export const earnAtTill = (
  deps: TillDeps,
  cheque: {
    sum: Kopecks;
    spend: number;
    lines: ReceiptLine[] | null;
    settings: Pick<BrandSettings, 'maxSpendPercent' | 'timeZone'>;
    point: EarnRequest['point'];
    userId: string;
  },
) =>
  earnForReceipt(deps, {
    sum: cheque.sum,
    spend: kopecks(cheque.spend),
    lines: cheque.lines,
    maxSpendPercent: cheque.settings.maxSpendPercent,
    point: cheque.point,
    timeZone: cheque.settings.timeZone,
    userId: cheque.userId,
  });

/** preview: what the cheque would take and earn, per line; the same checks as a spend, nothing written. */
export async function previewCheque(
  deps: TillDeps,
  caller: TillCaller,
  body: {
    visitId: string;
    sum: number;
    bonuses?: number | undefined;
    items?: ReceiptItem[] | undefined;
    coupon?: string | undefined;
  },
): Promise<TillPreview> {
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings, balances, sent] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    readBrandSettings(deps.db),
    balancesOf(deps.db, visit.userId),
    readTillLines(deps.db, body.items),
  ]);
  // A coupon's discount comes off first: the rest is computed on the cheque less it (decision 064).
  const coupon = await couponForCheque(deps, visit, body.coupon, {
    sum: fromRoubles(body.sum),
    lines: sent,
    timeZone: settings.timeZone,
  });
  const sum = coupon?.discount.sum ?? fromRoubles(body.sum);
  const lines = coupon?.discount.lines ?? sent;
  const limit = limitOf(lines, settings.maxSpendPercent);
  const asked = body.bonuses === undefined ? 0 : fromRoubles(body.bonuses);
  const spend = bonusesToSpend(sum, asked, settings.maxSpendPercent, balances.bonus, limit);
  const most = Math.min(limit ?? spendLimit(sum, settings.maxSpendPercent), balances.bonus);
  const { earned, figures } = withCouponEarn(
    coupon,
    await earnAtTill(deps, { sum, spend, lines, settings, point, userId: visit.userId }),
    { sum, spend },
  );
  return {
    sum: toRoubles(sum),
    maxBonuses: toRoubles(most),
    bonuses: toRoubles(spend),
    earned: toRoubles(earned.earn),
    earnRules: earned.rules,
    earnRate: earned.rate === null ? null : earned.rate / 100,
    lines: earned.lines?.map(lineFigures) ?? null,
    ...(coupon && figures
      ? { coupon: tillCouponOf({ ...coupon.promo, code: coupon.code.code }, figures) }
      : {}),
  };
}
