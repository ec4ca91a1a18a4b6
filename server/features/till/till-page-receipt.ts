import { eq, inArray, or } from 'drizzle-orm';
import type { ReceiptItem, ReceiptLineFigures } from '#common/contract/receipt';
import { formatAmount, formatKopecks } from '#common/lib/format';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { catalogueBarcodes, catalogueItems } from '#server/db/schema/catalogue';
import { escapeHtml } from '#server/lib/html';
import { quantityText } from './till-page-return';

/**
 * The reference till page's receipt (issue 29): the cashier scans or types the goods, one per line, and the
 * page sends them to the till API as `items`, then shows each operation's lines with their bonuses. A scanner
 * types a barcode and Enter, so a textarea takes a scan per line with no script.
 */

/** The most lines the page takes: the API's own limit is higher, a cashier's form needs no more. */
const PAGE_LINES = 100;

/** `0,347` or `2` -> a number; anything else -> NaN. */
const decimal = (text: string) => (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN);

interface Typed {
  code: string;
  quantity: number;
  price: number | null;
}

/** «штрихкод или артикул [количество] [цена]», or «код*количество». */
function parseLine(text: string): Typed | null {
  const [code, quantityText, priceText, ...rest] = text.replace(/[*×]/g, ' ').trim().split(/\s+/);
  if (!code || rest.length > 0) return null;
  const quantity = quantityText === undefined ? 1 : decimal(quantityText);
  const price = priceText === undefined ? null : decimal(priceText);
  if (Number.isNaN(quantity) || (price !== null && Number.isNaN(price))) return null;
  return { code, quantity, price };
}

async function findGoods(db: Db, codes: string[]) {
  const rows = await db
    .selectDistinct({
      sku: catalogueItems.sku,
      name: catalogueItems.name,
      listPrice: catalogueItems.listPrice,
      barcode: catalogueBarcodes.barcode,
    })
    .from(catalogueItems)
    .leftJoin(catalogueBarcodes, eq(catalogueBarcodes.sku, catalogueItems.sku))
    .where(or(inArray(catalogueItems.sku, codes), inArray(catalogueBarcodes.barcode, codes)));
  const byCode = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    byCode.set(row.sku, row);
    if (row.barcode) byCode.set(row.barcode, row);
  }
  return byCode;
}

/**
 * The typed goods as the API's `items`, named and priced from the catalogue (a typed price wins); the cashier
 * reads what is wrong with which line. Empty text: no items (a sum-only cheque).
 */
export async function readTypedReceipt(
  db: Db,
  text: string,
): Promise<{ items: ReceiptItem[] | undefined; sum: number | null } | { error: string }> {
  const rows = text
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean);
  if (rows.length === 0) return { items: undefined, sum: null };
  if (rows.length > PAGE_LINES) return { error: `Товаров больше ${PAGE_LINES}: разделите чек` };
  const typed = rows.map(parseLine);
  const bad = typed.findIndex((row) => row === null);
  if (bad >= 0)
    return { error: `Строка ${bad + 1}: штрихкод или артикул, затем количество и цену через пробел` };
  const goods = await findGoods(db, [...new Set(typed.map((row) => row!.code))]);
  const items: ReceiptItem[] = [];
  let total = 0;
  for (const [i, row] of (typed as Typed[]).entries()) {
    const found = goods.get(row.code);
    if (!found) return { error: `Строка ${i + 1}: товара ${row.code} нет в каталоге` };
    const price = row.price ?? (found.listPrice === null ? null : toRoubles(found.listPrice));
    if (price === null) return { error: `Строка ${i + 1}: у товара «${found.name}» нет цены, введите её` };
    const sum = Math.round(Math.round(price * 100) * row.quantity) / 100;
    total += Math.round(sum * 100);
    items.push({ sku: found.sku, name: found.name, quantity: row.quantity, price, sum, discount: 0 });
  }
  return { items, sum: toRoubles(total) };
}

/** The textarea under the sum. */
export const receiptField = `<label for="items">Товары (необязательно)</label>
<textarea id="items" name="items" rows="4" autocomplete="off" aria-describedby="items-hint"></textarea>
<p class="note" id="items-hint">По строке на товар: штрихкод или артикул, количество, цена (из каталога, если не указана). Например: 4607019002108 2. Сумму чека тогда можно не вводить.</p>`;

/** A line's bonuses in one cell: spent as its discount (−) and earned (+), or a dash. */
function bonusesText(line: ReceiptLineFigures) {
  const parts = [
    ...(line.bonuses ? [`−${formatAmount(line.bonuses)}`] : []),
    ...(line.earned ? [`+${formatAmount(line.earned)}`] : []),
  ];
  return parts.length ? parts.join(' ') : '—';
}

/**
 * An operation's lines: what each cost and its bonuses (spent on it as its discount, earned). Three columns,
 * the quantity beside the name, so the table fits a till's phone-width screen.
 */
export function receiptLinesTable(lines: ReceiptLineFigures[] | null) {
  if (!lines?.length) return '';
  const cell = (text: string) => `<td class="num">${escapeHtml(text)}</td>`;
  const rows = lines
    .map((line) => {
      const quantity = line.quantity === 1 ? '' : ` × ${quantityText(line.quantity)}`;
      const noBonuses = line.legalGroup ? ' <span class="badge badge--off">без бонусов</span>' : '';
      return `<tr><td>${escapeHtml(line.name + quantity)}${noBonuses}</td>${cell(formatKopecks(Math.round(line.sum * 100)))}
${cell(bonusesText(line))}</tr>`;
    })
    .join('');
  return `<div class="lines" role="region" aria-label="Товары чека" tabindex="0"><table><caption>Товары чека</caption>
<thead><tr><th scope="col">Товар</th><th scope="col" class="num">Сумма</th><th scope="col" class="num">Бонусы</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

export const RECEIPT_STYLE = `.return{margin:.5rem 0 0}.return summary{cursor:pointer;font-weight:600}
.return input{width:5rem;margin:0}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.5rem}
.lines{overflow-x:auto;margin:.5rem 0 0}.lines table{border-collapse:collapse;width:100%;font-size:.9rem}
.lines caption{text-align:left;font-weight:600;margin:0 0 .25rem}.lines th,.lines td{padding:.25rem .4rem;border-bottom:1px solid #e3e7ea;text-align:left}
.lines .num{text-align:right;white-space:nowrap}.returned{margin:.5rem 0 0}.returned p{margin:.25rem 0}`;
