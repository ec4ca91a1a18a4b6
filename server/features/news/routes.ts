import type { FastifyInstance } from 'fastify';
import { getNews, getNewsItem } from '#common/contract/content';
import type { AppDeps } from '#server/app-deps';
import { AppError } from '#server/errors';
import { sendCachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { getNewsItemJson, getNewsListJson } from './service';

export function registerNewsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getNews, async (request, reply) =>
    sendCachedJson(request, reply, await getNewsListJson(deps.db, deps.cache)),
  );
  registerEndpoint(app, getNewsItem, async (request, reply) => {
    const item = await getNewsItemJson(deps.db, deps.cache, request.params.id);
    if (!item) throw new AppError('NOT_FOUND', 'Новость не найдена');
    return sendCachedJson(request, reply, item);
  });
}
