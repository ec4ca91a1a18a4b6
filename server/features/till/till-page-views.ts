import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TillOperation, TillVisit } from '#common/contract/till';
import { formatBonuses, formatDay, formatKopecks } from '#common/lib/format';
import { brandedPage, type PageBrand } from '#server/lib/branded-page';
import { escapeHtml } from '#server/lib/html';
import { giftCardForm } from './till-gift-card-page';
import { RECEIPT_STYLE, receiptField } from './till-page-receipt';
import { ENDED_TEXT, operationItem } from './till-page-operation';
import { PAYMENT_QR_STYLE, paymentReceiptForm } from './till-page-payment-receipt';
import { paymentReceiptLookupForm } from './till-page-payment-return';

/*
 * The reference till page's markup (docs/decisions/015-till-api.md, its look: decision 052): the key form, the
 * scan form and a visit with its operations, as plain HTML with no script, in the brand's colours. till-page.ts
 * serves them and acts through the till API.
 */

const EXTRA_STYLE = `.top{display:flex;justify-content:space-between;align-items:center;gap:.5rem 1rem;flex-wrap:wrap}
.top h1{margin:0}.top form button{margin:0}.top{margin:0 0 1rem}
.ops{list-style:none;padding:0;margin:0}.op{border:1px solid #d5dbe0;border-radius:.7rem;padding:.75rem .9rem;margin:.6rem 0 0}
.op__head{display:flex;justify-content:space-between;gap:.5rem;flex-wrap:wrap;align-items:baseline;margin:0 0 .5rem}
.badge{font-size:.85rem;font-weight:600;border-radius:1rem;padding:.1rem .6rem;background:#eef1f3;color:#37414a}
.badge--done{background:#e7f4ea;color:#14532d}.badge--held{background:#fff4d6;color:#6b4a00}
.badge--off{background:#fdecec;color:#8a1116}.op form{display:inline}
.balance{font-size:1.5rem;font-weight:700}
${RECEIPT_STYLE}
${PAYMENT_QR_STYLE}`;

const bonuses = (roubles: number) => formatBonuses(roubles);
const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

/** A till page in the brand's look: never cached (it shows a customer's balance). */
export function sendTillPage(
  reply: FastifyReply,
  status: number,
  brand: PageBrand,
  title: string,
  body: string,
) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(brandedPage(title, body, brand, { aside: 'Касса', extraStyle: EXTRA_STYLE }));
}

export const noticeBlock = (text: string | null, ok = false) =>
  text
    ? `<p class="notice ${ok ? 'ok' : 'error'}" role="${ok ? 'status' : 'alert'}">${escapeHtml(text)}</p>`
    : '';

export function keyPage(error: string | null) {
  return `<h1>Вход в кассу</h1>
${noticeBlock(error)}
<section class="card">
<p>Введите ключ кассы этой точки (его выдаёт оператор программы). Он хранится только в этом браузере до конца смены.</p>
<form method="post" action="/till/key">
<label for="key">Ключ кассы</label>
<input id="key" name="key" type="password" autocomplete="off" required>
<button type="submit">Войти</button>
</form></section>`;
}

const logoutForm = `<form method="post" action="/till/logout"><button type="submit" class="secondary">Сменить ключ</button></form>`;
const top = (heading: string) => `<div class="top"><h1>${escapeHtml(heading)}</h1>${logoutForm}</div>`;

export function scanPage(
  error: string | null,
  giftCardError: string | null = null,
  paymentError: string | null = null,
  receiptError: string | null = null,
) {
  return `${top('Касса')}
${noticeBlock(error)}
<section class="card" aria-labelledby="scan-heading">
<h2 id="scan-heading">Покупатель</h2>
<form method="post" action="/till/scan">
<label for="code">Код покупателя</label>
<input id="code" name="code" inputmode="numeric" autocomplete="off" required autofocus maxlength="40"
  aria-describedby="code-hint">
<p class="note" id="code-hint">Отсканируйте QR-код из приложения покупателя или введите 22 цифры под ним.</p>
<button type="submit">Найти покупателя</button>
</form></section>
${paymentReceiptForm(paymentError)}
${paymentReceiptLookupForm(receiptError)}
${giftCardForm(giftCardError)}`;
}

/** ' Акция: …' when a campaign raised what the operation earned (an operation stored before decision 055). */
const campaignsOf = (op: TillOperation) => {
  const titles = op.earnRules.filter((r) => r.kind === 'CAMPAIGN').map((r) => r.title);
  return titles.length ? ` Акция: ${titles.join(', ')}.` : '';
};

const percentText = (percent: number) => `${String(percent).replace('.', ',')}%`;

/** A rule as the cashier reads it: 'ставка сети 3%', 'ставка точки 5%', 'акция «…» ×3'. */
function ruleText(rule: TillOperation['earnRules'][number]) {
  if (rule.kind === 'CAMPAIGN') return `акция «${rule.title}»${rule.effect ? ` ${rule.effect}` : ''}`;
  if (rule.kind === 'COUPON') return rule.title.charAt(0).toLowerCase() + rule.title.slice(1);
  if (rule.kind === 'BASE' && rule.percent !== undefined)
    return `${rule.from === 'CHAIN' ? 'ставка сети' : 'ставка точки'} ${percentText(rule.percent)}`;
  return rule.title.toLowerCase();
}

/**
 * What the operation's earn applied, from the server's own earn result (decision 055): '9% оплаченного
 * деньгами (ставка сети 3%, акция «…» ×3)'. Null when it earned nothing or was stored without its rate.
 */
export function appliedRate(op: TillOperation): string | null {
  if (op.earnRate === null || op.earned <= 0 || op.earnRules.length === 0) return null;
  return `${percentText(op.earnRate)} оплаченного деньгами (${op.earnRules.map(ruleText).join(', ')})`;
}

/** ' начислено N: 9% … (…)' or ' начислено N' with the campaigns of an older operation. */
const earnedText = (op: TillOperation) => {
  const applied = appliedRate(op);
  return applied ? `${bonuses(op.earned)}: ${applied}.` : `${bonuses(op.earned)}.${campaignsOf(op)}`;
};

/**
 * The line under the cheque's sum: the limit, and the rate the next operation starts from, or, just after an
 * operation that earned, the rate that operation applied (a campaign may have raised it).
 */
function sumHint(visit: TillVisit, done: TillOperation | undefined) {
  const applied = done && appliedRate(done);
  const rate = applied
    ? `Последняя операция начислила ${applied}.`
    : `Начисление: ${visit.point.currentBonus}% оплаченного деньгами (${visit.point.earnFrom === 'CHAIN' ? 'ставка сети' : 'ставка точки'}) и действующие акции.`;
  return `Списать можно не больше ${visit.maxSpendPercent}% чека. ${rate}`;
}

function resultLine(op: TillOperation | undefined) {
  if (!op) return '';
  const text =
    op.kind === 'CARD'
      ? cardResult(op)
      : op.state === 'HELD'
        ? `Удержано ${bonuses(op.spent)}: подтвердите, когда покупатель оплатит остаток ${money(op.sum - op.spent)}.`
        : op.state === 'COMPLETED' && op.kind === 'ACCRUE'
          ? `Начислено ${earnedText(op)}`
          : op.state === 'COMPLETED'
            ? `Списано ${bonuses(op.spent)}, начислено ${earnedText(op)}`
            : ENDED_TEXT[op.state];
  const failed = op.state === 'DECLINED' || (op.kind === 'CARD' && op.state === 'HELD');
  return noticeBlock(text, !failed);
}

function cardResult(op: TillOperation) {
  if (op.state === 'COMPLETED') {
    return `Оплачено картой ${op.card ?? ''}: ${money(op.paidByCard)}. Списано ${bonuses(op.spent)}, начислено ${earnedText(op)}`;
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

export function visitPage(
  visit: TillVisit,
  now: Date,
  options: { error?: string | null; notice?: string | null; done?: string | null; today: string },
) {
  const open = Date.parse(visit.expiresAt) > now.getTime();
  const done = visit.operations.find((op) => op.operationId === options.done);
  const { expiring } = visit.customer;
  const form = open
    ? `<section class="card" aria-labelledby="cheque-heading"><h2 id="cheque-heading">Новая операция</h2>
<form method="post" action="/till/visits/${visit.visitId}">
<input type="hidden" name="idempotencyKey" value="${randomUUID()}">
<label for="sum">Сумма чека, ₽</label>
<input id="sum" name="sum" inputmode="decimal" autocomplete="off" autofocus maxlength="12"
  aria-describedby="sum-hint">
<p class="note" id="sum-hint" data-testid="till-rate">${escapeHtml(sumHint(visit, done))}</p>
${receiptField}
<label for="coupon">Промокод или купон (необязательно)</label>
<input id="coupon" name="coupon" autocomplete="off" maxlength="32" aria-describedby="coupon-hint">
<p class="note" id="coupon-hint">Скидка по нему — в строках чека; на табак скидок нет</p>
<div class="buttons"><button type="submit" name="action" value="accrue">Начислить бонусы</button>
<button type="submit" name="action" value="spend" class="secondary">Списать бонусы</button></div>
${cardOption(visit)}
</form></section>`
    : `<p class="notice error" role="alert">Визит закончился: чтобы начислить или списать, отсканируйте код покупателя ещё раз.</p>`;
  return `${top(`Касса: ${visit.point.title}`)}
${noticeBlock(options.error ?? null)}${noticeBlock(options.notice ?? null, true)}${resultLine(done)}
<section class="card" aria-labelledby="customer-heading">
<h2 id="customer-heading">Покупатель</h2>
<p class="balance" data-testid="till-bonuses">${escapeHtml(bonuses(visit.customer.bonuses))}</p>
<dl>
<dt>Имя</dt><dd data-testid="till-customer">${escapeHtml(visit.customer.name)}</dd>
<dt>Карта</dt><dd>${escapeHtml(visit.customer.cardNum)}</dd>
${expiring ? `<dt>Сгорят</dt><dd data-testid="till-expiring">${escapeHtml(`${bonuses(expiring.bonuses)} ${formatDay(expiring.on, options.today)}`)}</dd>` : ''}
</dl></section>
${form}
<section class="card" aria-labelledby="ops-heading">
<h2 id="ops-heading">Операции этого визита</h2>
${
  visit.operations.length
    ? `<ul class="ops">${visit.operations.map((op) => operationItem(visit.visitId, op)).join('')}</ul>`
    : '<p class="note">Пока нет.</p>'
}</section>
<p><a class="button secondary" href="/till">Следующий покупатель</a></p>`;
}
