import type { TillChequeBody, TillOperation } from '#common/contract/till';
import { readBrandSettings } from '#server/core/brand-settings';
import { balancesOf } from '#server/core/ledger';
import { fromRoubles } from '#server/core/money';
import { checkSameReceipt, writeReceiptLines } from '#server/core/receipt/receipt-rows';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
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
  const sum = fromRoubles(body.sum);
  const asked = body.bonuses === undefined ? undefined : fromRoubles(body.bonuses);
  const request = { kind: 'spend', visitId: body.visitId, sum, spend: asked };
  const [earlier, lines] = await Promise.all([findByKey(deps.db, key), readTillLines(deps.db, body.items)]);
  if (earlier) {
    await checkSameReceipt(deps.db, 'till', earlier.id, lines);
    return sameRequest(earlier, request);
  }
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings, balances] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    readBrandSettings(deps.db),
    balancesOf(deps.db, visit.userId),
  ]);
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
  const earned = await earnAtTill(deps, { sum, spend: amount, lines, settings, point, userId: visit.userId });
  await insertHeld(
    deps,
    { ...heldBy(key, caller, visit, earned), kind: 'spend', sum, spend: amount },
    undefined,
    (tx, row) => writeReceiptLines(tx, 'till', row.id, earned.lines ?? []),
  );
  return sameRequest((await findByKey(deps.db, key))!, request);
}
