import type { AppDeps } from '#server/app-deps';
import type { GatewayReceipt } from '#server/core/fiscal/gateway-sale';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { AppError } from '#server/errors';
import type { OrderStatus } from '#server/integrations/acquirer/acquirer';

/**
 * A part of a bank order refunded once (decisions 063, 084): the money of a return by lines going back to the
 * card (or SBP) it came from. The return writes the part `refunding` with its bonuses in one transaction; then
 * this asks the gateway and marks it `refunded`, with its refund receipt queued in that transaction (decision
 * 070). A till card payment's parts live in `till_card_refunds`, a site payment's in `payment_card_refunds`: the
 * store says where.
 *
 * A part must never go to the card twice. A bank that did not answer may have refunded it, and a gateway takes no
 * idempotency key for a refund; so, before any refund is asked, the gateway's total refunded for the order is
 * read: with one part in flight at a time per payment (the callers refuse a second), that total is either the
 * parts confirmed so far (this part is not there: ask for it) or those plus this part (it went through: record
 * it). Anything else is left `refunding` for a person to look at.
 */

export interface RefundPartRow {
  returnKey: string;
  amount: number;
  state: 'refunding' | 'refunded';
}

/** Where one payment's parts are kept; every method is about the part being refunded. */
export interface RefundPartStore<Row extends RefundPartRow> {
  reload(db: Db): Promise<Row | null>;
  /** One conditional update: the turn to ask the gateway, if no other call took it since `staleBefore`. */
  takeTurn(db: Db, now: Date, staleBefore: Date): Promise<boolean>;
  /** The payment's parts already `refunded`, kopecks. */
  confirmedSoFar(db: Db): Promise<number>;
  /** `refunding` -> `refunded` once; null when another call moved it. */
  markRefunded(tx: Db, now: Date): Promise<Row | null>;
}

export interface RefundPartJob<Row extends RefundPartRow> {
  orderId: string;
  part: Row;
  store: RefundPartStore<Row>;
  /** The refund's receipt for the gateway in the `gateway` fiscal mode (decision 080), else undefined. */
  gatewayReceipt: () => Promise<GatewayReceipt | undefined>;
  /** Queues the part's refund receipt in `tx`, the transaction that marks it refunded. */
  queueReceipt: (tx: Db, moved: Row) => Promise<void>;
}

const notConfirmed = () =>
  new AppError('BANK_UNAVAILABLE', 'Банк не подтвердил возврат на карту: повторите возврат с тем же ключом');

const busy = () =>
  new AppError(
    'BANK_UNAVAILABLE',
    'Возврат на карту уже запрошен в банке: повторите через минуту с тем же ключом',
  );

/**
 * Two calls for one part (a till's retry beside its first try) must not both find it missing and ask for it:
 * one conditional update gives the turn to one of them for LEASE_MS, longer than the gateway's 15 s timeout
 * twice over (a status and a refund).
 */
const LEASE_MS = 60_000;

/** Sends a part to the card, once; answers its row as it ends (`refunded`), or throws a 503. */
export async function refundPartOnce<Row extends RefundPartRow>(
  deps: Pick<AppDeps, 'db' | 'clock' | 'acquirer'>,
  job: RefundPartJob<Row>,
): Promise<Row> {
  const { part, store, orderId } = job;
  if (part.state === 'refunded') return part;
  const now = deps.clock.now();
  if (!(await store.takeTurn(deps.db, now, new Date(now.getTime() - LEASE_MS)))) {
    const again = await store.reload(deps.db);
    if (again?.state === 'refunded') return again; // the other call finished it meanwhile
    throw busy();
  }
  const confirmed = await store.confirmedSoFar(deps.db);
  const wanted = confirmed + part.amount;
  let status = await askStatus(deps, orderId);
  if (status.refundedAmount < wanted) {
    if (status.refundedAmount !== confirmed) throw mismatch(status.refundedAmount, confirmed);
    const receipt = await job.gatewayReceipt();
    status = await deps.acquirer.refund(orderId, part.amount, receipt).catch(() => askStatus(deps, orderId)); // refused, or silent: what the gateway holds now says
    if (status.refundedAmount < wanted) throw notConfirmed();
  }
  return inTransaction(deps.db, async (tx) => {
    const moved = await store.markRefunded(tx, deps.clock.now());
    if (!moved) return (await store.reload(tx))!;
    await job.queueReceipt(tx, moved);
    return moved;
  });
}

async function askStatus(deps: Pick<AppDeps, 'acquirer'>, orderId: string): Promise<OrderStatus> {
  try {
    return await deps.acquirer.getOrderStatus(orderId);
  } catch {
    throw notConfirmed();
  }
}

/** The gateway refunded neither what we recorded nor that plus this part: a person must reconcile. */
function mismatch(atBank: number, confirmed: number) {
  return new AppError(
    'OPERATION_STATE',
    `Банк вернул на карту ${(atBank / 100).toFixed(2)} ₽, а подтверждено ${(confirmed / 100).toFixed(2)} ₽: возврат остановлен, обратитесь в поддержку`,
  );
}
