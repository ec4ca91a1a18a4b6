import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '#server/app-deps';
import { isSandboxAcquirer, type SandboxAcquirer } from '#server/integrations/acquirer/sandbox-acquirer';
import { DECLINE_MESSAGES } from '#server/integrations/acquirer/sandbox-orders';
import { formatKopecks } from '#common/lib/format';
import { escapeHtml, page } from '#server/lib/html';
import { allowFormOrigin } from '#server/lib/security-headers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
type Order = NonNullable<Awaited<ReturnType<SandboxAcquirer['findOrder']>>>;

/** The origin of an order's return address, for the page's form-action (null when it is not a URL). */
function originOf(returnUrl: string): string | null {
  try {
    return new URL(returnUrl).origin;
  } catch {
    return null;
  }
}

function html(reply: FastifyReply, status: number, title: string, body: string, order?: Order) {
  const returnOrigin = order ? originOf(order.returnUrl) : null;
  if (returnOrigin) allowFormOrigin(reply, returnOrigin);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

const header = (order: Order) =>
  order.clientId
    ? `<p class="note">Песочница: тестовый банк, настоящие деньги не списываются.</p>
<h1>Привязка карты</h1><p>Карта сохранится для оплаты покупок. Деньги не списываются.</p>`
    : `<p class="note">Песочница: тестовый банк, настоящие деньги не списываются.</p>
<h1>Оплата заказа</h1><p>${escapeHtml(order.description)}</p><p class="sum">${escapeHtml(formatKopecks(order.amount))}</p>`;

/** The page for an order that is no longer waiting for payment. */
function closedPage(reply: FastifyReply, order: Order) {
  const text =
    order.status === 'paid'
      ? 'Заказ уже оплачен.'
      : order.status === 'declined'
        ? (DECLINE_MESSAGES[order.errorCode ?? ''] ?? 'Платёж отклонён.')
        : 'Заказ больше не ждёт оплаты.';
  return html(
    reply,
    200,
    'Оплата',
    `${header(order)}<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(order.returnUrl)}">Вернуться в магазин</a></p>`,
    order,
  );
}

function cardForm(order: Order, error: string | null) {
  return `${header(order)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/sandbox/pay/${order.id}">
<label for="pan">Номер карты</label>
<input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4111 1111 1111 1111">
<label for="expiry">Срок действия (ММ/ГГ)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/30">
<label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123">
<button type="submit">${order.clientId ? 'Привязать карту' : 'Оплатить'}</button>
</form>
<p class="note">Тестовые карты: 4111 1111 1111 1111 проходит, 4000 0000 0000 0002 отклоняется.</p>`;
}

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The sandbox acquirer's hosted pages (server-rendered, no script, plain forms posting back here): the card
 * page `/sandbox/pay/:orderId` ('Оплатить') and the SBP page `/sandbox/sbp/:orderId` ('Подтвердить оплату',
 * 'Отклонить'). After an answer they send the customer to the order's return URL, which only leads back to
 * the site: the site then asks the acquirer for the status. Card numbers are never stored or logged.
 */
export function registerSandboxPages(app: FastifyInstance, deps: AppDeps) {
  const acquirer = deps.acquirer;
  if (!isSandboxAcquirer(acquirer)) return;

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const load = async (orderId: string, method: Order['method'], reply: FastifyReply) => {
      const order = UUID.test(orderId) ? await acquirer.findOrder(orderId) : null;
      if (!order || order.method !== method) {
        await html(reply, 404, 'Заказ не найден', '<h1>Заказ не найден</h1>');
        return null;
      }
      return order;
    };
    const opts = { schema: { hide: true } };

    scope.get<{ Params: { orderId: string } }>('/sandbox/pay/:orderId', opts, async (request, reply) => {
      const order = await load(request.params.orderId, 'card', reply);
      if (!order) return reply;
      if (order.status !== 'registered') return closedPage(reply, order);
      return html(reply, 200, 'Оплата картой', cardForm(order, null), order);
    });

    scope.post<{ Params: { orderId: string } }>('/sandbox/pay/:orderId', opts, async (request, reply) => {
      const order = await load(request.params.orderId, 'card', reply);
      if (!order) return reply;
      if (order.status !== 'registered') return closedPage(reply, order);
      const pan = field(request.body, 'pan').replace(/[\s-]/g, '');
      const expiry = field(request.body, 'expiry');
      const cvc = field(request.body, 'cvc');
      const problem = !/^\d{16}$/.test(pan)
        ? 'Номер карты: 16 цифр'
        : !/^(0[1-9]|1[0-2])\/?\d{2}$/.test(expiry)
          ? 'Срок действия: ММ/ГГ'
          : !/^\d{3,4}$/.test(cvc)
            ? 'CVC: 3 цифры'
            : null;
      if (problem) return html(reply, 400, 'Оплата картой', cardForm(order, problem), order);
      await acquirer.payByCard(order.id, pan, expiry.replace(/^(\d{2})\/?(\d{2})$/, '$1/$2'));
      return reply.redirect(order.returnUrl, 303);
    });

    scope.get<{ Params: { orderId: string } }>('/sandbox/sbp/:orderId', opts, async (request, reply) => {
      const order = await load(request.params.orderId, 'sbp', reply);
      if (!order) return reply;
      if (order.status !== 'registered') return closedPage(reply, order);
      return html(
        reply,
        200,
        'Оплата через СБП',
        `${header(order)}<p>Так выглядит подтверждение платежа в приложении банка.</p>
<form method="post" action="/sandbox/sbp/${order.id}">
<button type="submit" name="answer" value="confirm">Подтвердить оплату</button>
<button type="submit" name="answer" value="decline">Отклонить</button>
</form>`,
        order,
      );
    });

    scope.post<{ Params: { orderId: string } }>('/sandbox/sbp/:orderId', opts, async (request, reply) => {
      const order = await load(request.params.orderId, 'sbp', reply);
      if (!order) return reply;
      if (order.status !== 'registered') return closedPage(reply, order);
      const answer = field(request.body, 'answer');
      if (answer !== 'confirm' && answer !== 'decline') {
        return html(
          reply,
          400,
          'Оплата через СБП',
          `${header(order)}<p class="error">Выберите ответ</p>`,
          order,
        );
      }
      await acquirer.answerSbp(order.id, answer === 'confirm');
      return reply.redirect(order.returnUrl, 303);
    });
  });
}
