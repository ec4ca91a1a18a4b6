import { LEGAL_GROUPS } from '../lib/catalogue-vocabulary';
import { formatKopecks } from '../lib/format';
import * as z from './z';

/**
 * A receipt's lines (issue 29, decision 061): what the till or the shop payment sends beside the cheque's sum,
 * so the programme can keep bonuses off some goods, spread the bonuses spent over the lines as a discount, and
 * say per line what was earned. Sums are roubles with at most 2 decimals, quantities have at most 3.
 */

/** The most lines one receipt may carry: a hypermarket's long cheque, with room; more is a client's bug. */
export const MAX_RECEIPT_LINES = 1000;
/** The largest quantity of one line (pieces, or kilograms and litres for goods by weight). */
export const MAX_LINE_QUANTITY = 100_000;

const decimals = (value: number, places: number) => {
  const scaled = value * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

const lineMoney = (what: string) =>
  z
    .number(`${what}: число`)
    .min(0, `${what}: не меньше нуля`)
    .max(1_000_000, `${what}: не больше 1 000 000`)
    .refine((v) => decimals(v, 2), `${what}: не больше двух знаков после запятой`);

/** A code a till sends (an SKU, a barcode, a category): a receipt's line, a return naming the goods. */
export const codeField = (what: string) =>
  z.string(`${what}: строка`).trim().min(1, `${what}: не пустой`).max(64, `${what}: не длиннее 64 знаков`);

export const receiptItemSchema = z.strictObject({
  /** The chain's article (SKU), as its catalogue names it. */
  sku: codeField('Артикул').optional(),
  /** A barcode of the item (EAN-13, a shop's weight code): found in the catalogue when the SKU is absent. */
  barcode: codeField('Штрихкод').optional(),
  /** The chain's category id, read only when the catalogue does not know the item. */
  category: codeField('Категория').optional(),
  name: z.string('Наименование: строка').trim().min(1, 'Наименование: не пустое').max(256),
  /** Pieces, or kilograms and litres with at most 3 decimals. */
  quantity: z
    .number('Количество: число')
    .positive('Количество: больше нуля')
    .max(MAX_LINE_QUANTITY, `Количество: не больше ${MAX_LINE_QUANTITY}`)
    .refine((v) => decimals(v, 3), 'Количество: не больше трёх знаков после запятой'),
  /** The price of one unit. */
  price: lineMoney('Цена'),
  /** What the line costs, after `discount`: price × quantity − discount, to within a kopeck's rounding. */
  sum: lineMoney('Сумма строки'),
  /** A discount the shop already gave on the line (its own promotion), roubles. */
  discount: lineMoney('Скидка').default(0),
});
export type ReceiptItem = z.output<typeof receiptItemSchema>;

export const receiptItemsSchema = z
  .array(receiptItemSchema, 'Строки чека: список')
  .min(1, 'Строки чека: хотя бы одна')
  .max(MAX_RECEIPT_LINES, `Строки чека: не больше ${MAX_RECEIPT_LINES}`);

const kopecksOf = (roubles: number) => Math.round(roubles * 100);

/**
 * Adds the receipt's checks to a body with `sum` and optional `items`: each line's sum is its price × quantity
 * less its discount (a kopeck either way for the till's rounding), and the lines add up to the cheque to the
 * kopeck. Each failure names the line or the difference.
 */
export function checkReceipt(body: { sum: number; items?: ReceiptItem[] | undefined }, ctx: z.RefinementCtx) {
  if (!body.items) return;
  let total = 0;
  body.items.forEach((item, index) => {
    const gross = Math.round((kopecksOf(item.price) * Math.round(item.quantity * 1000)) / 1000);
    const expected = gross - kopecksOf(item.discount);
    const sum = kopecksOf(item.sum);
    if (Math.abs(expected - sum) > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', index, 'sum'],
        message: `Строка ${index + 1}: цена × количество − скидка = ${formatKopecks(expected)}, а в строке ${formatKopecks(sum)}`,
      });
    }
    total += sum;
  });
  const cheque = kopecksOf(body.sum);
  if (total !== cheque) {
    ctx.addIssue({
      code: 'custom',
      path: ['items'],
      message: `Строки чека в сумме ${formatKopecks(total)}, а чек — ${formatKopecks(cheque)}: разница ${formatKopecks(Math.abs(cheque - total))}`,
    });
  }
}

/** What the programme made of one line, in the answers of preview, spend, card payment and confirm. */
export const receiptLineFiguresSchema = z.strictObject({
  /** 1-based, in the order sent. */
  line: z.number().int(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  /** The line's sum as sent, roubles. */
  sum: z.number(),
  /** The most bonuses this line can take (0 for goods bonuses never pay for). */
  maxBonuses: z.number(),
  /** Bonuses spent on this line: its discount to print; the lines' shares add up to the operation's spend. */
  bonuses: z.number(),
  /** What the customer pays for the line in money: `sum − bonuses`. */
  net: z.number(),
  /** Bonuses the line earns; the lines' earns add up to the operation's. */
  earned: z.number(),
  /** Why the line neither earns nor takes bonuses: its legal group (tobacco, alcohol, infant formula), or null. */
  legalGroup: z.enum(LEGAL_GROUPS).nullable(),
});
export type ReceiptLineFigures = z.output<typeof receiptLineFiguresSchema>;
