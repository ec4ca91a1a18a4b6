import type { LegalGroup, VatRate } from '#common/lib/catalogue-vocabulary';

/*
 * A CSV cell as people and ERPs write it (decision 060), read into the contract's values. Each reader answers
 * the value, or a string saying what it could not read.
 */

export type Read<T> = { ok: T } | { problem: string };

const VAT_BY_PERCENT: Record<string, VatRate> = {
  '0': 'VAT0',
  '5': 'VAT5',
  '7': 'VAT7',
  '10': 'VAT10',
  '20': 'VAT20',
  '22': 'VAT22',
};

/** "20%", "22", "НДС 10%", "10/110", "VAT22", "без НДС", "" (none). */
export function readVat(cell: string): Read<VatRate> {
  const text = cell.trim().toLowerCase();
  if (text === '' || text.includes('без') || text === 'none' || text === 'нет') return { ok: 'NONE' };
  const percent = /^(?:ндс|vat)?\s*(\d{1,2})(?:[.,]0+)?\s*%?(?:\s*\/\s*1\d\d)?$/.exec(text)?.[1];
  const rate = percent === undefined ? undefined : VAT_BY_PERCENT[String(Number(percent))];
  if (rate) return { ok: rate };
  return { problem: `НДС «${cell.trim()}»: ждём 22%, 20%, 10%, 7%, 5%, 0% или «без НДС»` };
}

const YES = new Set(['да', 'д', 'yes', 'y', 'true', '1', '+', 'x', 'х', 'истина']);
const NO = new Set(['', 'нет', 'н', 'no', 'n', 'false', '0', '-', 'ложь']);

/** "да"/"нет", "1"/"0", "true"/"false", "+", "x"; an empty cell is no. */
export function readFlag(cell: string, column: string): Read<boolean> {
  const text = cell.trim().toLowerCase();
  if (YES.has(text)) return { ok: true };
  if (NO.has(text)) return { ok: false };
  return { problem: `${column} «${cell.trim()}»: ждём «да» или «нет»` };
}

const LEGAL_BY_WORD: [RegExp, LegalGroup][] = [
  [/^(tobacco|табак|табачн|никотин|сигарет)/, 'TOBACCO'],
  [/^(alcohol|алкогол|спиртн)/, 'ALCOHOL'],
  [/^(infant_formula|infant formula|детское питание|детские смеси|детская смесь|смеси)/, 'INFANT_FORMULA'],
];

/** "табак", "алкоголь", "детское питание", TOBACCO / ALCOHOL / INFANT_FORMULA; an empty cell is none. */
export function readLegalGroup(cell: string): Read<LegalGroup | null> {
  const text = cell.trim().toLowerCase().replace(/ё/g, 'е');
  if (text === '') return { ok: null };
  const found = LEGAL_BY_WORD.find(([pattern]) => pattern.test(text));
  if (found) return { ok: found[1] };
  return { problem: `Группа «${cell.trim()}»: ждём «табак», «алкоголь» или «детское питание»` };
}

/** "89,90", "1 234.50", "150 ₽"; an empty cell is no price. */
export function readPrice(cell: string): Read<number | null> {
  const text = cell.replace(/[\s\u00a0]|₽|руб\.?/g, '');
  if (text === '') return { ok: null };
  if (/^\d+([.,]\d{1,2})?$/.test(text)) return { ok: Number(text.replace(',', '.')) };
  return { problem: `Цена «${cell.trim()}»: ждём число с копейками через запятую, например 89,90` };
}

/** Barcodes separated by spaces, commas, ';' or '|'. */
export const readBarcodes = (cell: string) => cell.split(/[\s,;|]+/).filter(Boolean);

/** A cell that names nothing is null (a category's parent, an item's category). */
export const orNull = (cell: string | undefined) => (cell?.trim() ? cell.trim() : null);
