import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TillChequeBody, TillOperation } from '#common/contract/till';
import { readBrandSettings } from '#server/core/brand-settings';
import { balancesOf } from '#server/core/ledger';
import { attachCoupon } from '#server/core/coupons/holds';
import { fromRoubles } from '#server/core/money';
import { checkSameReceipt, writeReceiptLines } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';
import { tillOperations, tillVisits } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import type { GatewayCard } from '#server/integrations/acquirer/acquirer';
import { settleCardPayment } from './card-settlement';
import { chequeAsDone, couponForCheque, withCouponEarn } from './coupon';
import { bonusesToSpend, heldBy, insertHeld } from './holds';
import { findByKey, loadPoint, sameRequest, scopedKey, toOperation, type TillDeps } from './operation-rows';
import { earnAtTill, limitOf, readTillLines } from './receipt';
import { savedCardOf } from './saved-card';
import { checkOpen, loadVisit } from './visits';

/**
 * The saved bank card paying a cheque's rest at the till (docs/decisions/022-till-saved-cards-and-wallets.md).
 * The operation is written first (`held`, with the bonuses it spends on hold, like a spend); then the bank order
 * is registered by the operation's id (idempotent at the gateway) for the customer, the gateway charges the
 * saved card, and the operation settles by the order's status: paid completes it (the bonuses spent, the money
 * paid earning by the earn rules), declined releases the hold. A bank that does not answer leaves it `held`:
 * the same call (or confirm) asks again, and the hold-expiry job cancels the order before it gives bonuses back.
 */

/**
 * One card payment per shown member code: the code the customer shows is their consent to one charge, so a
 * second cheque (another key) in the same visit is refused once the first is held, paid or refunded (a refund
 * does not give the consent back); one that charged nothing (declined, cancelled, expired) frees the visit.
 * Holding the visit's row lock makes the check hold under parallel calls: FOR NO KEY UPDATE, which the insert's
 * foreign-key check (FOR KEY SHARE on the visit) does not wait for; FOR UPDATE deadlocked there on PostgreSQL.
 * The same key passes, so its retry gets the idempotent answer.
 */
async function claimVisitForCard(tx: Db, visitId: string, key: string) {
  await tx
    .select({ id: tillVisits.id })
    .from(tillVisits)
    .where(eq(tillVisits.id, visitId))
    .for('no key update');
  const [taken] = await tx
    .select({ id: tillOperations.id })
    .from(tillOperations)
    .where(
      and(
        eq(tillOperations.visitId, visitId),
        eq(tillOperations.kind, 'card'),
        inArray(tillOperations.state, ['held', 'completed', 'refunding', 'refunded']),
        ne(tillOperations.idempotencyKey, key),
      ),
    )
    .limit(1);
  if (taken) {
    throw new AppError(
      'CODE_ALREADY_CHARGED',
      'По этому коду картой уже оплачено: попросите покупателя показать новый код',
    );
  }
}

/** What the card pays once the bonuses pass their checks; refused when nothing is left or no card can pay. */
function chargeable(
  sum: number,
  spend: number,
  card: GatewayCard | null,
  checkBonuses: () => void,
): { cardAmount: number; card: GatewayCard } {
  checkBonuses();
  const cardAmount = sum - spend;
  if (cardAmount <= 0)
    throw new AppError('NOTHING_TO_CHARGE', 'Картой платить нечего: весь чек покрывают бонусы');
  if (!card) {
    throw new AppError(
      'NO_SAVED_CARD',
      'У покупателя нет сохранённой карты, которой можно оплатить: примите оплату иначе',
    );
  }
  return { cardAmount, card };
}

/** cardPayment: `bonuses` (optional) on hold, the rest charged to the saved card; idempotent by the client key. */
export async function payWithCard(
  deps: TillDeps,
  caller: TillCaller,
  body: TillChequeBody,
): Promise<TillOperation> {
  const key = scopedKey(caller, body.idempotencyKey);
  const spend = body.bonuses === undefined ? 0 : fromRoubles(body.bonuses);
  const [earlier, sent] = await Promise.all([findByKey(deps.db, key), readTillLines(deps.db, body.items)]);
  if (earlier) {
    const done = await chequeAsDone(deps.db, earlier.id, { sum: fromRoubles(body.sum), lines: sent });
    await checkSameReceipt(deps.db, 'till', earlier.id, done.lines);
    sameRequest(earlier, { kind: 'card', visitId: body.visitId, sum: done.sum, spend });
    return toOperation(await settleCardPayment(deps, earlier, { charge: true }));
  }
  const visit = await loadVisit(deps.db, caller, body.visitId);
  checkOpen(deps, visit);
  const [point, settings, balances, card] = await Promise.all([
    loadPoint(deps.db, caller.retailPointId),
    readBrandSettings(deps.db),
    balancesOf(deps.db, visit.userId),
    savedCardOf(deps, visit.userId).catch(() => {
      throw new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Попробуйте ещё раз или примите оплату иначе');
    }),
  ]);
  // A coupon's discount comes off first, as with a spend (decision 071): the card is charged the rest of the
  // cheque less it, and the code is used when the bank's payment completes the operation (released if declined).
  const coupon = await couponForCheque(deps, visit, body.coupon, {
    sum: fromRoubles(body.sum),
    lines: sent,
    timeZone: settings.timeZone,
  });
  const sum = coupon?.discount.sum ?? fromRoubles(body.sum);
  const lines = coupon?.discount.lines ?? sent;
  const request = { kind: 'card', visitId: body.visitId, sum, spend };
  const { cardAmount, card: chosen } = chargeable(sum, spend, card, () =>
    bonusesToSpend(
      sum,
      spend,
      settings.maxSpendPercent,
      balances.bonus,
      limitOf(lines, settings.maxSpendPercent),
    ),
  );
  const { earned, figures } = withCouponEarn(
    coupon,
    await earnAtTill(deps, { sum, spend, lines, settings, point, userId: visit.userId }),
    { sum, spend },
  );
  await insertHeld(
    deps,
    {
      ...heldBy(key, caller, visit, earned),
      kind: 'card',
      sum,
      spend,
      cardAmount,
      acquirer: deps.acquirer.name,
      bindingId: chosen.bindingId,
      cardLast4: chosen.last4,
    },
    (tx) => claimVisitForCard(tx, visit.id, key),
    async (tx, row) => {
      await writeReceiptLines(tx, 'till', row.id, earned.lines ?? []);
      if (coupon && figures) await attachCoupon(tx, coupon.use.id, row, figures);
    },
  );
  const row = (await findByKey(deps.db, key))!;
  sameRequest(row, request);
  return toOperation(await settleCardPayment(deps, row, { charge: true }));
}
