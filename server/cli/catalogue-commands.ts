import { readFileSync } from 'node:fs';
import {
  importCatalogueCsv,
  listCatalogueCategories,
  listCatalogueItems,
  putCatalogueBatch,
  type CatalogueItem,
  type CatalogueLoadResult,
} from '#common/contract/catalogue';
import type { OperatorClient } from './operator-client';
import { UsageError } from './usage-error';

export const CATALOGUE_USAGE =
  'catalogue import <file.csv> | load <file.json> | categories | find [<text>] [--category <code>]';

const countsText = ({ created, updated, unchanged }: CatalogueLoadResult['items']) =>
  `${created} created, ${updated} updated, ${unchanged} unchanged`;

const loadText = (result: CatalogueLoadResult) =>
  `Categories: ${countsText(result.categories)}. Items: ${countsText(result.items)}. ` +
  `Barcodes moved: ${result.barcodesMoved}.`;

const flags = (item: Pick<CatalogueItem, 'noEarn' | 'noSpend' | 'legalGroup'>) =>
  [item.legalGroup, item.noEarn && 'no earn', item.noSpend && 'no spend'].filter(Boolean).join(', ');

export const itemLine = (item: CatalogueItem) =>
  [
    item.sku,
    item.categoryId ?? '-',
    item.price === null ? '' : `${item.price} ₽`,
    item.vatRate,
    flags(item),
    item.barcodes.join(','),
    item.name,
  ]
    .filter(Boolean)
    .join('  ');

/** `--name value` from the arguments, or undefined. */
function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The search text: the first argument that is neither an option nor an option's value. */
const searchText = (args: string[]) =>
  args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));

/**
 * The chain's catalogue from the command line (decision 060): a CSV as Excel saves it (the console's «Загрузить
 * файл»), the ERP's JSON batch, the category tree and a search. Every page of a search is printed.
 */
export async function catalogueCommand(api: OperatorClient, args: string[], print: (line: string) => void) {
  const [action, file] = args;
  switch (action) {
    case 'import': {
      if (!file) throw new UsageError('catalogue import needs a CSV file');
      const data = readFileSync(file).toString('base64');
      const result = await api.call(importCatalogueCsv, { body: { data } });
      return print(`Loaded ${result.kind} from ${file}. ${loadText(result)}`);
    }
    case 'load': {
      if (!file)
        throw new UsageError('catalogue load needs a JSON file {"categories": [...], "items": [...]}');
      const body = JSON.parse(readFileSync(file, 'utf8')) as never;
      return print(loadText(await api.call(putCatalogueBatch, { body })));
    }
    case 'categories': {
      const all = await api.call(listCatalogueCategories);
      if (all.length === 0) return print('No categories.');
      return print(
        all
          .map(
            (c) =>
              `${'  '.repeat(c.depth)}${c.id}  ${c.name}  (${c.items})${c.legalGroup ? `  ${c.legalGroup}` : ''}`,
          )
          .join('\n'),
      );
    }
    case 'find':
      return findItems(api, args.slice(1), print);
    default:
      throw new UsageError(CATALOGUE_USAGE);
  }
}

async function findItems(api: OperatorClient, args: string[], print: (line: string) => void) {
  const q = searchText(args);
  const categoryId = option(args, 'category');
  let cursor: string | undefined;
  let total: number;
  do {
    const page = await api.call(listCatalogueItems, {
      query: { ...(q && { q }), ...(categoryId && { categoryId }), ...(cursor && { cursor }) },
    });
    total = page.total;
    if (page.items.length) print(page.items.map(itemLine).join('\n'));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  print(`${total} item(s).`);
}
