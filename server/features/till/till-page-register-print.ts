import type { TillPaymentReceiptView } from '#common/contract/till-payment-returns';
import { formatKopecks } from '#common/lib/format';
import { escapeHtml } from '#server/lib/html';
import { quantityText } from './till-page-return';

/**
 * What the shop's register prints for a receipt paid on the site (decision 086), on the reference till page: in
 * the `till` mode the whole receipt, paid electronically and by the advance offset; in the `gateway` mode the
 * bank's receipt states the card money and the register the money-like balance's part as «зачёт аванса»; in the
 * `cloud` mode the site's receipt states everything. The till API answers the same (`fiscal`), for a POS to print.
 */

const money = (roubles: number) => formatKopecks(Math.round(roubles * 100));

function siteReceiptText(fiscal: NonNullable<TillPaymentReceiptView['fiscal']>): string {
  if (fiscal.mode === 'cloud')
    return 'Чек на всю оплату выдал сайт (облачная касса): печатать на кассе не нужно.';
  if (fiscal.mode === 'gateway' && fiscal.issuedBySite > 0)
    return `Чек на ${money(fiscal.issuedBySite)}, оплаченные картой или СБП, выдал банк.`;
  return '';
}

export function registerPrintSection(view: TillPaymentReceiptView): string {
  const fiscal = view.fiscal;
  if (!fiscal) return '';
  const site = siteReceiptText(fiscal);
  const print = fiscal.register;
  if (!print) return site ? `<p data-testid="till-register-print">${escapeHtml(site)}</p>` : '';
  const rows = print.lines
    .map((line) => {
      const quantity = line.quantity === 1 ? '' : ` × ${quantityText(line.quantity)}`;
      return `<tr><td>${escapeHtml(line.name + quantity)}</td><td class="num">${escapeHtml(money(line.sum))}</td></tr>`;
    })
    .join('');
  const means = [
    print.electronic > 0 ? `безналичными ${money(print.electronic)}` : '',
    print.prepaid > 0 ? `предоплатой (зачёт аванса) ${money(print.prepaid)}` : '',
  ].filter(Boolean);
  return `<section aria-labelledby="register-print-heading" data-testid="till-register-print">
<h3 id="register-print-heading">Напечатайте чек на кассе: приход, полный расчёт</h3>
${site ? `<p>${escapeHtml(site)}</p>` : ''}
<div class="lines" role="region" aria-label="Чек кассы" tabindex="0"><table><caption>Чек кассы</caption>
<thead><tr><th scope="col">Товар</th><th scope="col" class="num">Сумма</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<p>Оплата: ${escapeHtml(means.join(', '))}; итого ${escapeHtml(money(print.total))}.</p>
</section>`;
}
