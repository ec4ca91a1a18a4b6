import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TillPaymentReceiptView } from '#common/contract/till-payment-returns';
import { formatKopecks, formatTime } from '#common/lib/format';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { escapeHtml } from '#server/lib/html';
import type { TillPageTools } from './till-gift-card-page';
import { receiptLinesTable } from './till-page-receipt';
import { registerPrintSection } from './till-page-register-print';
import { returnedSummary, returnForm, returnNotice, typedReturn } from './till-page-return';

/**
 * A receipt paid on the site (decision 069) on the reference till page, and the return of some of its goods
 * (decision 084): the cashier opens it by the payment link the QR page showed (or the receipt's number), sees its
 * lines and what came back already, and returns the rest by the same form as a till operation's. The money goes
 * back the way it came (the card or SBP account, the money-like balance), through the till API.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

/** The form on the scan page that opens a receipt paid on the site. */
export function paymentReceiptLookupForm(error: string | null) {
  return `<section class="card" aria-labelledby="site-return-heading">
<h2 id="site-return-heading">Возврат по чеку, оплаченному на сайте</h2>
${error ? `<p class="notice error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="get" action="/till/payment-receipts">
<label for="receipt">Ссылка для оплаты или номер чека</label>
<input id="receipt" name="receipt" autocomplete="off" required maxlength="300" aria-describedby="receipt-hint">
<p class="note" id="receipt-hint">Ссылка была под QR-кодом чека. Деньги вернутся туда, откуда платили: на карту, счёт СБП или баланс.</p>
<button type="submit" class="secondary">Открыть чек</button>
</form></section>`;
}

/** Where the bank's part goes back, in the cashier's words. */
const backBy = (view: TillPaymentReceiptView) => (view.paidBy === 'SBP_QR' ? 'На счёт СБП' : 'На карту');

function stateText(view: TillPaymentReceiptView, timeZone: string) {
  if (view.state === 'AWAITING')
    return `Чек ещё не оплачен: покупатель может оплатить его до ${formatTime(view.expiresAt, timeZone)}.`;
  if (view.state === 'EXPIRED') return 'Чек не оплачен: время оплаты вышло, возвращать нечего.';
  if (view.state === 'PAID_AT_TILL')
    return 'Покупатель выбрал оплату на кассе: верните товары возвратом операции кассы.';
  return view.paidBy === 'SBP_QR' ? 'Оплачен на сайте через СБП.' : 'Оплачен на сайте картой.';
}

export function paymentReceiptPage(
  view: TillPaymentReceiptView,
  options: { timeZone: string; error?: string | null; notice?: string | null },
) {
  const lines = view.lines ?? [];
  const target = { action: `/till/payment-receipts/${view.receiptId}/return`, idPrefix: 'pay' };
  const form = view.state === 'PAID' ? returnForm(target, lines, view.returned, randomUUID()) : '';
  return `<h1>Касса</h1>
${options.error ? `<p class="notice error" role="alert">${escapeHtml(options.error)}</p>` : ''}${
    options.notice ? `<p class="notice ok" role="status">${escapeHtml(options.notice)}</p>` : ''
  }
<section class="card" aria-labelledby="paid-receipt-heading">
<h2 id="paid-receipt-heading">Чек на ${escapeHtml(money(view.sum))}, оплата на сайте</h2>
<p data-testid="till-receipt-state">${escapeHtml(stateText(view, options.timeZone))}</p>
${receiptLinesTable(lines)}${registerPrintSection(view)}${returnedSummary(lines, view.returned, backBy(view))}${form}
</section>
<p><a class="button secondary" href="/till">Следующий покупатель</a></p>`;
}

export function registerPaymentReturnRoutes(
  scope: FastifyInstance,
  tools: TillPageTools,
  deps: AppDeps,
  scanPage: (error: null, giftCardError: null, paymentError: null, receiptError: string) => string,
) {
  const { opts, send, requireKey, api, field, refusalOf } = tools;
  const lost = (reply: FastifyReply, status: number, error: string) =>
    send(reply, status, 'Касса', scanPage(null, null, null, error));
  /** The receipt as the API shows it, with a notice or an error above it. */
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    receiptId: string,
    options: { status?: number; error?: string; notice?: (view: TillPaymentReceiptView) => string } = {},
  ) => {
    const response = await api(request, 'GET', `/api/till/payment-receipts/${receiptId}`);
    if (response.statusCode !== 200) return lost(reply, response.statusCode, refusalOf(response));
    const view: TillPaymentReceiptView = response.json();
    const { timeZone } = await cachedBrandSettings(deps.db, deps.cache);
    const page = paymentReceiptPage(view, { timeZone, error: options.error, notice: options.notice?.(view) });
    return send(reply, options.status ?? 200, 'Касса', page);
  };

  scope.get<{ Querystring: { receipt?: string } }>('/till/payment-receipts', opts, async (request, reply) => {
    if (!(await requireKey(request, reply))) return reply;
    const id = UUID.exec(String(request.query.receipt ?? ''))?.[0]?.toLowerCase();
    if (!id)
      return lost(reply, 400, 'Нет номера чека: вставьте ссылку для оплаты из-под QR-кода или номер чека');
    return reply.redirect(`/till/payment-receipts/${id}`, 303);
  });

  scope.get<{ Params: { receiptId: string } }>(
    '/till/payment-receipts/:receiptId',
    opts,
    async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      if (!UUID.test(request.params.receiptId)) return lost(reply, 404, 'Чек не найден');
      return show(request, reply, request.params.receiptId.toLowerCase());
    },
  );

  scope.post<{ Params: { receiptId: string } }>(
    '/till/payment-receipts/:receiptId/return',
    opts,
    async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      const { receiptId } = request.params;
      if (!UUID.test(receiptId)) return lost(reply, 404, 'Чек не найден');
      const typed = typedReturn(request.body);
      if ('error' in typed) return show(request, reply, receiptId, { status: 400, error: typed.error });
      const response = await api(request, 'POST', `/api/till/payment-receipts/${receiptId}/return`, {
        items: typed.items,
        idempotencyKey: field(request.body, 'idempotencyKey'),
      });
      if (response.statusCode !== 200) {
        return show(request, reply, receiptId, { status: response.statusCode, error: refusalOf(response) });
      }
      return show(request, reply, receiptId, {
        notice: (view) => returnNotice(response.json(), backBy(view)),
      });
    },
  );
}
