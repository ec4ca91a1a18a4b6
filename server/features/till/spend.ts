import type { TillOperation } from '../../../common/contract/till';
import { readBrandSettings } from '../../core/brand-settings';
import { earnFor } from '../../core/earn/earn';
import { balancesOf } from '../../core/ledger';
import { fromRoubles } from '../../core/money';
import { AppError } from '../../errors';
import type { TillCaller } from '../../lib/callers';
import { bonusesToSpend, insertHeld } from './holds';
import { findByKey, loadPoint, sameRequest, scopedKey, type TillDeps } from './operation-rows';
import { checkOpen, loadVisit } from './visits';

/**
 * spend: bonuses on hold (customer -> `till_held`, ledger key `till-hold:<id>`) within the brand's limit and
 * the balance; the ledger's conditional update refuses an overdraft, so parallel spends cannot overdraw.
 */
export async function spend(
  deps: TillDeps,
  caller: TillCaller,
  body: { visitId: string; sum: number; bonuses?: number | undefined; idempotencyKey: string },
): Promise<TillOperation> {
  const key = scopedKey(caller, body.idempotencyKey);
  const sum = fromRoubles(body.sum);
  const asked = body.bonuses === undefined ? undefined : fromRoubles(body.bonuses);
  const request = { kind: 'spend', visitId: body.visitId, sum, spend: asked };
  const earlier = await findByKey(deps.db, key);
  if (earlier) return sameRequest(earlier, request);
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings, balances] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    readBrandSettings(deps.db),
    balancesOf(deps.db, visit.userId),
  ]);
  const amount = bonusesToSpend(sum, asked, settings.maxSpendPercent, balances.bonus);
  if (amount <= 0) throw new AppError('NOTHING_TO_SPEND', 'Списывать нечего: у покупателя нет бонусов');
  const { earn, rules, rate, pointPercent } = await earnFor(deps, {
    cheque: sum,
    earnable: sum - amount,
    point,
    timeZone: settings.timeZone,
    userId: visit.userId,
  });
  await insertHeld(deps, {
    idempotencyKey: key,
    visitId: visit.id,
    retailPointId: point.id,
    keyId: caller.keyId,
    userId: visit.userId,
    kind: 'spend',
    sum,
    spend: amount,
    earn,
    earnPercent: pointPercent,
    earnRate: rate,
    earnRules: rules,
  });
  return sameRequest((await findByKey(deps.db, key))!, request);
}
