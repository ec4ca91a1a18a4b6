import type { FastifyInstance } from 'fastify';
import { getFaq } from '#common/contract/content';
import type { AppDeps } from '#server/app-deps';
import { sendCachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { getFaqJson } from './service';

export function registerFaqRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getFaq, async (request, reply) =>
    sendCachedJson(request, reply, await getFaqJson(deps.db, deps.cache)),
  );
}
