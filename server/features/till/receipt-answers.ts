import type { TillOperation } from '#common/contract/till';
import { readLineFigures } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';

/** The operations with their receipts' lines, where they had lines (one query for all; issue 29). */
export async function withLines(db: Db, operations: TillOperation[]): Promise<TillOperation[]> {
  const figures = await readLineFigures(
    db,
    'till',
    operations.map((operation) => operation.operationId),
  );
  return operations.map((operation) => ({ ...operation, lines: figures.get(operation.operationId) ?? null }));
}

export const withLinesOne = async (db: Db, operation: TillOperation) =>
  (await withLines(db, [operation]))[0]!;
