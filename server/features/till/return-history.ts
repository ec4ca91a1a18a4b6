import { emitLevelChange, type LevelDeps } from '#server/core/events/level-changed';
import { emitEvent } from '#server/core/events/emit';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { operations } from '#server/db/schema/cabinet';
import { receiptLines } from '#server/db/schema/catalogue';
import type { ReceiptSource } from '#server/core/receipt/receipt-rows';
import { loadPoint, type TillOperationRow } from './operation-rows';

/** What a return's history row needs of each returned line (`till_return_lines`, `payment_return_lines`). */
interface ReturnedLine {
  lineNo: number;
  quantityMilli: number;
  earnBack: number;
  spendBack: number;
  withheld: number;
}

/** Whose lines came back: a till operation's, or a site payment's (decision 084). */
export interface ReturnSubject {
  source: ReceiptSource;
  id: string;
  userId: string;
  retailPointId: number;
}

export const tillSubject = (op: TillOperationRow): ReturnSubject => ({
  source: 'till',
  id: op.id,
  userId: op.userId,
  retailPointId: op.retailPointId,
});

/**
 * The customer's history row of a partial return (decision 063): «Возврат товаров» at the point, the returned
 * goods' money as its sum (each line's sum in proportion to the quantity returned, to the kopeck), the bonuses
 * given back as what it credits, and the bonuses taken back (less what the till withheld from the money) as what
 * it debits. Without it a customer's balance would change with nothing in their history to say why.
 */
export async function recordReturn(
  deps: LevelDeps,
  tx: Db,
  op: ReturnSubject,
  planned: readonly ReturnedLine[],
  transactionId: string | null,
  now: Date,
) {
  const lines = await tx
    .select({ lineNo: receiptLines.lineNo, sum: receiptLines.sum, quantityMilli: receiptLines.quantityMilli })
    .from(receiptLines)
    .where(
      and(
        eq(receiptLines.source, op.source),
        eq(receiptLines.operationId, op.id),
        inArray(
          receiptLines.lineNo,
          planned.map((row) => row.lineNo),
        ),
      ),
    );
  const byNo = new Map(lines.map((line) => [line.lineNo, line]));
  const money = planned.reduce((total, row) => {
    const line = byNo.get(row.lineNo)!;
    return total + Math.round((line.sum * row.quantityMilli) / line.quantityMilli);
  }, 0);
  const point = await loadPoint(tx, op.retailPointId);
  const [row] = await tx
    .insert(operations)
    .values({
      userId: op.userId,
      place: point.title,
      occurredAt: now,
      amount: money,
      amountEarn: planned.reduce((total, row) => total + row.spendBack, 0),
      amountSpend: planned.reduce((total, row) => total + row.earnBack - row.withheld, 0),
      state: 'PROCESSED',
      type: 'RETURN',
      transactionId,
    })
    .returning({ id: operations.id, amountEarn: operations.amountEarn, amountSpend: operations.amountSpend });
  await emitEvent(deps.db, tx, {
    type: 'operation.refunded',
    memberId: op.userId,
    payload: {
      memberId: op.userId,
      ...(op.source === 'till' ? { tillOperationId: op.id } : { draftId: op.id }),
      operationId: row!.id,
      whole: false,
      sum: money,
      spendReturned: row!.amountEarn,
      earnTaken: row!.amountSpend,
      at: now.toISOString(),
    },
    at: now,
  });
  await emitLevelChange(deps, tx, { memberId: op.userId, delta: -money, reason: 'return', at: now });
}
