import { formatDate, formatTime } from '#common/lib/format';
import type { Operation, PurchaseLine } from '#common/contract/cabinet';
import { csvMoney, csvText } from '#server/lib/csv';

/**
 * The operations as a CSV that Excel in Russia opens correctly by a double click (docs/decisions/028): UTF-8
 * with a byte-order mark (without it Excel reads the bytes as Windows-1251), ';' between fields (the Russian
 * list separator; a ',' would split nothing), a decimal comma, CRLF line ends, and dates as dd.mm.yyyy hh:mm
 * in the brand's time zone.
 */
const HEADER = [
  'Дата',
  'Место',
  'Операция',
  'Статус',
  'Сумма, ₽',
  'Начислено бонусов',
  'Списано бонусов',
  'Списано с баланса, ₽',
  // A purchase's lines (issue 29) in one cell, so each operation stays one row for Excel's filters.
  'Товары',
];

const TYPES: Record<Operation['type'], string> = {
  PAYMENT: 'Покупка',
  CASHBACK: 'Начисление',
  DEPOSIT: 'Пополнение',
  RETURN: 'Возврат товаров',
};
const STATES: Record<Operation['state'], string> = {
  NEW: 'Новая',
  READY: 'В обработке',
  PROCESSED: 'Проведена',
  CANCEL: 'Отменена',
};

const csvDate = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)} ${formatTime(iso, timeZone)}`;

/** «Хлеб × 0,5 — 45,00 ₽»: a quantity by weight with its decimal comma. */
const lineText = (line: PurchaseLine) =>
  `${line.name} × ${String(line.quantity).replace('.', ',')} — ${csvMoney(line.sum)} ₽`;

export function operationsCsv(operations: Operation[], timeZone: string): string {
  const rows = operations.map((op) => [
    csvDate(op.date, timeZone),
    csvText(op.place),
    TYPES[op.type],
    STATES[op.state],
    csvMoney(op.amount),
    csvMoney(op.amountEarn),
    csvMoney(op.amountSpend),
    csvMoney(op.amountSpendExtra),
    csvText(op.lines.map(lineText).join('; ')),
  ]);
  return `\uFEFF${[HEADER, ...rows].map((row) => row.join(';')).join('\r\n')}\r\n`;
}
