import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TillOperation, TillVisit } from '../../../common/contract/till';
import type { AppDeps } from '../../app-deps';
import { formatAmount, formatKopecks } from '../../../common/lib/format';
import { escapeHtml, page } from '../../lib/html';
import { authenticateTillKey } from './keys';
import { giftCardForm, registerTillGiftCardActions } from './till-gift-card-page';

/**
 * The reference till page (docs/decisions/015-till-api.md): plain server-rendered forms, no script (the site's
 * CSP allows none). Staff enter the point's API key once; it is kept in an HttpOnly, SameSite=Strict cookie
 * scoped to /till (Secure in production). Every action goes through the till API itself (in-process
 * `inject` with the key), so the page is a client of exactly the contract a real cash register uses.
 */
const COOKIE = 'till_key';
const SHIFT_SECONDS = 12 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ACTIONS = ['confirm', 'cancel', 'refund'] as const;

const EXTRA_STYLE = `<style>
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
.bar form button{margin:0}.ops{list-style:none;padding:0}.ops li{border-top:1px solid #ccc;padding:.75rem 0}
.ops form{display:inline}.ok{color:#0a5c1f;font-weight:600}.actions button{margin-right:.5rem}
</style>`;

const bonuses = (roubles: number) => formatAmount(roubles);
const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

function send(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, `${EXTRA_STYLE}${body}`));
}

const errorBlock = (error: string | null) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

function keyPage(error: string | null) {
  return `<h1>Касса</h1>
<p>Введите ключ кассы этой точки (его выдаёт оператор программы). Он хранится только в этом браузере до конца смены.</p>
${errorBlock(error)}
<form method="post" action="/till/key">
<label for="key">Ключ кассы</label>
<input id="key" name="key" type="password" autocomplete="off" required>
<button type="submit">Войти</button>
</form>`;
}

const logoutForm = `<form method="post" action="/till/logout"><button type="submit">Сменить ключ</button></form>`;

function scanPage(error: string | null, giftCardError: string | null = null) {
  return `<div class="bar"><h1>Касса</h1>${logoutForm}</div>
${errorBlock(error)}
<form method="post" action="/till/scan">
<label for="code">Код покупателя</label>
<input id="code" name="code" inputmode="numeric" autocomplete="off" required autofocus maxlength="40"
  aria-describedby="code-hint">
<p class="note" id="code-hint">Отсканируйте QR-код из приложения покупателя или введите 22 цифры под ним.</p>
<button type="submit">Найти покупателя</button>
</form>
${giftCardForm(giftCardError)}`;
}

const KIND_TEXT: Record<TillOperation['kind'], string> = {
  ACCRUE: 'Начисление',
  SPEND: 'Списание',
  CARD: 'Оплата картой',
};
const STATE_TEXT: Record<TillOperation['state'], string> = {
  HELD: 'ждёт подтверждения',
  COMPLETED: 'проведено',
  CANCELLED: 'отменено',
  EXPIRED: 'отменено: время вышло',
  REFUNDED: 'возвращено',
  DECLINED: 'отклонено банком',
  REFUNDING: 'возвращается на карту',
};

function operationItem(visitId: string, op: TillOperation) {
  const button = (action: (typeof ACTIONS)[number], text: string) =>
    `<form method="post" action="/till/operations/${op.operationId}/${action}">
<input type="hidden" name="visitId" value="${visitId}"><button type="submit">${text}</button></form>`;
  const buttons =
    op.state === 'HELD'
      ? button('confirm', op.kind === 'CARD' ? 'Проверить оплату' : 'Подтвердить') +
        button('cancel', 'Отменить')
      : op.state === 'COMPLETED' || op.state === 'REFUNDING'
        ? button('refund', 'Вернуть')
        : '';
  const card = op.kind === 'CARD' ? `, картой ${op.card ?? ''} ${money(op.paidByCard)}` : '';
  return `<li data-operation="${op.operationId}">
<strong>${KIND_TEXT[op.kind]}</strong>, ${escapeHtml(STATE_TEXT[op.state])}: чек ${escapeHtml(money(op.sum))},
списано ${escapeHtml(bonuses(op.spent))}${escapeHtml(card)}, начислено ${escapeHtml(bonuses(op.earned))}
${buttons ? `<div class="actions">${buttons}</div>` : ''}</li>`;
}

/** ' Акция: …' when a campaign raised what the operation earned. */
const campaignsOf = (op: TillOperation) => {
  const titles = op.earnRules.filter((r) => r.kind === 'CAMPAIGN').map((r) => r.title);
  return titles.length ? ` Акция: ${titles.join(', ')}.` : '';
};

function resultLine(op: TillOperation | undefined) {
  if (!op) return '';
  const text =
    op.kind === 'CARD'
      ? cardResult(op)
      : op.state === 'HELD'
        ? `Удержано ${bonuses(op.spent)} бонусов: подтвердите, когда покупатель оплатит остаток ${money(op.sum - op.spent)}.`
        : op.state === 'COMPLETED' && op.kind === 'ACCRUE'
          ? `Начислено ${bonuses(op.earned)} бонусов.${campaignsOf(op)}`
          : op.state === 'COMPLETED'
            ? `Списано ${bonuses(op.spent)} бонусов, начислено ${bonuses(op.earned)}.`
            : `Операция ${STATE_TEXT[op.state]}.`;
  const failed = op.state === 'DECLINED' || (op.kind === 'CARD' && op.state === 'HELD');
  return `<p class="${failed ? 'error' : 'ok'}" role="${failed ? 'alert' : 'status'}">${escapeHtml(text)}</p>`;
}

function cardResult(op: TillOperation) {
  if (op.state === 'COMPLETED') {
    return `Оплачено картой ${op.card ?? ''}: ${money(op.paidByCard)}. Списано ${bonuses(op.spent)} бонусов, начислено ${bonuses(op.earned)}.`;
  }
  if (op.state === 'DECLINED') {
    return `Банк отклонил оплату картой: ${op.decline?.message ?? ''} (код ${op.decline?.code ?? ''}). Бонусы не списаны: примите оплату иначе.`;
  }
  if (op.state === 'HELD')
    return 'Банк ещё не ответил об оплате картой: нажмите «Проверить оплату», а если денег нет, отмените оплату.';
  if (op.state === 'REFUNDED') {
    return `Возвращено: ${money(op.paidByCard)} вернутся на карту ${op.card ?? ''}, бонусы пересчитаны.`;
  }
  if (op.state === 'REFUNDING') {
    return 'Бонусы пересчитаны, но банк ещё не подтвердил возврат на карту: нажмите «Вернуть» ещё раз.';
  }
  return 'Оплата картой отменена: деньги с карты не списаны.';
}

/** The saved card's option: shown only when the visit says the customer's card can pay. */
function cardOption(visit: TillVisit) {
  if (!visit.bindingActive) return '';
  return `<fieldset>
<legend>Оплата сохранённой картой покупателя ${escapeHtml(visit.savedCard ?? '')}</legend>
<label for="bonuses">Списать бонусов перед оплатой картой (необязательно)</label>
<input id="bonuses" name="bonuses" inputmode="decimal" autocomplete="off" maxlength="12">
<button type="submit" name="action" value="card">Оплатить остаток картой ${escapeHtml(visit.savedCard ?? '')}</button>
</fieldset>`;
}

/** '2026-12-25' -> '25.12'. */
const ddmm = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

function visitPage(visit: TillVisit, now: Date, options: { error?: string | null; done?: string | null }) {
  const open = Date.parse(visit.expiresAt) > now.getTime();
  const done = visit.operations.find((op) => op.operationId === options.done);
  const form = open
    ? `<form method="post" action="/till/visits/${visit.visitId}">
<input type="hidden" name="idempotencyKey" value="${randomUUID()}">
<label for="sum">Сумма чека, ₽</label>
<input id="sum" name="sum" inputmode="decimal" autocomplete="off" required autofocus maxlength="12">
<button type="submit" name="action" value="accrue">Начислить бонусы</button>
<button type="submit" name="action" value="spend">Списать бонусы</button>
${cardOption(visit)}
</form>
<p class="note">Списать можно не больше ${visit.maxSpendPercent}% чека. Начисление: ${visit.point.currentBonus}% оплаченного деньгами.</p>`
    : `<p>Визит закончился: чтобы начислить или списать, отсканируйте код покупателя ещё раз.</p>`;
  return `<div class="bar"><h1>Касса: ${escapeHtml(visit.point.title)}</h1>${logoutForm}</div>
<h2>Покупатель</h2>
<dl>
<dt>Имя</dt><dd data-testid="till-customer">${escapeHtml(visit.customer.name)}</dd>
<dt>Карта</dt><dd>${escapeHtml(visit.customer.cardNum)}</dd>
<dt>Бонусы</dt><dd data-testid="till-bonuses">${escapeHtml(bonuses(visit.customer.bonuses))}</dd>
${visit.customer.expiring ? `<dt>Сгорят</dt><dd data-testid="till-expiring">${escapeHtml(`${bonuses(visit.customer.expiring.bonuses)} ${ddmm(visit.customer.expiring.on)}`)}</dd>` : ''}
</dl>
${errorBlock(options.error ?? null)}${resultLine(done)}
${form}
<h2>Операции этого визита</h2>
${
  visit.operations.length
    ? `<ul class="ops">${visit.operations.map((op) => operationItem(visit.visitId, op)).join('')}</ul>`
    : '<p>Пока нет.</p>'
}
<p><a href="/till">Следующий покупатель</a></p>`;
}

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/** `1 234,56` or `1234.56` -> 1234.56; anything else -> NaN (the API then names the problem). */
const parseSum = (text: string) =>
  /^\d[\d\s]*([.,]\d+)?$/.test(text) ? Number(text.replace(/\s/g, '').replace(',', '.')) : NaN;

export function registerTillPage(app: FastifyInstance, deps: AppDeps) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // Forms post only from this site's own pages: the cookie is SameSite=Strict, and a foreign Origin is refused.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'POST' || !request.headers.origin || request.headers.origin === 'null') return;
      let host: string | null = null;
      try {
        host = new URL(request.headers.origin).host;
      } catch {
        // not a URL: refused below
      }
      if (host !== request.headers.host) {
        return send(
          reply,
          403,
          'Касса',
          '<h1>Касса</h1><p class="error">Запрос с чужой страницы отклонён.</p>',
        );
      }
    });
    const opts = { schema: { hide: true } };
    const keyOf = (request: FastifyRequest) => request.cookies[COOKIE];
    const api = (request: FastifyRequest, method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${keyOf(request) ?? ''}` } });
    /** The key still works; otherwise the cookie goes and the key form comes back. */
    const requireKey = async (request: FastifyRequest, reply: FastifyReply) => {
      if (await authenticateTillKey(deps.db, keyOf(request))) return true;
      reply.clearCookie(COOKIE, { path: '/till' });
      const error = keyOf(request)
        ? 'Ключ кассы неверен или отозван: попросите оператора выдать новый.'
        : null;
      await send(reply, error ? 401 : 200, 'Касса', keyPage(error));
      return false;
    };
    const showVisit = async (
      request: FastifyRequest,
      reply: FastifyReply,
      visitId: string,
      options: { status?: number; error?: string | null; done?: string | null } = {},
    ) => {
      const response = await api(request, 'GET', `/api/till/visits/${visitId}`);
      if (response.statusCode !== 200)
        return send(reply, response.statusCode, 'Касса', scanPage(response.json().message));
      return send(
        reply,
        options.status ?? 200,
        'Касса',
        visitPage(response.json(), deps.clock.now(), options),
      );
    };

    registerTillGiftCardActions(scope, { opts, send, requireKey, api, field, parseSum }, scanPage);

    scope.get('/till', opts, async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      return send(reply, 200, 'Касса', scanPage(null));
    });

    scope.post('/till/key', opts, async (request, reply) => {
      const key = field(request.body, 'key');
      if (!(await authenticateTillKey(deps.db, key))) {
        return send(
          reply,
          401,
          'Касса',
          keyPage('Ключ кассы неверен или отозван: проверьте его или попросите новый.'),
        );
      }
      reply.setCookie(COOKIE, key, {
        path: '/till',
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.config.isProduction,
        maxAge: SHIFT_SECONDS,
      });
      return reply.redirect('/till', 303);
    });

    scope.post('/till/logout', opts, async (_request, reply) => {
      reply.clearCookie(COOKIE, { path: '/till' });
      return reply.redirect('/till', 303);
    });

    scope.post('/till/scan', opts, async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      const response = await api(request, 'POST', '/api/till/verify', { code: field(request.body, 'code') });
      if (response.statusCode !== 200)
        return send(reply, response.statusCode, 'Касса', scanPage(response.json().message));
      return reply.redirect(`/till/visits/${response.json().visitId}`, 303);
    });

    scope.get<{ Params: { visitId: string }; Querystring: { done?: string } }>(
      '/till/visits/:visitId',
      opts,
      async (request, reply) => {
        if (!(await requireKey(request, reply))) return reply;
        if (!UUID.test(request.params.visitId)) return send(reply, 404, 'Касса', scanPage('Визит не найден'));
        return showVisit(request, reply, request.params.visitId, { done: request.query.done ?? null });
      },
    );

    scope.post<{ Params: { visitId: string } }>('/till/visits/:visitId', opts, async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      const { visitId } = request.params;
      if (!UUID.test(visitId)) return send(reply, 404, 'Касса', scanPage('Визит не найден'));
      const chosen = field(request.body, 'action');
      const action = chosen === 'spend' ? 'spend' : chosen === 'card' ? 'card-payment' : 'accrue';
      const bonusesText = field(request.body, 'bonuses');
      const response = await api(request, 'POST', `/api/till/${action}`, {
        visitId,
        sum: parseSum(field(request.body, 'sum')),
        ...(action === 'card-payment' && bonusesText ? { bonuses: parseSum(bonusesText) } : {}),
        idempotencyKey: field(request.body, 'idempotencyKey'),
      });
      if (response.statusCode !== 200) {
        return showVisit(request, reply, visitId, {
          status: response.statusCode,
          error: response.json().message,
        });
      }
      return reply.redirect(`/till/visits/${visitId}?done=${response.json().operationId}`, 303);
    });

    scope.post<{ Params: { operationId: string; action: string } }>(
      '/till/operations/:operationId/:action',
      opts,
      async (request, reply) => {
        if (!(await requireKey(request, reply))) return reply;
        const { operationId, action } = request.params;
        const visitId = field(request.body, 'visitId');
        if (!UUID.test(operationId) || !UUID.test(visitId) || !ACTIONS.includes(action as never)) {
          return send(reply, 404, 'Касса', scanPage('Операция не найдена'));
        }
        const response = await api(request, 'POST', `/api/till/operations/${operationId}/${action}`);
        if (response.statusCode !== 200) {
          return showVisit(request, reply, visitId, {
            status: response.statusCode,
            error: response.json().message,
          });
        }
        return reply.redirect(`/till/visits/${visitId}?done=${operationId}`, 303);
      },
    );
  });
}
