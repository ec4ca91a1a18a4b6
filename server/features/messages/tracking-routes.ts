import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps';
import type { Config } from '#server/config';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const SHORT = /^([0-9a-f]{12})([0-9])$/;

/**
 * SMS.ru's delivery statuses (https://sms.ru/api/status codes, decision 076): 103 delivered; 104 expired, 105
 * deleted by the operator, 106 phone failure, 107 unknown reason, 108 rejected, 150 no route: undelivered; the
 * rest (100–102: queued, on the way) change nothing.
 */
export function smsRuStatus(code: number): 'delivered' | 'undelivered' | null {
  if (code === 103) return 'delivered';
  if ((code >= 104 && code <= 108) || code === 150) return 'undelivered';
  return null;
}

/** The secret path SMS.ru posts to: `<PUBLIC_URL>/api/messages/smsru/<token>` (a key derived from AUTH_SECRET). */
export function smsRuCallbackToken(config: Pick<Config, 'authSecret'>): string {
  return createHmac('sha256', config.authSecret)
    .update('kopilka/smsru-callback')
    .digest('base64url')
    .slice(0, 32);
}

export function smsRuCallbackUrl(config: Pick<Config, 'authSecret' | 'publicUrl'>): string {
  return `${config.publicUrl.replace(/\/+$/, '')}/api/messages/smsru/${smsRuCallbackToken(config)}`;
}

/**
 * Two public routes of the messages (decision 076), outside the contract (a redirect and a form post):
 * - `GET /r/<code><n>`: a tracked short link. The click is recorded and the visitor redirected to the campaign's
 *   n-th link, which came from its template (checked https or the site's own when saved): the target is never
 *   taken from the request, so the route is no open redirect. An unknown code is a 404.
 * - `POST /api/messages/smsru/<token>`: SMS.ru's callback. Its body is a form with `data[0]`, `data[1]`, … each
 *   `sms_status\n<sms_id>\n<status code>\n<unix time>`; the answer must be the text `100`, or SMS.ru posts again.
 */
export function registerTrackingRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const token = smsRuCallbackToken(deps.config);
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_000_000 },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    const opts = { schema: { hide: true } };
    scope.get<{ Params: { code: string } }>('/r/:code', opts, async (request, reply) => {
      const match = SHORT.exec(request.params.code);
      const [row] = match
        ? rowsOf<{ id: string; links: string[] }>(
            await deps.db.execute(sql`
              select m.id, c.links from messages m join message_campaigns c on c.id = m.campaign_id
              where m.link_code = ${match[1]}`),
          )
        : [];
      const target = row?.links[Number(match?.[2])];
      if (!row || !target) return reply.code(404).type('text/plain; charset=utf-8').send('Ссылка не найдена');
      const now = deps.clock.now().toISOString();
      await deps.db.execute(sql`
        with click as (
          insert into message_clicks (message_id, link_index, at) values (${row.id}, ${Number(match![2])}, ${now}::timestamptz)
        )
        update messages set clicked_at = ${now}::timestamptz where id = ${row.id} and clicked_at is null`);
      return reply.code(302).header('cache-control', 'no-store').redirect(target);
    });
    scope.post<{ Params: { token: string } }>('/api/messages/smsru/:token', opts, async (request, reply) => {
      if (request.params.token !== token) return reply.code(404).send();
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      for (const [key, value] of form) {
        if (!key.startsWith('data[')) continue;
        const [kind, smsId, code] = value.split('\n');
        const status = kind === 'sms_status' ? smsRuStatus(Number(code)) : null;
        if (!status || !smsId) continue;
        await deps.db.execute(sql`
          update messages set status = ${status},
            delivered_at = ${status === 'delivered' ? deps.clock.now().toISOString() : null}::timestamptz
          where provider_id = ${smsId} and status in ('sent', 'delivered', 'undelivered')`);
      }
      return reply.type('text/plain').send('100');
    });
  });
}
