import type { ReceiptItem } from '#common/contract/receipt';

/** Two receipts' lines are the same (jsonb reorders an object's keys, so the fields are compared one by one). */
export function sameItems(stored: readonly ReceiptItem[], sent: readonly ReceiptItem[]): boolean {
  const keyOf = (item: ReceiptItem) =>
    JSON.stringify([
      item.sku ?? null,
      item.barcode ?? null,
      item.category ?? null,
      item.name,
      item.quantity,
      item.price,
      item.sum,
      item.discount ?? 0,
    ]);
  return stored.length === sent.length && stored.every((item, i) => keyOf(item) === keyOf(sent[i]!));
}
