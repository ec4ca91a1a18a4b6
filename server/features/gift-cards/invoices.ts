import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createInvoiceBodySchema, GiftCardInvoice } from '#common/contract/gift-card-invoices';
import type { AppDeps } from '#server/app-deps';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { giftCardInvoices, giftCardOrders, type InvoiceCompany } from '#server/db/schema/gift-cards';
import { AppError, notFound } from '#server/errors';
import { takeOrRefuse, type LimitDeps } from '#server/lib/rate-limit';
import { formatMoney } from '#common/lib/format';
import { toRoubles } from '#server/core/money';
import { readBrandSettings } from '#server/core/brand-settings';
import { calendarDay } from '#common/lib/format';
import { issueOrderCards } from './issue';
import { createOrder, toOrder } from './orders';

type CreateInvoiceBody = z.output<typeof createInvoiceBodySchema>;

/** Invoices one payer, and one network address, may ask for per hour. */
export const INVOICE_LIMITS = { perUser: 10, perAddress: 30, windowMs: 60 * 60_000 };

const limitInvoices = (deps: LimitDeps, key: string, max: number) =>
  takeOrRefuse(deps, {
    key,
    max,
    windowMs: INVOICE_LIMITS.windowMs,
    message: 'Слишком много счетов подряд. Попробуйте позже.',
  });
type InvoiceRow = typeof giftCardInvoices.$inferSelect;
type OrderRow = typeof giftCardOrders.$inferSelect;

/** The PDF's address with its secret key: what the e-mail and the result page link to. */
export function pdfUrlOf(deps: Pick<AppDeps, 'config'>, invoice: Pick<InvoiceRow, 'id' | 'downloadKey'>) {
  const url = new URL(`/api/gc/invoice/${invoice.id}/pdf`, new URL(deps.config.publicUrl).origin);
  url.searchParams.set('k', invoice.downloadKey);
  return url.toString();
}

function toInvoice(deps: Pick<AppDeps, 'config'>, invoice: InvoiceRow, order: OrderRow): GiftCardInvoice {
  const { bill, sendingDate } = toOrder(order);
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    state: invoice.state,
    orderId: order.id,
    company: invoice.company,
    bill,
    quantity: order.quantity,
    sendingDate,
    createdAt: invoice.createdAt.toISOString(),
    pdfUrl: pdfUrlOf(deps, invoice),
  };
}

/**
 * `/api/gc/juridical`: the order (priced like any other, by the server) and its invoice; the invoice is
 * e-mailed to the company once. The same idempotency key answers the same invoice. Offered only while the
 * brand has set who invoices are from (`invoiceSeller`).
 */
export async function createInvoice(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail' | 'rateLimiter'>,
  caller: { userId: string; ip: string },
  body: CreateInvoiceBody,
): Promise<GiftCardInvoice> {
  const { userId } = caller;
  // Each invoice e-mails an address the caller names: limited per payer and per network address, in the
  // database or Redis so the limits hold across instances, before anything is stored or sent.
  await limitInvoices(deps, `gc-invoice:user:${userId}`, INVOICE_LIMITS.perUser);
  await limitInvoices(deps, `gc-invoice:ip:${caller.ip}`, INVOICE_LIMITS.perAddress);
  const settings = await readBrandSettings(deps.db);
  if (!settings.invoiceSeller) {
    throw new AppError('INVOICES_UNAVAILABLE', 'Покупка по счёту сейчас недоступна: свяжитесь с нами');
  }
  const { balance, recipients, congratulation, imageId, deliveryId, sendingDate, idempotencyKey } = body;
  const order = await createOrder(deps, userId, {
    nominal: balance,
    recipients,
    congratulation,
    imageId,
    deliveryId,
    sendingDate,
    // Its own key space: a key once used for a card-paid order never turns that order into an invoice.
    idempotencyKey: idempotencyKey && `invoice:${idempotencyKey}`,
  });
  const company: InvoiceCompany = {
    companyName: body.companyName,
    inn: body.inn,
    kpp: body.kpp,
    bic: body.bic,
    bankName: body.bankName,
    payment: body.payment,
    corr: body.corr,
    phone: body.phone,
    email: body.email,
  };
  const [inserted] = await deps.db
    .insert(giftCardInvoices)
    .values({
      orderId: order.orderId,
      company,
      downloadKey: randomBytes(16).toString('base64url'),
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: giftCardInvoices.orderId })
    .returning();
  const invoice = inserted ?? (await invoiceOfOrder(deps.db, order.orderId));
  const orderRow = await orderOf(deps.db, invoice.orderId);
  const answer = toInvoice(deps, invoice, orderRow);
  await deps.mail.send({
    to: invoice.company.email,
    subject: `Счёт № ${invoice.number} на подарочные карты «${settings.title}»`,
    text: invoiceMailText(answer, settings.title),
    dedupeKey: `gift-card-invoice:${invoice.id}`,
  });
  return answer;
}

function invoiceMailText(invoice: GiftCardInvoice, brand: string): string {
  return [
    `Здравствуйте! Счёт № ${invoice.number} от «${brand}» на подарочные карты: ${invoice.quantity} × ${formatMoney(invoice.bill.nominal)}.`,
    `К оплате: ${formatMoney(invoice.bill.total)}.`,
    `Счёт в PDF: ${invoice.pdfUrl}`,
    'Карты получат получатели по SMS после поступления оплаты, не раньше выбранной даты отправки.',
  ].join('\n');
}

async function invoiceOfOrder(db: Db, orderId: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(giftCardInvoices).where(eq(giftCardInvoices.orderId, orderId));
  if (!row) throw new Error(`gift card invoice of order ${orderId} vanished after a conflict`);
  return row;
}

async function orderOf(db: Db, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(giftCardOrders).where(eq(giftCardOrders.id, orderId));
  if (!row) throw new Error(`gift card order ${orderId} is missing`);
  return row;
}

/** The buyer's own invoice, or 404 (someone else's is indistinguishable from none). */
export async function buyerInvoice(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  invoiceId: string,
): Promise<GiftCardInvoice> {
  const [row] = await deps.db
    .select({ invoice: giftCardInvoices, order: giftCardOrders })
    .from(giftCardInvoices)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCardInvoices.orderId))
    .where(and(eq(giftCardInvoices.id, invoiceId), eq(giftCardOrders.userId, userId)));
  if (!row) throw notFound('Счёт не найден');
  return toInvoice(deps, row.invoice, row.order);
}

/** The invoice behind a PDF link: its id and key must both match (compared by the database, one row). */
export async function invoiceForDownload(
  deps: Pick<AppDeps, 'db' | 'config'>,
  invoiceId: string,
  key: string,
): Promise<GiftCardInvoice> {
  const [row] = await deps.db
    .select({ invoice: giftCardInvoices, order: giftCardOrders })
    .from(giftCardInvoices)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCardInvoices.orderId))
    .where(and(eq(giftCardInvoices.id, invoiceId), eq(giftCardInvoices.downloadKey, key)));
  if (!row) throw notFound('Счёт не найден');
  return toInvoice(deps, row.invoice, row.order);
}

export interface InvoiceListItem {
  number: number;
  state: 'issued' | 'paid' | 'cancelled';
  companyName: string;
  inn: string;
  total: number;
  quantity: number;
  createdAt: string;
  paidAt: string | null;
  paymentNumber: string | null;
  paymentDate: string | null;
}

/** For the operator: every invoice, newest first, or only the one with `number`. */
export async function listInvoices(db: Db, number?: number): Promise<InvoiceListItem[]> {
  const rows = await db
    .select({ invoice: giftCardInvoices, order: giftCardOrders })
    .from(giftCardInvoices)
    .innerJoin(giftCardOrders, eq(giftCardOrders.id, giftCardInvoices.orderId))
    .where(number === undefined ? undefined : eq(giftCardInvoices.number, number))
    .orderBy(desc(giftCardInvoices.number));
  return rows.map(({ invoice, order }) => ({
    number: invoice.number,
    state: invoice.state,
    companyName: invoice.company.companyName,
    inn: invoice.company.inn,
    total: toRoubles(order.total),
    quantity: order.quantity,
    createdAt: invoice.createdAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    paymentNumber: invoice.paymentNumber,
    paymentDate: invoice.paymentDate,
  }));
}

/** The bank payment an invoice was paid by, as the operator read it off the statement (decision 053). */
export interface InvoicePayment {
  paymentNumber: string;
  /** yyyy-mm-dd */
  paymentDate: string;
}

/**
 * The operator saw the company's transfer: the invoice moves `issued` -> `paid` with the bank payment's number
 * and date, and the order's cards are issued in the same transaction (their SMS go out at the sending date, or
 * at once if it has passed). Marking it paid again answers the same and issues nothing. A payment dated after
 * today (the brand's day) or before the invoice was issued is a mistyped date: refused, nothing changes.
 */
export async function markInvoicePaid(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  number: number,
  payment: InvoicePayment,
  timeZone: string,
  /** Writes the audit row in the same transaction, when this call marked it paid (decision 026). */
  audit?: (tx: Db) => Promise<void>,
): Promise<InvoiceListItem> {
  const current = await oneInvoice(deps.db, number);
  if (current.state === 'issued') {
    const today = calendarDay(deps.clock.now(), timeZone);
    if (payment.paymentDate > today)
      throw new AppError('VALIDATION', 'Дата платежа ещё не наступила: проверьте её');
    if (payment.paymentDate < calendarDay(new Date(current.createdAt), timeZone))
      throw new AppError('VALIDATION', 'Дата платежа раньше даты счёта: проверьте её');
  }
  // No fiscal receipt is queued here: a company's bank transfer is a settlement between organisations, which
  // 54-FZ art. 2 p. 9 exempts (decision 085).
  await inTransaction(deps.db, async (tx) => {
    const [invoice] = await tx
      .update(giftCardInvoices)
      .set({ state: 'paid', paidAt: deps.clock.now(), ...payment })
      .where(and(eq(giftCardInvoices.number, number), eq(giftCardInvoices.state, 'issued')))
      .returning();
    if (invoice) await issueOrderCards(deps.db, tx, deps.clock, invoice.orderId);
    if (invoice) await audit?.(tx);
  });
  const item = await oneInvoice(deps.db, number);
  if (item.state === 'cancelled') {
    throw new AppError('INVOICE_CANCELLED', `Счёт № ${number} отменён: его нельзя отметить оплаченным`);
  }
  return item;
}

async function oneInvoice(db: Db, number: number): Promise<InvoiceListItem> {
  const [item] = await listInvoices(db, number);
  if (!item) throw notFound('Счёт не найден');
  return item;
}

/**
 * The operator cancels an unpaid invoice (the company will not pay it): the invoice and its order become
 * `cancelled` in one transaction, so neither the operator nor a card payment can pay it afterwards. Cancelling
 * again answers the same; a paid invoice refuses (its cards exist).
 */
export async function cancelInvoice(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  number: number,
  audit: (tx: Db) => Promise<void>,
): Promise<InvoiceListItem> {
  // No fiscal receipt is queued here: a company's bank transfer is a settlement between organisations, which
  // 54-FZ art. 2 p. 9 exempts (decision 085).
  await inTransaction(deps.db, async (tx) => {
    const [invoice] = await tx
      .update(giftCardInvoices)
      .set({ state: 'cancelled', cancelledAt: deps.clock.now() })
      .where(and(eq(giftCardInvoices.number, number), eq(giftCardInvoices.state, 'issued')))
      .returning();
    if (!invoice) return;
    await tx
      .update(giftCardOrders)
      .set({ state: 'cancelled' })
      .where(and(eq(giftCardOrders.id, invoice.orderId), eq(giftCardOrders.state, 'created')));
    await audit(tx);
  });
  const item = await oneInvoice(deps.db, number);
  if (item.state === 'paid') {
    throw new AppError('INVOICE_PAID', `Счёт № ${number} уже оплачен: его нельзя отменить`);
  }
  return item;
}
