import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReturnLineItem, TillReturn, TillReturnItem } from '#common/contract/till-returns';
import { balancesOf, customerAccounts, postTransaction, type LedgerEntryInput } from '#server/core/ledger';
import { pendingAccount } from '#server/core/earn/pending';
import { holdKey } from '#server/core/holds';
import { kopecks, toRoubles } from '#server/core/money';
import type { CartPosition } from '#server/core/fiscal/gateway-cart';
import { returnShare } from '#server/core/receipt/return-share';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { postingKey } from '#server/db/posting-kinds';
import { receiptLines } from '#server/db/schema/catalogue';
import { tillCardRefunds, tillOperations, tillReturnLines } from '#server/db/schema/till';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { AppError } from '#server/errors';
import type { TillCaller } from '#server/lib/callers';
import {
  loadOperation,
  scopedKey,
  stateConflict,
  type TillDeps,
  type TillOperationRow,
} from './operation-rows';
import { assertCardLinesAddUp } from './card-lines-check';
import { cardRefundInFlight, cardRefundOf, refundPartToCard, type CardRefundRow } from './card-return';
import { previousInFlight } from './refund-part';
import { cardBankPartPath, cardPieces, fitCardWithheld } from './till-card-gateway';
import { cutPending } from './return-pending';
import { recordReturn, tillSubject } from './return-history';
import { returnLineItems } from './return-items';

/**
 * Partial returns by lines (decision 063): some lines of a completed till operation with a receipt come back.
 * Each returned line gives back its proportional share of the bonuses spent on it and takes back its share of
 * what it earned (server/core/receipt/return-share.ts); an earn still pending is cut from `bonus_pending`, the
 * rest is taken from the balance as far as it goes, and what the customer no longer has is `withheld`: the till
 * keeps it from the money it refunds. One posting `till-return:<operation>:<key>`, in one transaction with the
 * rows of `till_return_lines`, under a lock on the operation row, so parallel returns cannot over-return.
 */

type ReturnRow = typeof tillReturnLines.$inferSelect;
type LineRow = typeof receiptLines.$inferSelect;

const invalid = (message: string) => new AppError('RETURN_INVALID', message);

/** Thousandths of a unit from the contract's number (the contract allows at most 3 decimals). */
export const toMilli = (quantity: number) => Math.round(quantity * 1000);

export async function returnLines(
  deps: TillDeps,
  caller: TillCaller,
  operationId: string,
  body: { items: TillReturnItem[]; idempotencyKey: string },
): Promise<TillReturn> {
  const row = await loadOperation(deps.db, caller, operationId);
  const key = scopedKey(caller, body.idempotencyKey);
  const items = await returnLineItems(deps.db, row.id, body.items);
  const earlier = await returnRows(deps.db, row.id, key);
  if (earlier.length > 0) {
    const same = sameReturn(earlier, items);
    return answerOf(row, body.idempotencyKey, same, await toCard(deps, row, key));
  }
  // With the bank's cart the card's part names its positions (decision 086); what it cannot state stops here.
  const cart = await cardBankPartPath(deps, row);
  const rows = await inTransaction(deps.db, async (tx) => {
    const [locked] = await tx
      .select()
      .from(tillOperations)
      .where(eq(tillOperations.id, row.id))
      .for('update');
    if (locked!.state !== 'completed') throw stateConflict(locked!, 'Не возвращено');
    const again = await returnRows(tx, row.id, key); // a parallel call with the same key won the lock
    if (again.length > 0) return sameReturn(again, items);
    if (locked!.kind === 'card' && (await cardRefundInFlight(tx, row.id))) throw previousInFlight();
    const now = deps.clock.now();
    const planned = await planReturn(tx, locked!, key, items, now, cart);
    const transactionId = await postReturn(tx, locked!, key, planned);
    if (cart) fitCardWithheld(planned);
    await tx.insert(tillReturnLines).values(planned);
    await recordCardRefund(tx, locked!, key, planned, now);
    await recordReturn(deps, tx, tillSubject(locked!), planned, transactionId, now);
    return planned;
  });
  return answerOf(row, body.idempotencyKey, rows, await toCard(deps, row, key));
}

/** A card payment's return: its money to the card (card-return.ts), a 503 until the gateway confirms it. */
async function toCard(deps: TillDeps, op: TillOperationRow, key: string): Promise<CardRefundRow | null> {
  if (op.kind !== 'card') return null;
  const refund = await cardRefundOf(deps.db, op.id, key);
  return refund ? refundPartToCard(deps, op, refund) : null;
}

/** The card's money for the return's lines (their shares less what is withheld), to be refunded after commit. */
async function recordCardRefund(
  tx: Db,
  op: TillOperationRow,
  returnKey: string,
  planned: ReturnRow[],
  now: Date,
) {
  if (op.kind !== 'card') return;
  const amount = planned.reduce((s, r) => s + r.cardShare - r.withheld, 0);
  if (amount > 0) {
    await tx
      .insert(tillCardRefunds)
      .values({ tillOperationId: op.id, returnKey, amount, state: 'refunding', createdAt: now });
  }
}

async function returnRows(db: Db, tillOperationId: string, returnKey?: string): Promise<ReturnRow[]> {
  return db
    .select()
    .from(tillReturnLines)
    .where(
      returnKey
        ? and(eq(tillReturnLines.tillOperationId, tillOperationId), eq(tillReturnLines.returnKey, returnKey))
        : eq(tillReturnLines.tillOperationId, tillOperationId),
    )
    .orderBy(asc(tillReturnLines.lineNo));
}

/** Whether an operation has had any lines returned (its full refund is then refused). */
/** A full refund of an operation some of whose lines came back already would return them twice. */
export const partlyReturned = () =>
  new AppError(
    'OPERATION_STATE',
    'Часть строк уже возвращена: верните остальные строки возвратом по строкам',
  );

export async function hasReturns(db: Db, tillOperationId: string): Promise<boolean> {
  const [found] = await db
    .select({ one: sql`1` })
    .from(tillReturnLines)
    .where(eq(tillReturnLines.tillOperationId, tillOperationId))
    .limit(1);
  return Boolean(found);
}

/** A repeated key must carry the same lines and quantities (a 409 otherwise, like the other till calls). */
export function sameReturn<Row extends { lineNo: number; quantityMilli: number }>(
  rows: Row[],
  items: ReturnLineItem[],
): Row[] {
  const asked = [...items].sort((a, b) => a.line - b.line);
  const same =
    asked.length === rows.length &&
    asked.every(
      (item, i) => item.line === rows[i]!.lineNo && toMilli(item.quantity) === rows[i]!.quantityMilli,
    );
  if (!same) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'Этот ключ идемпотентности уже использован для другого возврата',
    );
  }
  return rows;
}

/** Each asked line's shares, checked against the receipt and what earlier returns took (400s change nothing). */
async function planReturn(
  tx: Db,
  op: TillOperationRow,
  returnKey: string,
  items: ReturnLineItem[],
  now: Date,
  cart: CartPosition[] | null,
): Promise<ReturnRow[]> {
  const lines = await tx
    .select()
    .from(receiptLines)
    .where(and(eq(receiptLines.source, 'till'), eq(receiptLines.operationId, op.id)));
  if (lines.length === 0) throw invalid('У операции нет строк чека: верните её целиком');
  if (op.kind === 'card') assertCardLinesAddUp(op.cardAmount, lines);
  const byNo = new Map<number, LineRow>(lines.map((line) => [line.lineNo, line]));
  const before = await returnRows(tx, op.id);
  const seen = new Set<number>();
  return items.map((item) => {
    const line = byNo.get(item.line);
    if (!line) throw invalid(`Строки ${item.line} в чеке нет`);
    if (seen.has(item.line)) throw invalid(`Строка ${item.line} указана дважды`);
    seen.add(item.line);
    const earlier = before.filter((r) => r.lineNo === item.line);
    const returned = earlier.reduce((s, r) => s + r.quantityMilli, 0);
    const milli = toMilli(item.quantity);
    if (returned + milli > line.quantityMilli) {
      const left = (line.quantityMilli - returned) / 1000;
      throw invalid(`Строка ${item.line}: вернуть можно не больше ${left}`);
    }
    const earnTaken = earlier.reduce((s, r) => s + r.earnBack, 0);
    const spendGiven = earlier.reduce((s, r) => s + r.spendBack, 0);
    const cardGiven = earlier.reduce((s, r) => s + r.cardShare, 0);
    // What the card paid for the line: its sum less the bonuses spent on it (a card payment's lines add up to
    // the card's amount); the other kinds' money is the till's to refund.
    const cardPaid = op.kind === 'card' ? line.sum - line.spend : 0;
    const pieces = cart ? cardPieces(cart, line, earlier, returned, milli) : null;
    return {
      tillOperationId: op.id,
      returnKey,
      lineNo: line.lineNo,
      quantityMilli: milli,
      earnBack: returnShare(line.earn, line.quantityMilli, returned, earnTaken, milli),
      spendBack: returnShare(line.spend, line.quantityMilli, returned, spendGiven, milli),
      withheld: 0,
      cardShare: pieces
        ? pieces.reduce((s, piece) => s + piece.share, 0)
        : returnShare(cardPaid, line.quantityMilli, returned, cardGiven, milli),
      gatewayItems: pieces,
      createdAt: now,
    };
  });
}

/**
 * The return's posting: the spend back (`bonus_spent` -> customer), the earn back first from a still pending
 * earn (`bonus_pending`, its row cut), then from the balance as far as it goes (including the spend given back
 * in the same posting); the rest is withheld from the money, spread over the lines in order (sets `withheld`).
 */
async function postReturn(
  tx: Db,
  op: TillOperationRow,
  returnKey: string,
  planned: ReturnRow[],
): Promise<string | null> {
  const spendBack = planned.reduce((s, r) => s + r.spendBack, 0);
  const earnBack = planned.reduce((s, r) => s + r.earnBack, 0);
  const pendingKeys = [postingKey('till_spend', op.id), postingKey('till_accrue', op.id)];
  const fromPending = earnBack > 0 ? await cutPending(tx, pendingKeys, earnBack) : 0;
  const rest = earnBack - fromPending;
  const available = (await balancesOf(tx, op.userId)).bonus + spendBack;
  const fromBalance = Math.min(rest, available);
  let shortfall = rest - fromBalance;
  for (const row of planned) {
    // A card payment's line can withhold no more than its money going back to the card; past that the
    // bonuses stay with the customer (issued, never a negative balance).
    const cap = op.kind === 'card' ? Math.min(row.earnBack, row.cardShare) : row.earnBack;
    row.withheld = Math.min(shortfall, cap);
    shortfall -= row.withheld;
  }
  const entries: LedgerEntryInput[] = [];
  if (spendBack > 0) entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_spent, amount: kopecks(-spendBack) });
  if (fromPending + fromBalance > 0)
    entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_issued, amount: kopecks(fromPending + fromBalance) });
  if (fromPending > 0)
    entries.push({ accountId: await pendingAccount(tx, op.userId), amount: kopecks(-fromPending) });
  const net = spendBack - fromBalance;
  if (net !== 0)
    entries.push({ accountId: (await customerAccounts(tx, op.userId)).bonus, amount: kopecks(net) });
  if (entries.length === 0) return null;
  const posted = await postTransaction(tx, {
    idempotencyKey: postingKey('till_return', returnKey, op.id),
    kind: 'till_return',
    entries,
    // The spend given back returns to the lots it came from, with their own expiry (decision 030), as a whole
    // refund's does: a return never renews bonuses about to expire.
    restores: holdKey('till', op.id),
  });
  return posted.transactionId;
}

function answerOf(
  op: TillOperationRow,
  idempotencyKey: string,
  rows: ReturnRow[],
  card: CardRefundRow | null,
): TillReturn {
  return {
    operationId: op.id,
    idempotencyKey,
    lines: rows.map((r) => ({
      line: r.lineNo,
      quantity: r.quantityMilli / 1000,
      bonusesTakenBack: toRoubles(r.earnBack),
      bonusesGivenBack: toRoubles(r.spendBack),
      withheld: toRoubles(r.withheld),
    })),
    bonusesTakenBack: toRoubles(rows.reduce((s, r) => s + r.earnBack, 0)),
    bonusesGivenBack: toRoubles(rows.reduce((s, r) => s + r.spendBack, 0)),
    withheld: toRoubles(rows.reduce((s, r) => s + r.withheld, 0)),
    // Only a card payment's: what went back to the card (the answer comes once the gateway confirmed it).
    refundedToCard: op.kind === 'card' ? toRoubles(card?.amount ?? 0) : null,
  };
}
