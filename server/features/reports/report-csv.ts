import type { PaymentSplit, Report } from '#common/contract/reports';
import { csvMoney, csvText } from '#server/lib/csv';
import { fiscalCsvRows } from './report-fiscal-csv';

/**
 * The report as a CSV Excel opens by a double click, the data export's way (docs/decisions/028): UTF-8 with a
 * byte-order mark, ';', decimal commas, CRLF, text fields defused against formulas (csvText). A row per day and
 * their sum, then the period's totals (every movement of the ledger), then the payments and bonuses by point,
 * then the receipt lines by category (decision 068), then the money against the fiscal receipts (decision 083).
 */
const rub = (kopecks: number) => csvMoney(kopecks / 100);
const split = (p: PaymentSplit) => [
  String(p.count),
  rub(p.total),
  rub(p.bonuses),
  rub(p.money),
  rub(p.card),
  rub(p.sbp),
  rub(p.giftCards),
  rub(p.till),
];
const SPLIT_HEADER = [
  'Платежей',
  'Сумма платежей, ₽',
  'Бонусами, ₽',
  'С баланса, ₽',
  'Картой, ₽',
  'СБП, ₽',
  'Подарочными картами, ₽',
  'На кассе иначе, ₽',
];

export function reportCsv(report: Report): string {
  const rows: string[][] = [
    [
      'День',
      'Новые участники',
      'Активные участники',
      'Начислено бонусов',
      'Списано бонусов',
      'Продано подарочных карт, ₽',
      'Погашено подарочными картами, ₽',
      ...SPLIT_HEADER,
    ],
    ...report.days.map((d) => [
      d.day.split('-').reverse().join('.'),
      String(d.newMembers),
      String(d.activeMembers),
      rub(d.bonusesIssued),
      rub(d.bonusesSpent),
      rub(d.giftCardsSold),
      rub(d.giftCardsRedeemed),
      ...split(d.payments),
    ]),
  ];
  const t = report.totals;
  // The per-day table's own sums under it, in its columns (active members are not a sum of days).
  const sum = (pick: (d: Report['days'][number]) => number) => report.days.reduce((a, d) => a + pick(d), 0);
  rows.push([
    'Итого',
    String(t.newMembers),
    String(t.activeMembers),
    rub(sum((d) => d.bonusesIssued)),
    rub(sum((d) => d.bonusesSpent)),
    rub(sum((d) => d.giftCardsSold)),
    rub(sum((d) => d.giftCardsRedeemed)),
    ...split(t.payments),
  ]);
  // Every movement of the ledger's pools, each adding up: opening + in − out = outstanding (decision 047).
  rows.push(
    [],
    ['Итого за период'],
    ['Новые участники', String(t.newMembers)],
    ['Активные участники', String(t.activeMembers)],
    ['Бонусы на начало периода', rub(t.bonuses.opening)],
    ['Начислено бонусов', rub(t.bonuses.issued)],
    ['Начислено вручную', rub(t.bonuses.adjusted)],
    ['Списано бонусов', rub(t.bonuses.spent)],
    ['Сгорело бонусов', rub(t.bonuses.expired)],
    ['Аннулировано при удалении аккаунтов', rub(t.bonuses.forfeited)],
    ['Бонусы на конец периода (обязательства)', rub(t.bonuses.outstanding)],
    ['Баланс участников на начало периода, ₽', rub(t.money.opening)],
    ['Зачислено на баланс, ₽', rub(t.money.credited)],
    ['Списано с баланса, ₽', rub(t.money.spent)],
    ['Аннулировано с баланса при удалении аккаунтов, ₽', rub(t.money.forfeited)],
    ['Баланс участников на конец периода, ₽', rub(t.money.outstanding)],
    ['Остаток на подарочных картах на начало периода, ₽', rub(t.giftCards.opening)],
    ['Продано подарочных карт, ₽', rub(t.giftCards.sold)],
    ['Погашено подарочными картами, ₽', rub(t.giftCards.redeemed)],
    ['Переведено с подарочных карт на баланс, ₽', rub(t.giftCards.addedToBalance)],
    ['Остаток на подарочных картах на конец периода, ₽', rub(t.giftCards.outstanding)],
    [],
    ['Точка', ...SPLIT_HEADER, 'Начислено бонусов', 'Списано бонусов'],
    ...report.byPoint.map((p) => [
      csvText(p.title || `№ ${p.retailPointId}`),
      ...split(p),
      rub(p.bonusesIssued),
      rub(p.bonusesSpent),
    ]),
    // The points' bonuses summed: the programme's own (welcome, birthday, by hand) have no point (decision 068).
    [
      'Все точки',
      ...split(t.payments),
      rub(report.byPoint.reduce((a, p) => a + p.bonusesIssued, 0)),
      rub(report.byPoint.reduce((a, p) => a + p.bonusesSpent, 0)),
    ],
    ...categoryRows(report),
    ...fiscalCsvRows(report.fiscal),
  );
  return `\uFEFF${rows.map((row) => row.join(';')).join('\r\n')}\r\n`;
}

/** The receipt lines by category and their sum, after an empty row; nothing when no receipt had lines. */
function categoryRows(report: Report): string[][] {
  if (!report.byCategory.length) return [];
  const c = report.byCategory;
  const sum = (pick: (x: (typeof c)[number]) => number) => c.reduce((a, x) => a + pick(x), 0);
  return [
    [],
    ['Категория', 'Строк чеков', 'Сумма товаров, ₽', 'Начислено бонусов', 'Списано бонусов'],
    ...c.map((x) => [
      csvText(x.title),
      String(x.lines),
      rub(x.goodsSum),
      rub(x.bonusesEarned),
      rub(x.bonusesSpent),
    ]),
    [
      'Все категории',
      String(sum((x) => x.lines)),
      rub(sum((x) => x.goodsSum)),
      rub(sum((x) => x.bonusesEarned)),
      rub(sum((x) => x.bonusesSpent)),
    ],
  ];
}
