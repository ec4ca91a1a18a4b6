import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calendarDay } from '#common/lib/format';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import type { TillPageTools } from './till-gift-card-page';
import { readTypedReceipt } from './till-page-receipt';
import { ACTIONS } from './till-page-operation';
import { returnNotice, typedReturn } from './till-page-return';
import { scanPage, visitPage } from './till-page-views';

/**
 * The reference till page's visit (docs/decisions/015): the customer and the visit's operations, the form that
 * accrues, spends or charges the saved card (with the goods typed or scanned: issue 29), and the buttons that
 * confirm, cancel or refund an operation. Every action is a call of the till API with the point's key.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type VisitOptions = { status?: number; error?: string | null; notice?: string | null; done?: string | null };

export function registerTillVisitRoutes(scope: FastifyInstance, tools: TillPageTools, deps: AppDeps) {
  const { opts, send, requireKey, api, field, parseSum, refusalOf } = tools;
  const showVisit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    visitId: string,
    options: VisitOptions = {},
  ) => {
    const response = await api(request, 'GET', `/api/till/visits/${visitId}`);
    if (response.statusCode !== 200)
      return send(reply, response.statusCode, 'Касса', scanPage(refusalOf(response)));
    const { timeZone } = await cachedBrandSettings(deps.db, deps.cache);
    const now = deps.clock.now();
    const page = visitPage(response.json(), now, { ...options, today: calendarDay(now, timeZone) });
    return send(reply, options.status ?? 200, 'Касса', page);
  };

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
    const couponText = field(request.body, 'coupon').trim();
    const receipt = await readTypedReceipt(deps.db, field(request.body, 'items'));
    if ('error' in receipt) return showVisit(request, reply, visitId, { status: 400, error: receipt.error });
    const sumText = field(request.body, 'sum');
    const response = await api(request, 'POST', `/api/till/${action}`, {
      visitId,
      sum: sumText || receipt.sum === null ? parseSum(sumText) : receipt.sum,
      ...(receipt.items ? { items: receipt.items } : {}),
      ...(action === 'card-payment' && bonusesText ? { bonuses: parseSum(bonusesText) } : {}),
      // A promo code (decision 064): the API checks it and answers its refusal in Russian.
      ...(couponText ? { coupon: couponText } : {}),
      idempotencyKey: field(request.body, 'idempotencyKey'),
    });
    if (response.statusCode !== 200) {
      return showVisit(request, reply, visitId, { status: response.statusCode, error: refusalOf(response) });
    }
    return reply.redirect(`/till/visits/${visitId}?done=${response.json().operationId}`, 303);
  });

  registerReturnRoute(scope, tools, showVisit);

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
          error: refusalOf(response),
        });
      }
      return reply.redirect(`/till/visits/${visitId}?done=${operationId}`, 303);
    },
  );
}

type ShowVisit = (
  request: FastifyRequest,
  reply: FastifyReply,
  visitId: string,
  options?: VisitOptions,
) => Promise<FastifyReply>;

/** Some goods come back (decision 063): the quantities typed per line, through the till API's return. */
function registerReturnRoute(scope: FastifyInstance, tools: TillPageTools, showVisit: ShowVisit) {
  const { opts, send, requireKey, api, field, refusalOf } = tools;
  scope.post<{ Params: { operationId: string } }>(
    '/till/operations/:operationId/return',
    opts,
    async (request, reply) => {
      if (!(await requireKey(request, reply))) return reply;
      const { operationId } = request.params;
      const visitId = field(request.body, 'visitId');
      if (!UUID.test(operationId) || !UUID.test(visitId)) {
        return send(reply, 404, 'Касса', scanPage('Операция не найдена'));
      }
      const typed = typedReturn(request.body);
      if ('error' in typed) return showVisit(request, reply, visitId, { status: 400, error: typed.error });
      const response = await api(request, 'POST', `/api/till/operations/${operationId}/return`, {
        items: typed.items,
        idempotencyKey: field(request.body, 'idempotencyKey'),
      });
      if (response.statusCode !== 200) {
        return showVisit(request, reply, visitId, {
          status: response.statusCode,
          error: refusalOf(response),
        });
      }
      return showVisit(request, reply, visitId, { notice: returnNotice(response.json()) });
    },
  );
}
