import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { GiftCardInvoice } from '#common/contract/gift-card-invoices';
import type { InvoiceSeller } from '#common/contract/header';
import { formatAmount, formatDate, formatKopecks } from '#common/lib/format';

/**
 * The invoice as a one-page A4 PDF ("Счёт на оплату"): seller and its bank account, buyer, one line for the
 * cards and one for the SMS delivery, the total and "Без НДС" (gift cards are an advance, not a sale). The
 * DejaVu font (npm dejavu-fonts-ttf) carries Cyrillic; it is read once and embedded as a subset.
 */
const require = createRequire(import.meta.url);
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fontBytes() {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/**
 * pdf-lib and fontkit are loaded with the first invoice, not at start: importing them took 0.3 s of every
 * start, for a document an accountant asks for now and then.
 */
async function importPdfLibraries() {
  const [pdfLib, fontkit] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
  const { PDFDocument, rgb } = pdfLib;
  const palette: Palette = { ink: rgb(0.1, 0.12, 0.16), muted: rgb(0.35, 0.38, 0.44) };
  return { PDFDocument, fontkit: fontkit.default, palette };
}
let pdfLibraries: ReturnType<typeof importPdfLibraries> | null = null;

interface Palette {
  ink: RGB;
  muted: RGB;
}

const MARGIN = 50;

/** The bill's roubles (at most 2 decimals) as the document writes them: '1 002,50 ₽'. */
const rub = (roubles: number) => formatKopecks(Math.round(roubles * 100));

export async function renderInvoicePdf(
  invoice: GiftCardInvoice,
  seller: InvoiceSeller,
  brand: { title: string; timeZone: string },
): Promise<Uint8Array> {
  const { PDFDocument, fontkit, palette } = await (pdfLibraries ??= importPdfLibraries());
  const { ink, muted } = palette;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Счёт № ${invoice.number}`);
  doc.setAuthor(seller.name);
  doc.setCreationDate(new Date(invoice.createdAt));
  const bytes = fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const page = doc.addPage([595.28, 841.89]);
  const width = page.getWidth() - MARGIN * 2;
  let y = page.getHeight() - MARGIN;

  const text = (value: string, options: { size?: number; font?: PDFFont; x?: number; color?: RGB } = {}) => {
    const size = options.size ?? 10;
    for (const line of wrap(value, options.font ?? regular, size, width - ((options.x ?? MARGIN) - MARGIN))) {
      page.drawText(line, {
        x: options.x ?? MARGIN,
        y,
        size,
        font: options.font ?? regular,
        color: options.color ?? ink,
      });
      y -= size * 1.45;
    }
  };
  const gap = (height: number) => {
    y -= height;
  };

  text(`Получатель: ${seller.name}`, { font: bold });
  text(
    `ИНН ${seller.inn}${seller.kpp ? `, КПП ${seller.kpp}` : ''}${seller.address ? `, ${seller.address}` : ''}`,
  );
  text(`Банк получателя: ${seller.bankName}, БИК ${seller.bic}`);
  text(`Корр. счёт ${seller.corr}, расчётный счёт ${seller.payment}`);
  gap(14);
  text(`Счёт на оплату № ${invoice.number} от ${formatDate(invoice.createdAt, brand.timeZone)}`, {
    size: 16,
    font: bold,
  });
  gap(8);
  const { company } = invoice;
  text(`Покупатель: ${company.companyName}, ИНН ${company.inn}, КПП ${company.kpp}`);
  text(
    `Банк покупателя: ${company.bankName}, БИК ${company.bic}, р/с ${company.payment}, к/с ${company.corr}`,
    {
      color: muted,
    },
  );
  gap(12);

  const { bill } = invoice;
  const rows = billRows(bill, brand.title);
  drawTable(page, rows, { regular, bold }, y, width, palette);
  y -= rows.length * 22 + 16;
  text(`Итого к оплате: ${rub(bill.total)}`, { size: 13, font: bold });
  text('Без НДС.', { color: muted });
  gap(10);
  text(
    `В назначении платежа укажите: «Оплата по счёту № ${invoice.number}». Карты (${formatAmount(bill.quantity)} шт.) уйдут получателям по SMS после поступления оплаты, не раньше ${formatDate(invoice.sendingDate, brand.timeZone)}.`,
  );
  return doc.save();
}

type TableRow = [string, string, string, string];

/** The table's heading, the cards' line, the discount's and the SMS delivery's when there are any. */
function billRows(bill: GiftCardInvoice['bill'], brandTitle: string): TableRow[] {
  const rows: TableRow[] = [
    ['Наименование', 'Кол-во', 'Цена', 'Сумма'],
    [
      `Подарочная карта «${brandTitle}», номинал ${rub(bill.nominal)}`,
      formatAmount(bill.quantity),
      rub(bill.nominal),
      rub(bill.nominalSum),
    ],
  ];
  if (bill.discount > 0)
    rows.push([`Скидка ${formatAmount(bill.percentRate)}% на номинал`, '', '', rub(-bill.discount)]);
  if (bill.deliverySum > 0) {
    rows.push([
      'Доставка карт получателям по SMS',
      formatAmount(bill.quantity),
      rub(bill.deliverySum / bill.quantity),
      rub(bill.deliverySum),
    ]);
  }
  return rows;
}

function drawTable(
  page: PDFPage,
  rows: TableRow[],
  fonts: { regular: PDFFont; bold: PDFFont },
  top: number,
  width: number,
  { ink, muted }: Palette,
) {
  const columns = [width * 0.52, width * 0.12, width * 0.18, width * 0.18];
  rows.forEach((row, index) => {
    const y = top - index * 22;
    let x = MARGIN;
    row.forEach((cell, column) => {
      const font = index === 0 ? fonts.bold : fonts.regular;
      const size = 9;
      const fitted = fit(cell, font, size, columns[column]! - 8);
      const right = column > 0;
      const cellX = right ? x + columns[column]! - 4 - font.widthOfTextAtSize(fitted, size) : x + 4;
      page.drawText(fitted, { x: cellX, y: y - 14, size, font, color: ink });
      page.drawRectangle({
        x,
        y: y - 20,
        width: columns[column]!,
        height: 22,
        borderColor: muted,
        borderWidth: 0.5,
      });
      x += columns[column]!;
    });
  });
}

/** Lines of `value` that fit `width` at `size`, broken at spaces. */
function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** `value` cut with an ellipsis to fit `width` (a table cell). */
function fit(value: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
