import { count, desc, eq } from 'drizzle-orm';
import { OPERATIONS_PAGE_SIZE, type OperationsPage } from '../../../common/contract/cabinet';
import type { Db } from '../../db/client';
import { operations } from '../../db/schema/cabinet';
import { toRoubles } from '../../lib/money';

/** One page of the customer's history, newest first (ties by id, so pages never repeat or skip a row). */
export async function listOperations(db: Db, userId: string, page: number): Promise<OperationsPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(operations)
      .where(eq(operations.userId, userId))
      .orderBy(desc(operations.occurredAt), desc(operations.id))
      .limit(OPERATIONS_PAGE_SIZE)
      .offset((page - 1) * OPERATIONS_PAGE_SIZE),
    db.select({ total: count() }).from(operations).where(eq(operations.userId, userId)),
  ]);
  return {
    operations: rows.map((row) => ({
      id: row.id,
      place: row.place,
      date: row.occurredAt.toISOString(),
      amountEarn: toRoubles(row.amountEarn),
      amountSpend: toRoubles(row.amountSpend),
      amountSpendExtra: toRoubles(row.amountSpendExtra),
      amount: toRoubles(row.amount),
      state: row.state,
      type: row.type,
    })),
    page,
    pageSize: OPERATIONS_PAGE_SIZE,
    total: counted?.total ?? 0,
  };
}
