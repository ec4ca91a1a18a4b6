import type { TillChequeBody, TillOperation } from '#common/contract/till';
import { readBrandSettings } from '#server/core/brand-settings';
import { attachCoupon } from '#server/core/coupons/holds';
import { balancesOf } from '#server/core/ledger';
import { fromRoubles } from '#server/core/money';
import { checkSameReceipt, writeReceiptLines } from '#server/core/receipt/receipt-rows';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import { chequeAsDone, couponForCheque, withCouponEarn } from './coupon';
import { bonusesToSpend, heldBy, insertHeld } from './holds';
import { findByKey, loadPoint, sameRequest, scopedKey, type TillDeps } from './operation-rows';
import { earnAtTill, limitOf, readTillLines } from './receipt';
import { checkOpen, loadVisit } from './visits';

/**
 * spend: bonuses on hold (customer -> `till_held`, ledger key `till-hold:<id>`) within the brand's limit and
 * the balance; the ledger's conditional update refuses an overdraft, so parallel spends cannot overdraw. With
 * `items`, the bonuses spread over the lines that take them (issue 29), and each line keeps its share.
 */
export async function spend(
  deps: TillDeps,
  caller: TillCaller,
  body: TillChequeBody,
): Promise<TillOperation> {
  const key = scopedKey(caller, body.idempotencyKey);
  const asked = body.bonuses === undefined ? undefined : fromRoubles(body.bonuses);
  const [earlier, sent] = await Promise.all([findByKey(deps.db, key), readTillLines(deps.db, body.items)]);
  if (earlier) {
    const done = await chequeAsDone(deps.db, earlier.id, { sum: fromRoubles(body.sum), lines: sent });
    await checkSameReceipt(deps.db, 'till', earlier.id, done.lines);
    return sameRequest(earlier, { kind: 'spend', visitId: body.visitId, sum: done.sum, spend: asked });
  }
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings, balances] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    readBrandSettings(deps.db),
    balancesOf(deps.db, visit.userId),
  ]);
  // A coupon's discount comes off first (decision 064); the code is used when the spend is confirmed.
  const coupon = await couponForCheque(deps, visit, body.coupon, {
    sum: fromRoubles(body.sum),
    lines: sent,
    timeZone: settings.timeZone,
  });
  const sum = coupon?.discount.sum ?? fromRoubles(body.sum);
  const lines = coupon?.discount.lines ?? sent;
  const request = { kind: 'spend', visitId: body.visitId, sum, spend: asked };
  const limit = limitOf(lines, settings.maxSpendPercent);
  const amount = bonusesToSpend(sum, asked, settings.maxSpendPercent, balances.bonus, limit);
  if (amount <= 0) {
    throw new AppError(
      'NOTHING_TO_SPEND',
      limit === 0
        ? 'Списывать нечего: товары этого чека бонусами не оплачиваются'
        : 'Списывать нечего: у покупателя нет бонусов',
    );
  }
  const { earned, figures } = withCouponEarn(
    coupon,
    await earnAtTill(deps, { sum, spend: amount, lines, settings, point, userId: visit.userId }),
    { sum, spend: amount },
  );
  await insertHeld(
    deps,
    { ...heldBy(key, caller, visit, earned), kind: 'spend', sum, spend: amount },
    undefined,
    async (tx, row) => {
      await writeReceiptLines(tx, 'till', row.id, earned.lines ?? []);
      if (coupon && figures) await attachCoupon(tx, coupon.use.id, row, figures);
    },
  );
  return sameRequest((await findByKey(deps.db, key))!, request);
}
