import { randomUUID } from 'node:crypto';
import type { TillOperation } from '#common/contract/till';
import type { TillReturn } from '#common/contract/till-returns';
import { formatBonuses, formatKopecks } from '#common/lib/format';
import { escapeHtml } from '#server/lib/html';
import { receiptLinesTable, returnForm } from './till-page-receipt';

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
      : op.state === 'COMPLETED' || op.state === 'REFUNDING'
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

/** What a return moved, for the cashier: the bonuses back and taken, and the money to keep from the refund. */
export function returnNotice(done: TillReturn) {
  const moved = `Возврат проведён: покупателю вернули ${bonuses(done.bonusesGivenBack)}, забрали ${bonuses(done.bonusesTakenBack - done.withheld)}.`;
  // A card payment's money went back to the card already, less what was withheld: nothing for the cashier.
  if (done.refundedToCard !== null) {
    const kept = done.withheld > 0 ? ` (удержано ${money(done.withheld)}: бонусов не хватило)` : '';
    return `${moved} На карту вернули ${money(done.refundedToCard)}${kept}.`;
  }
  return done.withheld > 0
    ? `${moved} Бонусов не хватило: удержите ${money(done.withheld)} из возвращаемых денег.`
    : moved;
}

/** The return form of a completed operation with lines (a card payment's part goes back to the card). */
const returnable = (visitId: string, op: TillOperation) =>
  op.state === 'COMPLETED' && op.lines?.length
    ? returnForm(visitId, op.operationId, op.lines, randomUUID())
    : '';
