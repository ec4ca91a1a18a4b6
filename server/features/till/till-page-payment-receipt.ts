import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReceiptItem } from '#common/contract/receipt';
import type { TillPaymentReceipt } from '#common/contract/till-receipt';
import { formatKopecks, formatTime } from '#common/lib/format';
import { qrPath } from '#common/lib/qr-path';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { escapeHtml } from '#server/lib/html';
import type { TillPageTools } from './till-gift-card-page';
import { readTypedReceipt } from './till-page-receipt';

/**
 * The reference till page's payment on the site (decision 069): the cashier types or scans the goods, the page
 * registers them through `POST /api/till/payment-receipt` and shows the QR the customer scans to pay that
 * receipt on the site with bonuses and a card or SBP. The QR is drawn on the server as an SVG path, so the page
 * keeps its no-script CSP.
 */

const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

/** The form on the scan page. A fresh idempotency key per form, so a double submit registers one receipt. */
export function paymentReceiptForm(error: string | null) {
  return `<section class="card" aria-labelledby="site-payment-heading">
<h2 id="site-payment-heading">Оплата на сайте по QR</h2>
${error ? `<p class="notice error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/till/payment-receipt">
<input type="hidden" name="idempotencyKey" value="page-${randomUUID()}">
<label for="pay-items">Товары</label>
<textarea id="pay-items" name="items" rows="4" autocomplete="off" required aria-describedby="pay-items-hint"></textarea>
<p class="note" id="pay-items-hint">По строке на товар: штрихкод или артикул, количество, цена (из каталога, если не указана). Покупатель оплатит чек на сайте бонусами и картой или СБП.</p>
<button type="submit">Показать QR для оплаты</button>
</form></section>`;
}

function qrSvg(value: string) {
  const { size, path } = qrPath(value);
  return `<svg class="pay-qr" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR-код для оплаты чека на сайте"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

function goodsList(items: ReceiptItem[]) {
  const rows = items
    .map((item) => {
      const quantity = item.quantity === 1 ? '' : ` × ${String(item.quantity).replace('.', ',')}`;
      return `<li><span>${escapeHtml(item.name + quantity)}</span><span class="num">${escapeHtml(money(item.sum))}</span></li>`;
    })
    .join('');
  return `<ul class="pay-goods" aria-label="Товары чека">${rows}</ul>`;
}

function qrPage(receipt: TillPaymentReceipt, items: ReceiptItem[], timeZone: string) {
  return `<h1>Касса</h1>
<p class="notice ok" role="status">Чек на ${escapeHtml(money(receipt.sum))} готов к оплате на сайте.</p>
<section class="card" aria-labelledby="qr-heading">
<h2 id="qr-heading">Покажите QR покупателю</h2>
${qrSvg(receipt.paymentUrl)}
<p>Покупатель сканирует код телефоном и оплачивает чек бонусами и картой или СБП. Код действует до <strong>${escapeHtml(formatTime(receipt.expiresAt, timeZone))}</strong>.</p>
${goodsList(items)}
<p class="note">Ссылка для оплаты: <a href="${escapeHtml(receipt.paymentUrl)}">${escapeHtml(receipt.paymentUrl)}</a></p>
<p><a class="button secondary" href="/till/payment-receipts/${receipt.receiptId}">Открыть чек: оплата и возврат</a></p>
</section>
<p><a class="button secondary" href="/till">Следующий покупатель</a></p>`;
}

export const PAYMENT_QR_STYLE = `.pay-qr{display:block;width:min(16rem,100%);height:auto;margin:.5rem auto}
.pay-goods{list-style:none;padding:0;margin:.5rem 0}.pay-goods li{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid #e3e7ea;padding:.25rem 0}
.pay-goods .num{white-space:nowrap}.note a{overflow-wrap:anywhere}`;

export function registerPaymentReceiptRoute(
  scope: FastifyInstance,
  tools: TillPageTools,
  deps: AppDeps,
  scanPage: (error: null, giftCardError: null, paymentError: string) => string,
) {
  const { opts, send, requireKey, api, field, refusalOf } = tools;
  const refuse = (reply: FastifyReply, status: number, error: string) =>
    send(reply, status, 'Касса', scanPage(null, null, error));

  scope.post('/till/payment-receipt', opts, async (request, reply) => {
    if (!(await requireKey(request, reply))) return reply;
    const typed = await readTypedReceipt(deps.db, field(request.body, 'items'));
    if ('error' in typed) return refuse(reply, 400, typed.error);
    if (!typed.items) return refuse(reply, 400, 'Введите товары чека: по строке на товар');
    const response = await api(request, 'POST', '/api/till/payment-receipt', {
      idempotencyKey: field(request.body, 'idempotencyKey'),
      sum: typed.sum,
      items: typed.items,
    });
    if (response.statusCode !== 200) return refuse(reply, response.statusCode, refusalOf(response));
    const { timeZone } = await cachedBrandSettings(deps.db, deps.cache);
    return send(reply, 200, 'Касса', qrPage(response.json(), typed.items, timeZone));
  });
}
