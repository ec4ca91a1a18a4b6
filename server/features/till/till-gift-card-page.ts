import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { formatKopecks } from '#common/lib/format';
import { escapeHtml } from '#server/lib/html';

/**
 * The reference till page's gift-card part (docs/decisions/018): the cashier types or scans the code from the
 * recipient's page and the sum to take from the card; the answer shows what is left and offers the refund.
 * Like the rest of `/till`, every action goes through the till API with the point's key.
 */
export interface TillPageTools {
  opts: { schema: { hide: boolean } };
  send(reply: FastifyReply, status: number, title: string, body: string): Promise<FastifyReply>;
  requireKey(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  api(
    request: FastifyRequest,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  field(body: unknown, name: string): string;
  parseSum(text: string): number;
  /** The refusal's text for the cashier (its rule, without a field's name). */
  refusalOf(response: LightMyRequestResponse): string;
}

interface Redemption {
  redemptionId: string;
  amount: number;
  refunded: boolean;
  card: { code: string; balance: number; nominal: number };
}

const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The form on the scan page. A fresh idempotency key per form, so a double submit pays once. */
export function giftCardForm(error: string | null) {
  return `<section class="card" aria-labelledby="gift-card-heading">
<h2 id="gift-card-heading">Подарочная карта</h2>
${error ? `<p class="notice error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/till/gift-card">
<input type="hidden" name="idempotencyKey" value="${randomUUID()}">
<label for="card-code">Код подарочной карты</label>
<input id="card-code" name="cardCode" inputmode="numeric" autocomplete="off" required maxlength="30"
  aria-describedby="card-code-hint">
<p class="note" id="card-code-hint">16 цифр под QR-кодом на странице карты.</p>
<label for="card-sum">Оплатить картой, ₽</label>
<input id="card-sum" name="amount" inputmode="decimal" autocomplete="off" required maxlength="12">
<button type="submit">Оплатить подарочной картой</button>
</form></section>`;
}

function redemptionPage(redemption: Redemption) {
  const { card } = redemption;
  const status = redemption.refunded
    ? `<p class="notice ok" role="status">Возвращено на карту ${escapeHtml(money(redemption.amount))}.</p>`
    : `<p class="notice ok" role="status">Оплачено подарочной картой: ${escapeHtml(money(redemption.amount))}.</p>`;
  const refund = redemption.refunded
    ? ''
    : `<form method="post" action="/till/gift-card/redemptions/${redemption.redemptionId}/refund">
<button type="submit" class="danger">Вернуть на карту</button></form>`;
  return `<h1>Касса</h1>
${status}
<section class="card"><h2>Подарочная карта</h2>
<p>Карта ${escapeHtml(card.code)}: осталось <strong>${escapeHtml(money(card.balance))}</strong>
из ${escapeHtml(money(card.nominal))}.</p>
${refund}</section>
<p><a class="button secondary" href="/till">Следующий покупатель</a></p>`;
}

export function registerTillGiftCardActions(
  scope: FastifyInstance,
  tools: TillPageTools,
  scanPage: (error: string | null, giftCardError?: string | null) => string,
) {
  const { opts, send, requireKey, api, field, parseSum, refusalOf } = tools;
  const show = (reply: FastifyReply, redemption: Redemption) =>
    send(reply, 200, 'Касса', redemptionPage(redemption));

  scope.post('/till/gift-card', opts, async (request, reply) => {
    if (!(await requireKey(request, reply))) return reply;
    const response = await api(request, 'POST', '/api/till/gift-cards/redeem', {
      cardCode: field(request.body, 'cardCode'),
      amount: parseSum(field(request.body, 'amount')),
      idempotencyKey: field(request.body, 'idempotencyKey'),
    });
    if (response.statusCode !== 200) {
      return send(reply, response.statusCode, 'Касса', scanPage(null, refusalOf(response)));
    }
    return show(reply, response.json());
  });

  scope.post<{ Params: { redemptionId: string } }>(
    '/till/gift-card/redemptions/:redemptionId/refund',
    opts,
    async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      const { redemptionId } = request.params;
      if (!UUID.test(redemptionId))
        return send(reply, 404, 'Касса', scanPage(null, 'Оплата картой не найдена'));
      const response = await api(request, 'POST', `/api/till/gift-cards/redemptions/${redemptionId}/refund`);
      if (response.statusCode !== 200) {
        return send(reply, response.statusCode, 'Касса', scanPage(null, refusalOf(response)));
      }
      return show(reply, response.json());
    },
  );
}
