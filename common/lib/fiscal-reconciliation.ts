/**
 * The fiscal reconciliation's explanations (decision 083), zod-free so the contract, the CSV and the console
 * share them and say the same words.
 */

export const FISCAL_GAP_REASONS = ['tillMode', 'pending', 'failed', 'unmatched'] as const;
export type FiscalGapReason = (typeof FISCAL_GAP_REASONS)[number];

export const FISCAL_GAP_TEXT: Record<FiscalGapReason, string> = {
  tillMode:
    'Не применяется: фискализация «кассой магазина» — чеки печатает касса магазина, сайт их не выдаёт',
  pending: 'Часть чеков ещё в очереди: задание отправит их и сверка сойдётся',
  failed: 'Часть чеков провайдер отклонил: повторите их в разделе «Фискальные чеки»',
  unmatched:
    'Деньги без чека или чек без денег: например, оплаты до включения фискализации или при смене режима',
};

/** The reasons in one line, for a CSV cell or a table cell. */
export const fiscalGapNote = (reasons: readonly FiscalGapReason[]) =>
  reasons.map((reason) => FISCAL_GAP_TEXT[reason]).join('; ');
