import type { FastifyInstance } from 'fastify';
import { devOutbox } from '../../../common/contract/auth';
import { devClock, devMail } from '../../../common/contract/dev';
import type { AppDeps } from '../../app-deps';
import { isConsoleMailProvider } from '../../integrations/mail/console-provider';
import { isConsoleSmsProvider } from '../../integrations/sms/console-provider';
import { isAdjustableClock } from '../../core/adjustable-clock';
import { registerEndpoint } from '../../lib/register-endpoint';

/**
 * Development handles (docs/design/product.md): the SMS outbox and the mail outbox exist only with their console
 * providers, the clock handle only with DEV_CLOCK; never in production.
 */
export function registerDevRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.isProduction) return;
  const { sms, mail } = deps;
  if (isConsoleSmsProvider(sms)) {
    registerEndpoint(app, devOutbox, async (request) => sms.outbox(request.query.phone));
  }
  if (isConsoleMailProvider(mail)) {
    registerEndpoint(app, devMail, async (request) => mail.outbox(request.query.to));
  }
  const { clock } = deps;
  if (isAdjustableClock(clock)) {
    registerEndpoint(app, devClock, async (request) => ({
      now: clock.advance(request.body.advanceMinutes * 60_000).toISOString(),
    }));
  }
}
