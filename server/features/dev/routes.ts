import type { FastifyInstance } from 'fastify';
import { devOutbox } from '#common/contract/auth';
import { devClock, devLedger, devMail } from '#common/contract/dev';
import type { AppDeps } from '#server/app-deps';
import { isConsoleMailProvider } from '#server/integrations/mail/console-provider';
import { isConsoleSmsProvider } from '#server/integrations/sms/console-provider';
import { isAdjustableClock } from '#server/core/adjustable-clock';
import { ledgerViolations } from '#server/core/ledger-invariants';
import { isLoopbackClient } from '#server/lib/loopback-client';
import { registerEndpoint } from '#server/lib/register-endpoint';

const DEV_PREFIX = '/api/dev/';
const RELEASE_MARGIN_MS = 60_000;

/**
 * Development handles (docs/design/product.md): the SMS outbox and the mail outbox exist only with their console
 * providers, the clock handle only with DEV_CLOCK, the ledger's invariants always; never in production. Elsewhere they answer this machine only
 * (decision 049): a deployment that forgot NODE_ENV=production would otherwise show every login code to anyone.
 * Anyone else gets the answer of an unknown address, before the input is read.
 */
export function registerDevRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.isProduction) return;
  app.addHook('onRequest', async (request, reply) => {
    // The route matched, not the raw URL: an encoded path (/api/%64ev/…) reaches the same handler.
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith(DEV_PREFIX) || isLoopbackClient(request)) return;
    return reply.code(404).send({
      message: `Нет такого адреса: ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });
  const { sms, mail } = deps;
  if (isConsoleSmsProvider(sms)) {
    registerEndpoint(app, devOutbox, async (request) => sms.outbox(request.query.phone));
  }
  if (isConsoleMailProvider(mail)) {
    registerEndpoint(app, devMail, async (request) => mail.outbox(request.query.to));
  }
  const { clock } = deps;
  // A hold is given back by the release job, which runs every HOLD_RELEASE_INTERVAL_MS: a minute's margin.
  registerEndpoint(app, devLedger, async () => ({
    violations: await ledgerViolations(deps.db, new Date(clock.now().getTime() - RELEASE_MARGIN_MS)),
  }));
  if (isAdjustableClock(clock)) {
    registerEndpoint(app, devClock, async (request) => ({
      now: clock.advance(request.body.advanceMinutes * 60_000).toISOString(),
    }));
  }
}
