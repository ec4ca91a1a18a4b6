import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { readableMessage } from '#common/lib/error-text';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { authenticateTillKey } from './keys';
import { registerTillGiftCardActions } from './till-gift-card-page';
import { keyPage, scanPage, sendTillPage } from './till-page-views';
import { registerPaymentReceiptRoute } from './till-page-payment-receipt';
import { registerPaymentReturnRoutes } from './till-page-payment-return';
import { registerTillVisitRoutes } from './till-page-visit';

/**
 * The reference till page (docs/decisions/015-till-api.md): plain server-rendered forms, no script (the site's
 * CSP allows none). Staff enter the point's API key once; it is kept in an HttpOnly, SameSite=Strict cookie
 * scoped to /till (Secure in production). Every action goes through the till API itself (in-process
 * `inject` with the key), so the page is a client of exactly the contract a real cash register uses.
 */
const COOKIE = 'till_key';
const SHIFT_SECONDS = 12 * 60 * 60;

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/** What the cashier reads for a refusal of the till API: its rule, never a field's name ('code: …'). */
export const refusalOf = (response: LightMyRequestResponse) =>
  readableMessage(String(response.json().message ?? ''));

/** `1 234,56` or `1234.56` -> 1234.56; anything else -> NaN (the API then names the problem). */
const parseSum = (text: string) =>
  /^\d[\d\s]*([.,]\d+)?$/.test(text) ? Number(text.replace(/\s/g, '').replace(',', '.')) : NaN;

export function registerTillPage(app: FastifyInstance, deps: AppDeps) {
  /** A page in the brand's look (its title and colours from the settings, cached per change). */
  const send = async (reply: FastifyReply, status: number, title: string, body: string) =>
    sendTillPage(reply, status, await cachedBrandSettings(deps.db, deps.cache), title, body);
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
          '<h1>Касса</h1><p class="notice error" role="alert">Запрос с чужой страницы отклонён.</p>',
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
    const tools = { opts, send, requireKey, api, field, parseSum, refusalOf };
    registerTillGiftCardActions(scope, tools, scanPage);
    registerTillVisitRoutes(scope, tools, deps);
    registerPaymentReceiptRoute(scope, tools, deps, scanPage);
    registerPaymentReturnRoutes(scope, tools, deps, scanPage);

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
        return send(reply, response.statusCode, 'Касса', scanPage(refusalOf(response)));
      return reply.redirect(`/till/visits/${response.json().visitId}`, 303);
    });
  });
}
