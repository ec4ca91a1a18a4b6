import { and, asc, eq } from 'drizzle-orm';
import type { ReturnLineItem, TillReturnItem } from '#common/contract/till-returns';
import type { ReceiptSource } from '#server/core/receipt/receipt-rows';
import type { Db } from '#server/db/client';
import { receiptLines } from '#server/db/schema/catalogue';
import { AppError } from '#server/errors';

/**
 * A return's items as line numbers (decision 063): the till names a line by its number, or the goods by the SKU
 * or barcode the cashier scans back. Goods name their line only when exactly one line of the receipt carries
 * them; a receipt with the same goods on two lines asks for the line's number, since the two lines may differ in
 * price and bonuses. `source`: a till operation's receipt, or a site payment's (decision 084).
 */
export async function returnLineItems(
  db: Db,
  operationId: string,
  items: readonly TillReturnItem[],
  source: ReceiptSource = 'till',
): Promise<ReturnLineItem[]> {
  if (items.every((item) => item.line !== undefined)) {
    return items.map((item) => ({ line: item.line!, quantity: item.quantity }));
  }
  const lines = await db
    .select({ lineNo: receiptLines.lineNo, sku: receiptLines.sku, barcode: receiptLines.barcode })
    .from(receiptLines)
    .where(and(eq(receiptLines.source, source), eq(receiptLines.operationId, operationId)))
    .orderBy(asc(receiptLines.lineNo));
  return items.map((item) => {
    if (item.line !== undefined) return { line: item.line, quantity: item.quantity };
    const [field, code] =
      item.sku !== undefined ? (['sku', item.sku] as const) : (['barcode', item.barcode!] as const);
    const found = lines.filter((line) => line[field] === code);
    const what = field === 'sku' ? `Товара с артикулом ${code}` : `Товара со штрихкодом ${code}`;
    if (found.length === 0) throw new AppError('RETURN_INVALID', `${what} в чеке нет`);
    if (found.length > 1) {
      const numbers = found.map((line) => line.lineNo).join(', ');
      throw new AppError(
        'RETURN_INVALID',
        `${field === 'sku' ? `Артикул ${code}` : `Штрихкод ${code}`} — в строках ${numbers}: укажите номер строки`,
      );
    }
    return { line: found[0]!.lineNo, quantity: item.quantity };
  });
}
