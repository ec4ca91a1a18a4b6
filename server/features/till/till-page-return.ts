import type { ReceiptLineFigures } from '#common/contract/receipt';
import type { TillReturned } from '#common/contract/till';
import type { TillPaymentReturn } from '#common/contract/till-payment-returns';
import type { TillReturn } from '#common/contract/till-returns';
import { formatBonuses, formatKopecks } from '#common/lib/format';
import { escapeHtml } from '#server/lib/html';

/**
 * The return of some goods on the reference till page (decisions 063, 084), one set of pieces for a till
 * operation and for a receipt paid on the site: what came back already, the folded form with a quantity field
 * per line that still has something to return, the typed quantities, and the notice of what a return moved.
 */

const bonuses = (roubles: number) => formatBonuses(roubles);
const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));
const milli = (quantity: number) => Math.round(quantity * 1000);
export const quantityText = (quantity: number) => String(quantity).replace('.', ',');

/** What came back already, summed over the returns: the money part as a site payment's answer has it. */
type Returned = TillReturned & { refundedToBalance?: number };

/** Where a return form posts, and what else it carries (the visit's id for a till operation). */
export interface ReturnTarget {
  action: string;
  /** Makes the fields' ids unique on a page with several operations. */
  idPrefix: string;
  hidden?: Record<string, string>;
}

/** Each line's quantity still to return: bought less what came back (thousandths, exact). */
function leftOf(lines: ReceiptLineFigures[], returned: Returned | undefined) {
  const back = new Map((returned?.lines ?? []).map((r) => [r.line, milli(r.quantity)]));
  return lines.map((line) => ({ line, left: milli(line.quantity) - (back.get(line.line) ?? 0) }));
}

/** Whether every line came back whole. */
export const allReturned = (lines: ReceiptLineFigures[], returned: Returned | undefined) =>
  leftOf(lines, returned).every((l) => l.left <= 0);

/** The money's way back, in the cashier's words (none when nothing went that way). */
function moneyBack(refundedToCard: number | null, refundedToBalance = 0, by = 'На карту') {
  return [
    refundedToCard ? `${by} вернули ${money(refundedToCard)}.` : '',
    refundedToBalance ? `На баланс покупателя вернули ${money(refundedToBalance)}.` : '',
  ].filter(Boolean);
}

/**
 * What came back of the receipt so far: the goods and quantities, the bonuses, the money; whether anything is
 * left to return, and a bank part still unconfirmed (a new return waits for it).
 */
export function returnedSummary(lines: ReceiptLineFigures[], returned: Returned | undefined, by?: string) {
  if (!returned) return '';
  const names = new Map(lines.map((line) => [line.line, line]));
  const goods = returned.lines
    .map((r) => {
      const line = names.get(r.line);
      return `${line?.name ?? `строка ${r.line}`} × ${quantityText(r.quantity)}`;
    })
    .join('; ');
  const kept = returned.withheld > 0 ? `, удержано ${money(returned.withheld)}` : '';
  const facts = [
    `Покупателю вернули ${bonuses(returned.bonusesGivenBack)}, забрали ${bonuses(returned.bonusesTakenBack - returned.withheld)}${kept}.`,
    ...moneyBack(returned.refundedToCard, returned.refundedToBalance, by),
    ...(returned.pending
      ? [
          'Банк ещё не подтвердил последний возврат денег: нажмите «Повторить возврат денег» (дважды не вернётся).',
        ]
      : []),
    ...(allReturned(lines, returned) ? ['Все товары чека возвращены.'] : []),
  ];
  return `<div class="returned" data-testid="till-returned"><p><strong>Возвращено:</strong> ${escapeHtml(goods)}.</p>
<p class="note">${escapeHtml(facts.join(' '))}</p></div>`;
}

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');

/**
 * The return whose money the bank has not confirmed, sent again as it was (its key and lines): the API then asks
 * the bank's total and finishes it, never refunding twice (decision 063). A new return waits for it.
 */
function retryForm(target: ReturnTarget, pending: NonNullable<TillReturned['pending']>) {
  const lines = Object.fromEntries(pending.lines.map((l) => [`line-${l.line}`, String(l.quantity)]));
  return `<form method="post" action="${escapeHtml(target.action)}">
${hiddenFields({ ...target.hidden, idempotencyKey: pending.idempotencyKey, ...lines })}
<div class="buttons"><button type="submit" class="danger">Повторить возврат денег</button></div>
</form>`;
}

/**
 * The folded form: a quantity field per line with something left (empty: nothing of it comes back), and the
 * idempotency key of this form, so a double submit returns once. Nothing when nothing is left; the retry of the
 * return the bank has not confirmed instead while there is one.
 */
export function returnForm(
  target: ReturnTarget,
  lines: ReceiptLineFigures[],
  returned: Returned | undefined,
  key: string,
) {
  if (returned?.pending) return retryForm(target, returned.pending);
  const open = leftOf(lines, returned).filter((l) => l.left > 0);
  if (open.length === 0) return '';
  const rows = open
    .map(({ line, left }) => {
      const id = `ret-${target.idPrefix}-${line.line}`;
      return `<tr><td><label for="${id}">${escapeHtml(line.name)}</label></td>
<td class="num">${escapeHtml(quantityText(left / 1000))}</td>
<td class="num"><input id="${id}" name="line-${line.line}" inputmode="decimal" autocomplete="off" maxlength="10" size="5"></td></tr>`;
    })
    .join('');
  return `<details class="return"><summary>Вернуть часть товаров</summary>
<form method="post" action="${escapeHtml(target.action)}">
${hiddenFields(target.hidden ?? {})}<input type="hidden" name="idempotencyKey" value="${escapeHtml(key)}">
<div class="lines"><table><caption>Сколько вернуть</caption>
<thead><tr><th scope="col">Товар</th><th scope="col" class="num">Осталось</th><th scope="col" class="num">Вернуть</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<div class="buttons"><button type="submit" class="danger">Вернуть выбранное</button></div>
</form></details>`;
}

/** `0,347` or `2` -> a number; anything else -> NaN. */
const decimal = (text: string) => (/^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : NaN);

/** The quantities typed in the return form: `{ line, quantity }` of each filled field, or the first bad one. */
export function typedReturn(
  body: unknown,
): { items: Array<{ line: number; quantity: number }> } | { error: string } {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const items: Array<{ line: number; quantity: number }> = [];
  for (const [name, value] of Object.entries(fields)) {
    const line = /^line-(\d{1,4})$/.exec(name)?.[1];
    const text = typeof value === 'string' ? value.trim() : '';
    if (!line || text === '') continue;
    const quantity = decimal(text);
    if (!(quantity > 0)) return { error: `Строка ${line}: количество — число больше нуля` };
    items.push({ line: Number(line), quantity });
  }
  return items.length ? { items } : { error: 'Укажите, сколько вернуть хотя бы по одной строке' };
}

/**
 * What a return moved, for the cashier: the bonuses back and taken, and the money: a till operation's to keep
 * from the refund, a card payment's and a site payment's gone back the way it came (`by`: «На карту», «На счёт
 * СБП»), less what was withheld.
 */
export function returnNotice(done: TillReturn | TillPaymentReturn, by = 'На карту') {
  const moved = `Возврат проведён: покупателю вернули ${bonuses(done.bonusesGivenBack)}, забрали ${bonuses(done.bonusesTakenBack - done.withheld)}.`;
  const balance = 'refundedToBalance' in done ? done.refundedToBalance : 0;
  if (done.refundedToCard !== null) {
    const kept = done.withheld > 0 ? ` (удержано ${money(done.withheld)}: бонусов не хватило)` : '';
    const card =
      done.refundedToCard > 0 || balance === 0 ? [`${by} вернули ${money(done.refundedToCard)}${kept}.`] : [];
    const rest = balance > 0 ? [`На баланс покупателя вернули ${money(balance)}.`] : [];
    return [moved, ...card, ...rest].join(' ');
  }
  return done.withheld > 0
    ? `${moved} Бонусов не хватило: удержите ${money(done.withheld)} из возвращаемых денег.`
    : moved;
}
