import type { IncomingMessage, ServerResponse } from 'node:http';
import { RBS_TEST_CARDS, type RbsFakeState } from './rbs-fake-state';

/**
 * The hosted page: the sum and two buttons; a post moves the order and sends the customer back (303). A
 * card-saving order's page ('Привязка карты') takes a card number and expiry (the test card by default): the
 * accepted test card is saved, any other card declined.
 */
export function serveRbsFakePage(
  state: RbsFakeState,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  body: string,
) {
  const { orders, bindCard, setDeclined } = state;
  const order = orders.get(url.searchParams.get('mdOrder') ?? '');
  if (!order) {
    response.writeHead(404, { 'content-type': 'text/plain;charset=utf-8' }).end('Заказ не найден');
    return;
  }
  const saving = order.clientId !== null && order.features.includes('VERIFY');
  if (request.method === 'POST') {
    const form = new URLSearchParams(body);
    const answer = form.get('answer');
    if (order.orderStatus === 0) {
      const pan = (form.get('pan') ?? RBS_TEST_CARDS.success).replace(/\D/g, '');
      if (answer === 'pay' && saving && pan === RBS_TEST_CARDS.success) {
        bindCard(order, { pan, expiry: form.get('expiry') ?? '12/40' });
      } else if (answer === 'pay' && !saving) order.orderStatus = 2;
      else setDeclined(order, 2003);
    }
    const done = saving ? order.bindingId !== null : order.orderStatus === 2;
    response.writeHead(303, { location: done ? order.returnUrl : order.failUrl }).end();
    return;
  }
  const head = saving ? 'Привязка карты' : 'Оплата заказа';
  const sum = (order.amount / 100).toFixed(2).replace('.', ',');
  const fields = saving
    ? `<label>Номер карты <input name="pan" value="${RBS_TEST_CARDS.success}" inputmode="numeric"></label>` +
      `<label>Срок действия <input name="expiry" value="12/40"></label>` +
      `<button name="answer" value="pay">Привязать карту</button>`
    : `<button name="answer" value="pay">Оплатить</button>`;
  response
    .writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
    .end(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${head}</title></head><body>` +
        `<h1>${head}</h1><p>Сумма: ${sum} ₽</p><p>${escapeHtml(order.description)}</p>` +
        `<form method="post">${fields}` +
        `<button name="answer" value="decline">Отклонить</button></form></body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
