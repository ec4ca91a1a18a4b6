import type { FiscalRow, ReportFiscal } from '#common/contract/report-fiscal';
import type { FiscalMode } from '#common/lib/fiscal-vocabulary';
import { fiscalGapNote } from '#common/lib/fiscal-reconciliation';
import { csvMoney, csvText } from '#server/lib/csv';

/**
 * The report CSV's fiscal reconciliation (decision 083): the period's money by source, its receipts by state and
 * the difference as rows, then the same a row per day.
 */
const rub = (kopecks: number) => csvMoney(kopecks / 100);
const difference = (row: FiscalRow) => (row.difference === null ? 'не применяется' : rub(row.difference));

const MODE_TEXT: Record<FiscalMode, string> = {
  till: 'кассой магазина',
  gateway: 'платёжным шлюзом',
  cloud: 'облачной кассой',
};

const DAY_HEADER = [
  'День',
  'Оплаты на сайте картой и СБП, ₽',
  'Подарочные карты на сайте, ₽',
  'Сохранённой картой на кассе, ₽',
  'Деньги картой и СБП, ₽',
  'Чеки выданы, ₽',
  'Чеки в очереди, ₽',
  'Чеки отклонены, ₽',
  'Разница, ₽',
  'Пояснение',
];

const dayCells = (row: FiscalRow) => [
  rub(row.money.shop),
  rub(row.money.giftCards),
  rub(row.money.tillCard),
  rub(row.money.total),
  rub(row.receipts.issued),
  rub(row.receipts.pending),
  rub(row.receipts.failed),
  difference(row),
  csvText(fiscalGapNote(row.reasons)),
];

export function fiscalCsvRows(fiscal: ReportFiscal | null): string[][] {
  if (!fiscal) return [];
  const t = fiscal.total;
  return [
    [],
    ['Сверка денег с фискальными чеками (54-ФЗ)'],
    ['Чеки выдаёт', MODE_TEXT[fiscal.mode]],
    ['Оплаты на сайте картой и СБП, ₽', rub(t.money.shop)],
    ['Подарочные карты на сайте, ₽', rub(t.money.giftCards)],
    ['Сохранённой картой на кассе за вычетом возвратов, ₽', rub(t.money.tillCard)],
    ['Деньги картой и СБП всего, ₽', rub(t.money.total)],
    ['Чеки выданы (приход − возврат прихода), ₽', rub(t.receipts.issued)],
    ['Чеки в очереди, ₽', rub(t.receipts.pending)],
    ['Чеки отклонены, ₽', rub(t.receipts.failed)],
    ['Разница (деньги − выданные чеки), ₽', difference(t)],
    ['Пояснение', csvText(fiscalGapNote(t.reasons))],
    [],
    DAY_HEADER,
    ...fiscal.days.map((d) => [d.day.split('-').reverse().join('.'), ...dayCells(d)]),
    ['Итого', ...dayCells(t)],
  ];
}
