import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatKopecks } from '#common/lib/format';
import { kopecks, type Kopecks } from '#server/core/money';
import { readReceiptLines, type ReceiptLine } from '#server/core/receipt/lines';
import { planLines, spreadSpend } from '#server/core/receipt/plan';
import type { Db } from '#server/db/client';
import { paymentDrafts, paymentReceipts } from '#server/db/schema/payments';
import { AppError, notFound } from '#server/errors';

/**
 * A shop payment that pays a till's receipt (decision 069). The receipt is read from our table, never from the
 * customer's browser: the draft only names it, and must be for its point and sum, in time, and not paid.
 */

/** A draft in one of these states holds or has paid its receipt. */
const PAYING_STATES = ['processing', 'paid', 'completed'] as const;

const paidError = () =>
  new AppError('RECEIPT_PAID', 'Этот чек уже оплачен: для новой покупки кассир выбьет новый чек');

/** Whether a draft other than `draftId` is paying or has paid the receipt. */
async function paidElsewhere(db: Db, receiptId: string, draftId: string | undefined) {
  const [row] = await db
    .select({ id: paymentDrafts.id })
    .from(paymentDrafts)
    .where(
      and(
        eq(paymentDrafts.receiptId, receiptId),
        inArray(paymentDrafts.state, [...PAYING_STATES]),
        draftId ? ne(paymentDrafts.id, draftId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface DraftReceiptRequest {
  receiptId: string;
  retailPointId: number;
  paySum: Kopecks;
  now: Date;
  /** The draft being recomputed (it may hold its own receipt). */
  draftId?: string | undefined;
}

/**
 * The receipt's lines as the programme reads them, after its checks: the point and the sum are the draft's
 * (a 409 naming which differs), it is not past its time, and no other payment holds or has paid it.
 */
export async function readDraftReceipt(db: Db, request: DraftReceiptRequest): Promise<ReceiptLine[]> {
  const [receipt] = await db.select().from(paymentReceipts).where(eq(paymentReceipts.id, request.receiptId));
  if (!receipt) throw notFound('Чек не найден: попросите кассира показать QR-код ещё раз');
  if (receipt.retailPointId !== request.retailPointId) {
    throw new AppError('RECEIPT_MISMATCH', 'Этот чек выбит в другой точке');
  }
  if (receipt.sum !== request.paySum) {
    throw new AppError(
      'RECEIPT_MISMATCH',
      `Сумма чека — ${formatKopecks(receipt.sum)}, а к оплате — ${formatKopecks(request.paySum)}`,
    );
  }
  if (receipt.expiresAt.getTime() <= request.now.getTime()) throw expiredError();
  if (await paidElsewhere(db, receipt.id, request.draftId)) throw paidError();
  return readReceiptLines(db, receipt.items);
}

const expiredError = () =>
  new AppError(
    'RECEIPT_EXPIRED',
    'Время оплаты этого чека истекло: попросите кассира показать QR-код ещё раз',
  );

/** The lines with the spend spread over them and no earn (paid at the till, or a blocked card). */
export const plannedWithoutEarn = (lines: readonly ReceiptLine[], spend: number, maxSpendPercent: number) =>
  planLines(
    lines,
    maxSpendPercent,
    spreadSpend(lines, spend, maxSpendPercent),
    lines.map(() => kopecks(0)),
  );

/**
 * In the transaction that moves a receipt's draft to `processing`: the receipt's row is locked, so two drafts
 * paying one receipt go one after the other, and the second finds the first (a 409 that rolls its hold back).
 * A receipt past its time is not paid either.
 */
export async function claimReceipt(tx: Db, draft: { id: string; receiptId: string | null }, now: Date) {
  if (!draft.receiptId) return;
  const locked = await tx.execute(
    sql`select expires_at from payment_receipts where id = ${draft.receiptId} for update`,
  );
  const [row] = (locked as unknown as { rows: Array<{ expires_at: string | Date }> }).rows;
  if (row && new Date(row.expires_at).getTime() <= now.getTime()) throw expiredError();
  if (await paidElsewhere(tx, draft.receiptId, draft.id)) throw paidError();
}
