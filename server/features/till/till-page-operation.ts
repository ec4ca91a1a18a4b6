import { randomUUID } from 'node:crypto';
import type { TillOperation } from '#common/contract/till';
import { formatBonuses, formatKopecks } from '#common/lib/format';
import { escapeHtml } from '#server/lib/html';
import { receiptLinesTable } from './till-page-receipt';
import { returnedSummary, returnForm } from './till-page-return';

/**
 * One operation of a visit on the reference till page: what it is, its state, its figures and lines, the
 * buttons staff may press on it, and the return of some of its goods.
 */

/** What staff may do to an operation from the page. */
export const ACTIONS = ['confirm', 'cancel', 'refund'] as const;

const bonuses = (roubles: number) => formatBonuses(roubles);
const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

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
/** The result line of an operation that ended otherwise: a whole sentence, agreeing with «операция». */
export const ENDED_TEXT: Record<TillOperation['state'], string> = {
  HELD: 'Операция ждёт подтверждения.',
  COMPLETED: 'Операция проведена.',
  CANCELLED: 'Операция отменена: бонусы не списаны и не начислены.',
  EXPIRED: 'Операция отменена: время подтверждения вышло.',
  REFUNDED: 'Операция возвращена: бонусы пересчитаны.',
  DECLINED: 'Банк отклонил операцию.',
  REFUNDING: 'Операция возвращается на карту.',
};
const BADGE: Record<TillOperation['state'], string> = {
  HELD: 'badge--held',
  COMPLETED: 'badge--done',
  CANCELLED: 'badge--off',
  EXPIRED: 'badge--off',
  REFUNDED: 'badge--off',
  DECLINED: 'badge--off',
  REFUNDING: 'badge--held',
};

/** The code the operation used (decision 064): its discount off the cheque and its extra bonuses. */
function couponRow(op: TillOperation) {
  if (!op.coupon) return '';
  const { code, discount, bonuses: extra } = op.coupon;
  const what = [discount > 0 ? `скидка ${money(discount)}` : '', extra > 0 ? `+${bonuses(extra)}` : '']
    .filter(Boolean)
    .join(', ');
  return `<dt>Промокод ${escapeHtml(code)}</dt><dd>${escapeHtml(what || '—')}</dd>`;
}

export function operationItem(visitId: string, op: TillOperation) {
  const button = (action: (typeof ACTIONS)[number], text: string, kind = '') =>
    `<form method="post" action="/till/operations/${op.operationId}/${action}">
<input type="hidden" name="visitId" value="${visitId}"><button type="submit"${kind ? ` class="${kind}"` : ''}>${text}</button></form>`;
  const buttons =
    op.state === 'HELD'
      ? button('confirm', op.kind === 'CARD' ? 'Проверить оплату' : 'Подтвердить') +
        button('cancel', 'Отменить', 'danger')
      : // After a return by lines the whole refund would return those lines twice (the API refuses it): the
        // rest goes back by lines. A card refund the bank has not confirmed is finished by the same button.
        (op.state === 'COMPLETED' && !op.returned) || op.state === 'REFUNDING'
        ? button('refund', 'Вернуть', 'danger')
        : '';
  const card =
    op.kind === 'CARD'
      ? `<dt>Картой ${escapeHtml(op.card ?? '')}</dt><dd>${escapeHtml(money(op.paidByCard))}</dd>`
      : '';
  return `<li class="op" data-operation="${op.operationId}">
<p class="op__head"><strong>${KIND_TEXT[op.kind]}</strong><span class="badge ${BADGE[op.state]}">${escapeHtml(STATE_TEXT[op.state])}</span></p>
<dl><dt>Чек</dt><dd>${escapeHtml(money(op.sum))}</dd>
<dt>Списано</dt><dd>${escapeHtml(bonuses(op.spent))}</dd>${card}
<dt>Начислено</dt><dd>${escapeHtml(bonuses(op.earned))}</dd>${couponRow(op)}</dl>
${receiptLinesTable(op.lines)}${buttons ? `<div class="buttons">${buttons}</div>` : ''}${returnable(visitId, op)}</li>`;
}

/**
 * The return of some goods of a completed operation with lines (a card payment's part goes back to the card):
 * what came back already, and the form for what is left (nothing once all came back, or while the bank has not
 * confirmed a card part: a new return would wait for it).
 */
function returnable(visitId: string, op: TillOperation) {
  if (!op.lines?.length) return '';
  const summary = returnedSummary(op.lines, op.returned);
  if (op.state !== 'COMPLETED') return summary;
  const target = {
    action: `/till/operations/${op.operationId}/return`,
    idPrefix: op.operationId,
    hidden: { visitId },
  };
  return summary + returnForm(target, op.lines, op.returned, randomUUID());
}
