import type { FastifyInstance } from 'fastify';
import { postFeedback } from '#common/contract/content';
import type { AppDeps } from '#server/app-deps';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { notifyOperator } from './notify-operator';
import { submitFeedback } from './service';

export function registerFeedbackRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, postFeedback, async (request) => {
    await submitFeedback(deps.db, deps.clock, request.ip, request.body);
    await notifyOperator(deps, request.body, request.log);
    return { ok: true as const };
  });
}
