import type { TillOperation } from '#common/contract/till';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import { refundCardPayment, settleCardPayment, stopCardPayment } from './card-settlement';
import { completeHeld, releaseHold } from './holds';
import { loadOperation, stateConflict, toOperation, type TillDeps } from './operation-rows';
import { reverseCompleted } from './refunds';
import { hasReturns, partlyReturned } from './returns';

/** What a cashier does with an operation after it is made: confirm a hold, cancel it, refund a completed one. */

/**
 * confirm: `held` -> `completed` once: the hold is spent (`till_held` -> `bonus_spent`) and the rest of the
 * cheque earns (`bonus_issued` -> customer) in one posting `till-complete:<id>`, and the PAYMENT recorded.
 * A hold past its expiry is released instead (and the call refused). A held card payment is asked of the bank
 * again (it completes when the bank took the money).
 */
export async function confirm(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind === 'accrue') throw new AppError('OPERATION_KIND', 'Подтверждать нужно только списание');
  if (row.kind === 'card') {
    const after = await settleCardPayment(deps, row, { charge: false });
    if (after.state === 'held') {
      throw new AppError('BANK_UNAVAILABLE', 'Банк ещё не ответил об оплате картой: проверьте ещё раз');
    }
    if (after.state !== 'completed' && after.state !== 'refunded' && after.state !== 'refunding')
      throw stateConflict(after, 'Не подтверждено');
    return toOperation(after);
  }
  if (row.state === 'held' && row.holdExpiresAt && row.holdExpiresAt <= deps.clock.now()) {
    await releaseHold(deps, row.id, 'expired');
  } else if (row.state === 'held') {
    await completeHeld(deps, row, true);
  }
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'completed' && after.state !== 'refunded' && after.state !== 'refunding')
    throw stateConflict(after, 'Не подтверждено');
  return toOperation(after);
}

/**
 * cancel: a held spend's bonuses go back; a hold already released answers as it is. A held card payment is
 * stopped at the bank first: one the bank already took completes, and the cancel is refused.
 */
export async function cancel(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  if (row.kind === 'accrue')
    throw new AppError('OPERATION_KIND', 'Отменить можно только удержание: начисление возвращают');
  if (row.kind === 'card') await stopCardPayment(deps, row, 'cancelled');
  else if (row.state === 'held') await releaseHold(deps, row.id, 'cancelled');
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'cancelled' && after.state !== 'expired') throw stateConflict(after, 'Не отменено');
  return toOperation(after);
}

/**
 * refund (in full only): `completed` -> `refunded` once; what the operation spent goes back to the customer
 * and what it earned is taken back (operation-rows.ts `reverseInLedger`). If the customer has already spent the
 * earned bonuses the ledger refuses, the refund is a 409 and nothing changes. A card payment is also refunded
 * to the card (card-payment.ts).
 */
export async function refund(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
): Promise<TillOperation> {
  const row = await loadOperation(deps.db, caller, operationId);
  // After a return by lines (decision 063) the rest comes back by lines too: a full refund would return them twice.
  if (row.state === 'completed' && (await hasReturns(deps.db, row.id))) throw partlyReturned();
  if (row.kind === 'card') {
    await refundCardPayment(deps, row);
  } else if (row.state === 'completed') {
    await reverseCompleted(deps, row, 'refunded');
  }
  const after = await loadOperation(deps.db, caller, operationId);
  if (after.state !== 'refunded') throw stateConflict(after, 'Не возвращено');
  return toOperation(after);
}
