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
 * A part must never go to the card twice. A bank that did not answer may have refunded it, or may apply it
 * later, and a gateway takes no idempotency key for a refund. So, before any refund is asked, the gateway's total
 * refunded for the order is read: with one part in flight at a time per payment (the callers refuse a second),
 * that total is either the parts confirmed so far (this part is not there) or those plus this part (it went
 * through: record it). Anything else is left `refunding` for a person. A part is sent once; after a send the
 * bank did not confirm, it is asked for again only when the bank says its total and the cool-off has passed
 * (a bank may apply a refund after our wait ended), and never when the bank does not say its total.
 */

export interface RefundPartRow {
  returnKey: string;
  amount: number;
  state: 'refunding' | 'refunded';
  /** When refund.do was last sent for it; null: never. */
  sentAt: Date | null;
}

/** Where one payment's parts are kept; every method is about the part being refunded. */
export interface RefundPartStore<Row extends RefundPartRow> {
  reload(db: Db): Promise<Row | null>;
  /** One conditional update: the turn to ask the gateway, if no other call took it since `staleBefore`. */
  takeTurn(db: Db, now: Date, staleBefore: Date): Promise<boolean>;
  /** The payment's parts already `refunded`, kopecks. */
  confirmedSoFar(db: Db): Promise<number>;
  /** Records that refund.do is being sent now (before it is). */
  markSent(db: Db, now: Date): Promise<void>;
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
    'Возврат на карту уже запрошен в банке: повторите через две минуты с тем же ключом',
  );

/**
 * Two calls for one part (a till's retry beside its first try) must not both find it missing and ask for it:
 * one conditional update gives the turn to one of them for LEASE_MS, longer than the four gateway calls a turn
 * can make (15 s each: a status, the refund, its status, a status after it).
 */
const LEASE_MS = 120_000;
/** After a send the bank did not confirm, how long before it may be asked for again (if its total says so). */
const RESEND_COOL_OFF_MS = 10 * 60_000;

const notYet = () =>
  new AppError(
    'BANK_UNAVAILABLE',
    'Банк ещё не подтвердил возврат на карту: повторите через 10 минут с тем же ключом',
  );

const needsPerson = () =>
  new AppError(
    'OPERATION_STATE',
    'Банк не сообщает, сколько уже вернул по заказу: возврат остановлен, проверьте его в банке и обратитесь в поддержку',
  );

/** Sends a part to the card, once; answers its row as it ends (`refunded`), or throws a 503 (or a 409). */
export async function refundPartOnce<Row extends RefundPartRow>(
  deps: Pick<AppDeps, 'db' | 'clock' | 'acquirer'>,
  job: RefundPartJob<Row>,
): Promise<Row> {
  const { store, orderId } = job;
  if (job.part.state === 'refunded') return job.part;
  const now = deps.clock.now();
  const taken = await store.takeTurn(deps.db, now, new Date(now.getTime() - LEASE_MS));
  const part = await store.reload(deps.db);
  if (!part || part.state === 'refunded') return part ?? job.part; // another call finished it meanwhile
  if (!taken) throw busy();
  const confirmed = await store.confirmedSoFar(deps.db);
  const wanted = confirmed + part.amount;
  const atBank = (await askStatus(deps, orderId)).refundedAmount;
  if (atBank === wanted) return record(deps, job);
  if (atBank !== null && atBank !== confirmed) throw mismatch(atBank, confirmed);
  // Not at the bank, as far as it says. Sent before and never confirmed: not again while the bank may still
  // apply it, and never blind.
  if (part.sentAt) {
    if (atBank === null) throw needsPerson();
    if (now.getTime() - part.sentAt.getTime() < RESEND_COOL_OFF_MS) throw notYet();
  }
  const receipt = await job.gatewayReceipt();
  await store.markSent(deps.db, now);
  const accepted = await deps.acquirer.refund(orderId, part.amount, receipt).then(
    () => true,
    () => false,
  );
  // Refused, or silent: what the gateway holds now says.
  if (!accepted && (await askStatus(deps, orderId)).refundedAmount !== wanted) throw notConfirmed();
  return record(deps, job);
}

/** `refunding` -> `refunded` with its receipt queued in the same transaction. */
async function record<Row extends RefundPartRow>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  job: RefundPartJob<Row>,
): Promise<Row> {
  return inTransaction(deps.db, async (tx) => {
    const moved = await job.store.markRefunded(tx, deps.clock.now());
    if (!moved) return (await job.store.reload(tx))!;
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

/**
 * The gateway refunded neither what we recorded nor that plus this part (a refund made in the bank's console,
 * say): a person must reconcile.
 */
function mismatch(atBank: number, confirmed: number) {
  return new AppError(
    'OPERATION_STATE',
    `Банк вернул на карту ${(atBank / 100).toFixed(2)} ₽, а подтверждено ${(confirmed / 100).toFixed(2)} ₽: возврат остановлен, обратитесь в поддержку`,
  );
}

/** The payment's bank is not the one this installation talks to now. */
export const otherBank = () =>
  new AppError('OPERATION_STATE', 'Оплата прошла через другой банк: вернуть на карту отсюда нельзя');

/** One part at a time per payment: the bank's refunded total then tells whether a part went through. */
export const previousInFlight = () =>
  new AppError(
    'OPERATION_STATE',
    'Предыдущий возврат на карту ещё не подтверждён банком: сначала повторите его с тем же ключом',
  );
