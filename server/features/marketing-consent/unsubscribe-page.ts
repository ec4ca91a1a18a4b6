import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MarketingChannel } from '#common/lib/marketing-consent';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { currentConsents, changeConsent } from '#server/core/marketing/consent';
import { readUnsubscribeToken } from '#server/core/marketing/unsubscribe';
import { inTransaction } from '#server/db/in-transaction';
import { users } from '#server/db/schema/auth';
import { brandedPage } from '#server/lib/branded-page';
import { escapeHtml } from '#server/lib/html';

const WHAT: Record<MarketingChannel, string> = {
  sms: 'рекламные SMS',
  email: 'рекламные письма',
  push: 'рекламные push-уведомления',
};
const TITLE = 'Отписка от рекламы';
const SERVICE_NOTE =
  'Служебные сообщения — коды входа, подарочные карты, чеки, напоминания о сгорании бонусов — приходят по-прежнему. Снова включить рассылку можно в личном кабинете.';

/**
 * `/u/<token>`, the one-step unsubscribe of an advertising message (decision 072), no login: GET shows the page with
 * one button (a link scanner's GET changes nothing), POST withdraws the channel's consent, and so does a mail
 * client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, whatever the body). Repeating it changes nothing
 * and answers the same. A forged or cut token is a plain 404. Plain pages in the brand's look, no script.
 */
export function registerUnsubscribePage(app: FastifyInstance, deps: AppDeps) {
  const send = async (reply: FastifyReply, status: number, body: string) => {
    const brand = await cachedBrandSettings(deps.db, deps.cache);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(brandedPage(TITLE, body, brand, { width: '32rem' }));
  };
  const invalid = (reply: FastifyReply) =>
    send(
      reply,
      404,
      `<h1>Ссылка недействительна</h1><p class="card">Проверьте, что ссылка из сообщения открыта целиком. Отказаться от рекламы можно и в личном кабинете.</p>`,
    );
  /** The token's member and channel when the member exists. */
  const read = async (token: string) => {
    const target = readUnsubscribeToken(deps.config, token);
    if (!target) return null;
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
    return user ? target : null;
  };

  app.register(async (scope) => {
    // The form's and a mail client's bodies: nothing in them matters, the token in the address is the request.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_r, _body, done) =>
        done(null, {}),
      );
    const opts = { schema: { hide: true } };
    scope.get<{ Params: { token: string } }>('/u/:token', opts, async (request, reply) => {
      const target = await read(request.params.token);
      if (!target) return invalid(reply);
      const what = WHAT[target.channel];
      if (!(await currentConsents(deps.db, target.userId))[target.channel]) {
        return send(
          reply,
          200,
          `<h1>${TITLE}</h1><p class="notice ok" role="status">Вы не получаете ${what}.</p><p class="note">${SERVICE_NOTE}</p>`,
        );
      }
      return send(
        reply,
        200,
        `<h1>${TITLE}</h1><div class="card"><p>Больше не присылать вам ${what}?</p>
<form method="post" action="/u/${escapeHtml(request.params.token)}"><button type="submit">Отписаться</button></form></div>`,
      );
    });
    scope.post<{ Params: { token: string } }>('/u/:token', opts, async (request, reply) => {
      const target = await read(request.params.token);
      if (!target) return invalid(reply);
      await inTransaction(deps.db, (tx) =>
        changeConsent(tx, { ...target, granted: false, source: 'unsubscribe', at: deps.clock.now() }),
      );
      return send(
        reply,
        200,
        `<h1>${TITLE}</h1><p class="notice ok" role="status">Готово: вы отписались. Мы больше не пришлём вам ${WHAT[target.channel]}.</p><p class="note">${SERVICE_NOTE}</p>`,
      );
    });
  });
}
