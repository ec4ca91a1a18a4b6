import { and, asc, eq } from 'drizzle-orm';
import type { ReturnLineItem } from '#common/contract/till-returns';
import { balancesOf, customerAccounts, postTransaction, type LedgerEntryInput } from '#server/core/ledger';
import { pendingAccount } from '#server/core/earn/pending';
import { settlementKey } from '#server/core/holds';
import { kopecks } from '#server/core/money';
import { returnShare } from '#server/core/receipt/return-share';
import type { Db } from '#server/db/client';
import { holdKey } from '#server/core/holds';
import { postingKey } from '#server/db/posting-kinds';
import { receiptLines } from '#server/db/schema/catalogue';
import { paymentReturnLines } from '#server/db/schema/payment-returns';
import type { paymentDrafts } from '#server/db/schema/payments';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { AppError } from '#server/errors';
import {
  consumedOf,
  piecesOfReturn,
  withheldFromPieces,
  type CartPosition,
  type RefundPiece,
} from '#server/core/fiscal/gateway-cart';
import { cutPending } from './return-pending';
import { toMilli } from './returns';

/**
 * The figures and the posting of a site payment's return by lines (decision 084): returns.ts's rules for a till
 * operation (decision 063), with money that came two ways. Each line's money (its sum less the bonuses spent on
 * it) is split between the money-like balance (the draft's `extra_spend`), spread over the lines in proportion
 * to their money by cumulative rounding, and the bank (card, SBP: `left_to_pay`), each line's rest: kopeck-exact,
 * the lines adding up to each part and each line's parts to its money. A return takes each part's share of its
 * quantity as returns.ts takes the bonuses.
 */

export type DraftRow = typeof paymentDrafts.$inferSelect;
export type PaymentReturnRow = typeof paymentReturnLines.$inferSelect;
type LineRow = typeof receiptLines.$inferSelect;

const invalid = (message: string) => new AppError('RETURN_INVALID', message);

/** `total` spread over `weights` in order, kopeck-exact: each gets floor(total × cumulative share) less the rest. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((s, w) => s + w, 0);
  if (whole <= 0) return weights.map(() => 0);
  let before = 0n;
  let cumulative = 0;
  return weights.map((weight) => {
    cumulative += weight;
    const upTo = (BigInt(total) * BigInt(cumulative)) / BigInt(whole);
    const share = Number(upTo - before);
    before = upTo;
    return share;
  });
}

export async function paymentReturnRows(db: Db, draftId: string, returnKey?: string) {
  return db
    .select()
    .from(paymentReturnLines)
    .where(
      returnKey
        ? and(eq(paymentReturnLines.draftId, draftId), eq(paymentReturnLines.returnKey, returnKey))
        : eq(paymentReturnLines.draftId, draftId),
    )
    .orderBy(asc(paymentReturnLines.lineNo));
}

/** Each asked line's shares, checked against the receipt and what earlier returns took (400s change nothing). */
export async function planPaymentReturn(
  tx: Db,
  draft: DraftRow,
  returnKey: string,
  items: ReturnLineItem[],
  now: Date,
  cart: CartPosition[] | null = null,
): Promise<PaymentReturnRow[]> {
  const lines = await tx
    .select()
    .from(receiptLines)
    .where(and(eq(receiptLines.source, 'payment'), eq(receiptLines.operationId, draft.id)))
    .orderBy(asc(receiptLines.lineNo));
  if (lines.length === 0) throw invalid('В оплате нет строк чека');
  const money = lines.map((line) => line.sum - line.spend);
  if (money.reduce((s, m) => s + m, 0) !== draft.leftToPay + draft.extraSpend) {
    // Cannot happen (the lines' money is the payment's: decisions 069, 071); if it did, no money moves.
    throw new AppError('OPERATION_STATE', 'Строки оплаты не сходятся с её суммой: обратитесь в поддержку');
  }
  // The balance's part spread over the lines' money; each line's bank part is the rest of its money. With the
  // bank's cart (decision 086) the bank's part of a line is what its positions hold, the balance's the rest.
  const balanceOf = cart
    ? balanceBesideCart(lines, money, cart, draft.extraSpend)
    : allocate(draft.extraSpend, money);
  const cardOf = money.map((m, i) => m - balanceOf[i]!);
  const byNo = new Map<number, [LineRow, number]>(lines.map((line, i) => [line.lineNo, [line, i]]));
  const before = await paymentReturnRows(tx, draft.id);
  const seen = new Set<number>();
  return items.map((item) => {
    const found = byNo.get(item.line);
    if (!found) throw invalid(`Строки ${item.line} в чеке нет`);
    if (seen.has(item.line)) throw invalid(`Строка ${item.line} указана дважды`);
    seen.add(item.line);
    const [line, index] = found;
    const earlier = before.filter((r) => r.lineNo === item.line);
    const returned = earlier.reduce((s, r) => s + r.quantityMilli, 0);
    const milli = toMilli(item.quantity);
    if (returned + milli > line.quantityMilli) {
      throw invalid(`Строка ${item.line}: вернуть можно не больше ${(line.quantityMilli - returned) / 1000}`);
    }
    const taken = (pick: (r: PaymentReturnRow) => number) => earlier.reduce((s, r) => s + pick(r), 0);
    const share = (total: number, pick: (r: PaymentReturnRow) => number) =>
      returnShare(total, line.quantityMilli, returned, taken(pick), milli);
    const pieces = cart ? cartPieces(cart, line, earlier, returned, milli) : null;
    const cardShare = pieces
      ? pieces.reduce((s, piece) => s + piece.share, 0)
      : share(cardOf[index]!, (r) => r.cardShare);
    const balanceShare = share(balanceOf[index]!, (r) => r.balanceShare);
    return {
      draftId: draft.id,
      returnKey,
      lineNo: line.lineNo,
      quantityMilli: milli,
      earnBack: share(line.earn, (r) => r.earnBack),
      spendBack: share(line.spend, (r) => r.spendBack),
      withheld: 0,
      cardShare,
      balanceShare,
      cardBack: cardShare,
      balanceBack: balanceShare,
      gatewayItems: pieces,
      createdAt: now,
    };
  });
}

/** Each line's balance part beside the bank cart's positions: its money less what they hold (a 409 if off). */
function balanceBesideCart(lines: LineRow[], money: number[], cart: CartPosition[], extraSpend: number) {
  const balance = lines.map((line, i) => {
    const held = cart.filter((p) => p.line === line.lineNo).reduce((s, p) => s + p.sum, 0);
    return money[i]! - held;
  });
  if (balance.some((b) => b < 0) || balance.reduce((s, b) => s + b, 0) !== extraSpend)
    throw new AppError(
      'OPERATION_STATE',
      'Корзина заказа в банке не сходится со строками оплаты: обратитесь в поддержку',
    );
  return balance;
}

/** The cart's positions this return of a line takes (gateway-cart.ts); a 400 when it cannot state them. */
function cartPieces(
  cart: CartPosition[],
  line: LineRow,
  earlier: PaymentReturnRow[],
  returnedMilli: number,
  milli: number,
): RefundPiece[] {
  const consumed = consumedOf(earlier.flatMap((r) => r.gatewayItems ?? []));
  const positions = cart.filter((p) => p.line === line.lineNo);
  const pieces = piecesOfReturn(positions, consumed, { ...line, returnedMilli }, milli);
  if (typeof pieces === 'string') throw invalid(pieces);
  return pieces;
}

/**
 * The return's posting `payment-return:<key>:<draft>`: the spend back (`bonus_spent` -> customer), the earn back
 * first from a still pending earn, then from the balance as far as it goes (the spend given back counts); the rest
 * is withheld from the lines' money in order (the bank's part first, then the balance's; a line withholds no
 * more than its money, past that the customer keeps the bonuses), and the balance's part goes back
 * (`money_spent` -> customer `money`). Sets `withheld`, `cardBack` and `balanceBack`; answers the posting's id.
 */
export async function postPaymentReturn(
  tx: Db,
  draft: DraftRow,
  returnKey: string,
  planned: PaymentReturnRow[],
): Promise<string | null> {
  const spendBack = planned.reduce((s, r) => s + r.spendBack, 0);
  const earnBack = planned.reduce((s, r) => s + r.earnBack, 0);
  const fromPending = earnBack > 0 ? await cutPending(tx, [settlementKey('payment', draft.id)], earnBack) : 0;
  const rest = earnBack - fromPending;
  const fromBalance = Math.min(rest, (await balancesOf(tx, draft.userId)).bonus + spendBack);
  let shortfall = rest - fromBalance;
  for (const row of planned) {
    const asked = Math.min(shortfall, row.earnBack, row.cardShare + row.balanceShare);
    let fromCard = Math.min(asked, row.cardShare);
    if (row.gatewayItems) {
      // Off the bank cart's pieces, each keeping an amount its quantity states (decision 086); the kopecks a
      // piece cannot give up come off the balance's part instead, as far as it goes.
      const fitted = withheldFromPieces(row.gatewayItems, fromCard);
      row.gatewayItems = fitted.pieces;
      fromCard = fitted.withheld;
    }
    const fromBalanceShare = Math.min(asked - fromCard, row.balanceShare);
    row.withheld = fromCard + fromBalanceShare;
    shortfall -= row.withheld;
    row.cardBack = row.cardShare - fromCard;
    row.balanceBack = row.balanceShare - fromBalanceShare;
  }
  const balanceBack = planned.reduce((s, r) => s + r.balanceBack, 0);
  const accounts = await customerAccounts(tx, draft.userId);
  const entries: LedgerEntryInput[] = [];
  if (spendBack > 0) entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_spent, amount: kopecks(-spendBack) });
  if (fromPending + fromBalance > 0)
    entries.push({ accountId: SYSTEM_ACCOUNTS.bonus_issued, amount: kopecks(fromPending + fromBalance) });
  if (fromPending > 0)
    entries.push({ accountId: await pendingAccount(tx, draft.userId), amount: kopecks(-fromPending) });
  const net = spendBack - fromBalance;
  if (net !== 0) entries.push({ accountId: accounts.bonus, amount: kopecks(net) });
  if (balanceBack > 0) {
    entries.push({ accountId: SYSTEM_ACCOUNTS.money_spent, amount: kopecks(-balanceBack) });
    entries.push({ accountId: accounts.money, amount: kopecks(balanceBack) });
  }
  if (entries.length === 0) return null;
  const posted = await postTransaction(tx, {
    idempotencyKey: postingKey('payment_return', returnKey, draft.id),
    kind: 'payment_return',
    entries,
    // The spend given back returns to the lots the payment's hold took, with their own expiry (decision 030).
    restores: holdKey('payment', draft.id),
  });
  return posted.transactionId;
}
