import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TillOperation, TillVisit } from '../../../common/contract/till';
import { formatAmount, formatKopecks } from '../../../common/lib/format';
import { escapeHtml, page } from '../../lib/html';
import { giftCardForm } from './till-gift-card-page';

/*
 * The reference till page's markup (docs/decisions/015-till-api.md): the key form, the scan form and a visit
 * with its operations, as plain HTML with no script. till-page.ts serves them and acts through the till API.
 */

/** What staff may do to an operation from the page. */
export const ACTIONS = ['confirm', 'cancel', 'refund'] as const;

const EXTRA_STYLE = `<style>
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
.bar form button{margin:0}.ops{list-style:none;padding:0}.ops li{border-top:1px solid #ccc;padding:.75rem 0}
.ops form{display:inline}.ok{color:#0a5c1f;font-weight:600}.actions button{margin-right:.5rem}
</style>`;

const bonuses = (roubles: number) => formatAmount(roubles);
const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

export function send(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, `${EXTRA_STYLE}${body}`));
}

const errorBlock = (error: string | null) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

export function keyPage(error: string | null) {
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

export function scanPage(error: string | null, giftCardError: string | null = null) {
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

export function visitPage(
  visit: TillVisit,
  now: Date,
  options: { error?: string | null; done?: string | null },
) {
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
