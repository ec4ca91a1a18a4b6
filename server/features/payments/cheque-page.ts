import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BrandSettings } from '#common/contract/header';
import { formatBonuses, formatDateTime, formatKopecks } from '#common/lib/format';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import type { PlannedLine } from '#server/core/receipt/plan';
import { paymentDrafts } from '#server/db/schema/payments';
import { brandedPage } from '#server/lib/branded-page';
import { escapeHtml, page } from '#server/lib/html';
import { chequeNumberOf, isChequeKey } from './cheque-address';
import { fiscalNote } from './cheque-fiscal';
import { receiptLinkOf } from '#server/core/fiscal/receipt-link';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PAY_TYPE_TEXT = {
  CARD: 'банковской картой',
  SBP_QR: 'через СБП',
  IN_RETAIL_POINT: 'на кассе магазина',
} as const;

const STYLE = `.cheque__head{text-align:center;border-bottom:1px dashed #b8c0c7;padding:0 0 .75rem;margin:0 0 .75rem}
.cheque__head h1{margin:0 0 .25rem}.cheque dl{grid-template-columns:1fr auto}.cheque dd{text-align:right}
.cheque__seller{border-top:1px dashed #b8c0c7;margin:.9rem 0 0;padding:.75rem 0 0;font-size:.9rem;color:#37414a}
.cheque__seller p{margin:.15rem 0}
.cheque__lines{list-style:none;padding:0 0 .75rem;margin:0 0 .75rem;border-bottom:1px dashed #b8c0c7}
.cheque__lines li{display:flex;justify-content:space-between;gap:.5rem;padding:.15rem 0}
.cheque__lines small{display:block;text-align:right;color:#5b6670}
@media print{body{background:#fff}.brand-bar{background:#fff;color:#000;border-bottom:1px solid #000}.card{box-shadow:none}}`;

function notFoundPage(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(page('Чек не найден', '<h1>Чек не найден</h1>'));
}

/**
 * Who sold: the brand's legal entity (the invoice seller's name, INN, KPP and address) when the operator set
 * it; without it the brand's own name alone (decision 052): the page never shows an INN it does not have.
 */
function sellerBlock(settings: BrandSettings) {
  const seller = settings.invoiceSeller;
  if (!seller) return `<div class="cheque__seller"><p>Продавец: ${escapeHtml(settings.name)}</p></div>`;
  return `<div class="cheque__seller" data-testid="cheque-seller">
<p>Продавец: ${escapeHtml(seller.name)}</p>
<p>ИНН ${escapeHtml(seller.inn)}${seller.kpp ? `, КПП ${escapeHtml(seller.kpp)}` : ''}</p>
${seller.address ? `<p>${escapeHtml(seller.address)}</p>` : ''}</div>`;
}

/** 'Капучино, 300 мл × 2'. */
const lineName = (name: string, quantityMilli: number) =>
  quantityMilli === 1000 ? name : `${name} × ${String(quantityMilli / 1000).replace('.', ',')}`;

/** A till's receipt the payment paid (decision 069): each line, its sum, its bonuses spent and earned. */
function linesBlock(plan: readonly PlannedLine[] | null) {
  if (!plan?.length) return '';
  const bonuses = (line: PlannedLine) =>
    line.legalGroup || (line.maxSpend === 0 && line.earn === 0)
      ? 'без бонусов'
      : [
          line.spend > 0 ? `−${formatBonuses(line.spend / 100)}` : '',
          line.earn > 0 ? `+${formatBonuses(line.earn / 100)}` : '',
        ]
          .filter(Boolean)
          .join(', ');
  const items = plan.map(
    (line) =>
      `<li><span>${escapeHtml(lineName(line.name, line.quantityMilli))}</span><span>${escapeHtml(formatKopecks(line.sum))}<small>${escapeHtml(bonuses(line))}</small></span></li>`,
  );
  return `<ul class="cheque__lines" data-testid="cheque-lines">${items.join('')}</ul>`;
}

const row = (term: string, value: string) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`;

/** `GET /cheque/:draftId?k=`: the cheque of a completed payment, for whoever holds the link (chequeUrl). */
export function registerChequePage(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { draftId: string }; Querystring: { k?: string } }>(
    '/cheque/:draftId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { draftId } = request.params;
      const key = typeof request.query.k === 'string' ? request.query.k : '';
      if (!UUID.test(draftId) || !isChequeKey(deps.config, draftId, key)) return notFoundPage(reply);
      const [draft] = await deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
      if (!draft || draft.state !== 'completed') return notFoundPage(reply);
      const settings = await readBrandSettings(deps.db);
      const fiscal = await receiptLinkOf(deps.db, 'payment_draft', draft.id);
      const when = formatDateTime(draft.resolvedAt ?? draft.updatedAt, settings.timeZone);
      const rules =
        draft.earn > 0 && draft.earnRules.length > 0
          ? row('По правилам', draft.earnRules.map((r) => r.title).join('; '))
          : '';
      const body = `<article class="card cheque">
<div class="cheque__head">
<h1>Чек № ${escapeHtml(chequeNumberOf(draft.id))}</h1>
<p class="note">${escapeHtml(when)}</p>
<p class="sum" data-testid="cheque-sum">${escapeHtml(formatKopecks(draft.paySum))}</p>
<p>${escapeHtml(draft.title)}</p>
</div>
${linesBlock(draft.receiptPlan)}
<dl>
${row('Сумма покупки', formatKopecks(draft.paySum))}
${draft.coupon && draft.couponDiscount > 0 ? row(`Скидка по промокоду ${draft.coupon.code}`, `−${formatKopecks(draft.couponDiscount)}`) : ''}
${row('Оплачено бонусами', formatBonuses(draft.spend / 100))}
${draft.extraSpend > 0 ? row('Оплачено с баланса', formatKopecks(draft.extraSpend)) : ''}
${row(`Оплачено ${PAY_TYPE_TEXT[draft.payType]}`, formatKopecks(draft.leftToPay))}
${row('Начислено', formatBonuses(draft.earn / 100))}
${rules}
${row('Код подтверждения', draft.confirmationCode ?? '')}
</dl>
${sellerBlock(settings)}
<p class="note" data-testid="cheque-fiscal">Подтверждение оплаты в программе лояльности «${escapeHtml(settings.title)}». ${fiscalNote(fiscal)}</p>
</article>`;
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          brandedPage(`Чек № ${chequeNumberOf(draft.id)}`, body, settings, {
            width: '30rem',
            extraStyle: STYLE,
          }),
        );
    },
  );
}
