import type { z } from 'zod';
import {
  CATALOGUE_ERRORS_SHOWN,
  categoryInputSchema,
  itemInputSchema,
  type CategoryInput,
  type ItemInput,
} from '#common/contract/catalogue';
import { AppError } from '#server/errors';
import type { CsvRecord } from './csv';
import { orNull, readBarcodes, readFlag, readLegalGroup, readPrice, readVat, type Read } from './csv-values';

/** Each column the import reads, by the names a header may give it (English or Russian, any case). */
const COLUMNS = {
  sku: ['sku', 'артикул', 'код товара'],
  id: ['id', 'код'],
  parent: ['parent', 'parent_id', 'parentid', 'родитель', 'код родителя', 'родительская категория'],
  name: ['name', 'наименование', 'название', 'имя'],
  category: ['category', 'category_id', 'categoryid', 'категория', 'код категории'],
  barcodes: ['barcodes', 'barcode', 'ean', 'штрихкоды', 'штрихкод', 'штрих-коды', 'штрих-код', 'штрих коды'],
  vat: ['vat', 'vat_rate', 'vatrate', 'ндс', 'ставка ндс'],
  price: ['price', 'list_price', 'цена', 'цена продажи', 'розничная цена'],
  noEarn: ['no_earn', 'noearn', 'не начислять'],
  noSpend: ['no_spend', 'nospend', 'не списывать'],
  legalGroup: ['legal_group', 'legalgroup', 'группа', 'юридическая группа'],
} as const;
type Column = keyof typeof COLUMNS;

/** What a refused file's rows say, the first 20 of them. */
export interface RowProblem {
  row: number;
  reason: string;
}

const normalise = (header: string) =>
  header
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/\s+/g, ' ');

/** Where each known column stands in the header; a column the import does not know is left alone. */
function columnsOf(header: string[]) {
  const at = new Map<Column, number>();
  header.forEach((cell, i) => {
    const name = normalise(cell);
    const column = (Object.keys(COLUMNS) as Column[]).find((c) =>
      (COLUMNS[c] as readonly string[]).includes(name),
    );
    if (column && !at.has(column)) at.set(column, i);
  });
  return at;
}

const FIELD_NAMES: Record<string, string> = {
  sku: 'Артикул',
  id: 'Код',
  parentId: 'Родитель',
  name: 'Наименование',
  categoryId: 'Категория',
  barcodes: 'Штрихкоды',
};

function schemaProblem(error: z.ZodError) {
  const issue = error.issues[0]!;
  const field = FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0] ?? '');
  const index = typeof issue.path[1] === 'number' ? ` ${issue.path[1] + 1}` : '';
  return `${field}${index}: ${issue.message}`;
}

/** The row's value of each reader, or the first problem. */
function readAll<T extends Record<string, unknown>>(reads: { [K in keyof T]: Read<T[K]> }): Read<T> {
  const out: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(reads) as [string, Read<unknown>][]) {
    if ('problem' in read) return read;
    out[key] = read.ok;
  }
  return { ok: out as T };
}

function itemOf(cell: (c: Column) => string): Read<ItemInput> {
  const read = readAll({
    vatRate: readVat(cell('vat')),
    price: readPrice(cell('price')),
    noEarn: readFlag(cell('noEarn'), 'Не начислять'),
    noSpend: readFlag(cell('noSpend'), 'Не списывать'),
    legalGroup: readLegalGroup(cell('legalGroup')),
  });
  if ('problem' in read) return read;
  const parsed = itemInputSchema.safeParse({
    sku: cell('sku'),
    name: cell('name'),
    categoryId: orNull(cell('category')),
    barcodes: readBarcodes(cell('barcodes')),
    ...read.ok,
  });
  return parsed.success ? { ok: parsed.data } : { problem: schemaProblem(parsed.error) };
}

function categoryOf(cell: (c: Column) => string): Read<CategoryInput> {
  const read = readAll({
    noEarn: readFlag(cell('noEarn'), 'Не начислять'),
    noSpend: readFlag(cell('noSpend'), 'Не списывать'),
    legalGroup: readLegalGroup(cell('legalGroup')),
  });
  if ('problem' in read) return read;
  const parsed = categoryInputSchema.safeParse({
    id: cell('id'),
    parentId: orNull(cell('parent')),
    name: cell('name'),
    ...read.ok,
  });
  return parsed.success ? { ok: parsed.data } : { problem: schemaProblem(parsed.error) };
}

/** Refuses the whole file (400, nothing written) listing its first bad rows. */
export function refuseRows(problems: RowProblem[]): never {
  const shown = problems.slice(0, CATALOGUE_ERRORS_SHOWN);
  const more = problems.length > shown.length ? `; всего строк с ошибками: ${problems.length}` : '';
  throw new AppError(
    'VALIDATION',
    `Файл не загружен, ничего не изменилось. ${shown.map((p) => `Строка ${p.row}: ${p.reason}`).join('. ')}${more}`,
    { fields: Object.fromEntries(shown.map((p) => [`row ${p.row}`, p.reason])) },
  );
}

/** Notes a code seen twice in the file, with the row that had it first. */
function firstSeen() {
  const rows = new Map<string, number>();
  return (code: string, row: number) => {
    const before = rows.get(code);
    if (before === undefined) rows.set(code, row);
    return before;
  };
}

/**
 * The file's rows as the load's input: an items file (it has a column sku/Артикул) or a categories file (id/Код
 * and no SKU). Every bad row is found before any is written; the file is refused with the first 20.
 */
export function rowsOf(records: CsvRecord[]) {
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new AppError('VALIDATION', 'В файле нет строк под заголовком');
  const at = columnsOf(header.fields);
  const kind = at.has('sku') ? 'items' : at.has('id') ? 'categories' : null;
  if (!kind || !at.has('name')) {
    throw new AppError(
      'VALIDATION',
      'В первой строке ждём заголовки: Артикул (sku) и Наименование (name) для товаров, Код (id) и Наименование для категорий',
    );
  }
  const problems: RowProblem[] = [];
  const items: ItemInput[] = [];
  const categories: CategoryInput[] = [];
  const codeSeen = firstSeen();
  const barcodeSeen = firstSeen();
  for (const { row, fields } of rows) {
    const cell = (c: Column) => {
      const i = at.get(c);
      return i === undefined ? '' : (fields[i] ?? '');
    };
    const read = kind === 'items' ? itemOf(cell) : categoryOf(cell);
    if ('problem' in read) {
      problems.push({ row, reason: read.problem });
      continue;
    }
    const code = 'sku' in read.ok ? read.ok.sku : read.ok.id;
    const twice = codeSeen(code, row);
    if (twice !== undefined) problems.push({ row, reason: `код ${code} уже был в строке ${twice}` });
    else if ('sku' in read.ok) {
      const item = read.ok;
      const clash = [...new Set(item.barcodes)].find((b) => barcodeSeen(b, row) !== undefined);
      if (clash)
        problems.push({ row, reason: `штрихкод ${clash} уже был в строке ${barcodeSeen(clash, row)}` });
      else items.push(item);
    } else categories.push(read.ok);
  }
  if (problems.length) refuseRows(problems);
  return { kind, items, categories } as const;
}
