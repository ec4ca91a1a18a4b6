import { and, eq } from 'drizzle-orm';
import { tillOperations } from '#server/db/schema/till';
import { AppError } from '#server/errors';
import type { OrderStatus } from '#server/integrations/acquirer/acquirer';
import { inTransaction } from '#server/db/in-transaction';
import { cardGatewayReceipt, queueCardReceipt } from './fiscal-card';
import { completeHeld, releaseHold } from './holds';
import { loadPoint, stateConflict, type TillDeps, type TillOperationRow } from './operation-rows';
import { reverseCompleted } from './refunds';

/**
 * A held card payment after it is made: asked of the gateway and charged (settleCardPayment), stopped by a
 * cancel or the expiry (stopCardPayment), refunded (refundCardPayment). See card-payment.ts for how it starts.
 */

const unavailable = () =>
  new AppError('BANK_UNAVAILABLE', 'Банк не ответил. Повторите оплату картой с тем же ключом');

const reload = async (deps: TillDeps, id: string) =>
  (await deps.db.select().from(tillOperations).where(eq(tillOperations.id, id)))[0]!;

/**
 * The operation's bank order: registered once by the operation's id, for the customer, and kept on the row; in
 * the `gateway` mode with its receipt's cart (decision 080).
 */
async function orderOf(deps: TillDeps, row: TillOperationRow): Promise<string> {
  if (row.orderId) return row.orderId;
  const point = await loadPoint(deps.db, row.retailPointId);
  const receipt = await cardGatewayReceipt(deps, row, point.title, 'sell');
  const order = await deps.acquirer.registerOrder({
    orderNumber: row.id,
    amount: row.cardAmount,
    method: 'card',
    description: `Покупка: ${point.title}`,
    // Nobody follows it (the gateway charges the saved card with no page); the gateway requires one.
    returnUrl: new URL('/till', deps.config.publicUrl).toString(),
    createBinding: false,
    clientId: row.userId,
    ...(receipt ? { receipt } : {}),
  });
  await deps.db
    .update(tillOperations)
    .set({ orderId: order.orderId, updatedAt: deps.clock.now() })
    .where(and(eq(tillOperations.id, row.id), eq(tillOperations.state, 'held')));
  return order.orderId;
}

/**
 * A held card payment, asked of the gateway and, with `charge` (only the card-payment call itself and its retry
 * with the same key, while the customer stands at the till), charged if not yet: it ends completed or declined,
 * or stays held when the gateway is silent. A charge the gateway leaves pending (3-D Secure, which no one at a
 * till can answer) is cancelled at once, so the cashier gets a definite answer. The cashier's 'check' (confirm)
 * only asks: a payment the cashier has meanwhile taken otherwise is never charged behind their back; the expiry
 * job stops what stays unpaid.
 */
export async function settleCardPayment(
  deps: TillDeps,
  row: TillOperationRow,
  { charge }: { charge: boolean },
): Promise<TillOperationRow> {
  if (row.kind !== 'card' || row.state !== 'held' || row.acquirer !== deps.acquirer.name) return row;
  const pay = deps.acquirer.bindings?.payWithBinding;
  let status: OrderStatus;
  try {
    const orderId = await orderOf(deps, row);
    status = await deps.acquirer.getOrderStatus(orderId);
    if (status.state === 'pending' && !charge) return reload(deps, row.id);
    if (status.state === 'pending' && pay) {
      status = await pay.call(deps.acquirer.bindings, {
        orderId,
        clientId: row.userId,
        bindingId: row.bindingId ?? '',
      });
    }
    if (status.state === 'pending') status = await deps.acquirer.cancelOrder(orderId);
  } catch {
    // Not charged, or not known to be: the operation stays held; a retry or the expiry job settles it.
    return reload(deps, row.id);
  }
  await applyStatus(deps, row, status, 'declined');
  return reload(deps, row.id);
}

/** Settles a held card payment by its order's status (paid, with the order and amount matching: completed). */
async function applyStatus(
  deps: TillDeps,
  row: TillOperationRow,
  status: OrderStatus,
  otherwise: 'declined' | 'cancelled' | 'expired',
) {
  const matches = status.orderNumber === row.id && status.amount === row.cardAmount;
  if (status.state === 'paid' && matches) return completeHeld(deps, row, false);
  if (status.state === 'pending') return; // the gateway could not stop it: asked again later
  if (status.state === 'paid') {
    // Money the gateway took for something other than this operation is given back before the bonuses are:
    // never released as 'declined' while the card stays charged. A refund that fails leaves it held (retried).
    const refunded = await deps.acquirer
      .refund(status.orderId, status.amount)
      .then((answer) => answer.state === 'refunded')
      .catch(() => false);
    if (!refunded) return;
  }
  const reason =
    status.state === 'paid' || status.state === 'refunded'
      ? { errorCode: 'ORDER_MISMATCH', errorMessage: 'Банк ответил о другом платеже' }
      : {
          errorCode: status.errorCode ?? 'NOT_CHARGED',
          errorMessage: status.errorMessage ?? 'Банк не списал деньги с сохранённой карты',
        };
  return releaseHold(deps, row.id, otherwise, otherwise === 'declined' ? reason : null);
}

/**
 * cancel (the cashier's) or expiry (the job's) of a held card payment: the bank order is stopped first; a
 * payment that got there first completes and must be honoured.
 */
export async function stopCardPayment(
  deps: TillDeps,
  row: TillOperationRow,
  to: 'cancelled' | 'expired',
): Promise<void> {
  if (row.state !== 'held' || row.acquirer !== deps.acquirer.name) return;
  let status: OrderStatus;
  try {
    // An order that was never stored is found by registering again, which the gateway answers idempotently.
    status = await deps.acquirer.cancelOrder(await orderOf(deps, row));
  } catch {
    if (to === 'cancelled') throw unavailable();
    return; // the job asks again on its next run
  }
  await applyStatus(deps, row, status, to);
}

/**
 * refund of a card payment: `completed` -> `refunding` with the ledger reversed (one transaction, as any till
 * refund: a 409 when the earned bonuses are gone), then the card payment is refunded at the gateway and the
 * operation becomes `refunded`. A gateway that does not confirm leaves it `refunding`: repeating the refund
 * finishes it (the gateway refunds an order once; an order already refunded counts as done).
 */
export async function refundCardPayment(deps: TillDeps, row: TillOperationRow): Promise<void> {
  if (row.state === 'completed') await reverseCompleted(deps, row, 'refunding');
  const now = await reload(deps, row.id);
  if (now.state !== 'refunding') return;
  if (!now.orderId || now.acquirer !== deps.acquirer.name) throw stateConflict(now, 'Не возвращено');
  let refunded: boolean;
  const { title } = await loadPoint(deps.db, now.retailPointId);
  // In the `gateway` mode the refunded position goes with it: the gateway issues the refund receipt (decision 080).
  const receipt = await cardGatewayReceipt(deps, now, title, 'sell_refund');
  try {
    refunded = (await deps.acquirer.refund(now.orderId, now.cardAmount, receipt)).state === 'refunded';
  } catch {
    // Refused (already refunded by an earlier call whose answer was lost?) or silent: the status says.
    refunded = await deps.acquirer
      .getOrderStatus(now.orderId)
      .then((status) => status.state === 'refunded')
      .catch(() => false);
  }
  if (!refunded)
    throw new AppError('BANK_UNAVAILABLE', 'Банк не подтвердил возврат на карту: повторите возврат');
  // The refund receipt goes with the move to refunded, once: the money is back on the card (decision 070).
  await inTransaction(deps.db, async (tx) => {
    const [moved] = await tx
      .update(tillOperations)
      .set({ state: 'refunded', updatedAt: deps.clock.now(), refundedAt: deps.clock.now() })
      .where(and(eq(tillOperations.id, row.id), eq(tillOperations.state, 'refunding')))
      .returning();
    if (moved) await queueCardReceipt(deps, tx, moved, title, 'sell_refund');
  });
}
