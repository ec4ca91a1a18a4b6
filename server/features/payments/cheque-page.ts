import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { paymentDrafts } from '../../db/schema/payments';
import { isChequeKey } from './cheque';
import { formatDateTime, formatKopecks } from '../../../common/lib/format';
import { readBrandSettings } from '../../core/brand-settings';
import { escapeHtml, page } from '../../lib/html';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function notFoundPage(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(page('Чек не найден', '<h1>Чек не найден</h1>'));
}

/** `GET /cheque/:draftId?k=`: the cheque of a completed payment, for whoever holds the link (chequeUrl). */
export function registerChequePage(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { draftId: string }; Querystring: { k?: string } }>(
    '/cheque/:draftId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { draftId } = request.params;
      const key = typeof request.query.k === 'string' ? request.query.k : '';
      if (!UUID.test(draftId) || !isChequeKey(deps.config, draftId, key)) return notFoundPage(reply);
      const [row] = await deps.db.select().from(paymentDrafts).where(eq(paymentDrafts.id, draftId));
      if (!row || row.state !== 'completed') return notFoundPage(reply);
      const { timeZone } = await readBrandSettings(deps.db);
      const when = formatDateTime(row.resolvedAt ?? row.updatedAt, timeZone);
      const body = `<h1>Чек</h1>
<p class="sum">${escapeHtml(formatKopecks(row.paySum))}</p>
<dl>
<dt>Где</dt><dd>${escapeHtml(row.title)}</dd>
<dt>Когда</dt><dd>${escapeHtml(when)}</dd>
<dt>Бонусами</dt><dd>${escapeHtml(formatKopecks(row.spend))}</dd>
${row.extraSpend > 0 ? `<dt>С баланса</dt><dd>${escapeHtml(formatKopecks(row.extraSpend))}</dd>\n` : ''}<dt>Деньгами</dt><dd>${escapeHtml(formatKopecks(row.leftToPay))}</dd>
<dt>Начислено бонусов</dt><dd>${escapeHtml(formatKopecks(row.earn))}</dd>
${row.earn > 0 && row.earnRules.length > 0 ? `<dt>По правилам</dt><dd>${escapeHtml(row.earnRules.map((r) => r.title).join('; '))}</dd>\n` : ''}<dt>Код подтверждения</dt><dd>${escapeHtml(row.confirmationCode ?? '')}</dd>
</dl>`;
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page('Чек', body));
    },
  );
}
