import type { FastifyInstance } from 'fastify';
import { devOutbox } from '../../../common/contract/auth';
import type { AppDeps } from '../../app-deps';
import { isConsoleSmsProvider } from '../../integrations/sms/console-provider';
import { registerEndpoint } from '../../lib/register-endpoint';

/** Development handles (product.md): the SMS outbox exists only with the console provider, never in production. */
export function registerDevRoutes(app: FastifyInstance, deps: AppDeps) {
  const sms = deps.sms;
  if (deps.config.isProduction || !isConsoleSmsProvider(sms)) return;
  registerEndpoint(app, devOutbox, async (request) => sms.outbox(request.query.phone));
}
