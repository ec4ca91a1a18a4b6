import type { FastifyInstance } from 'fastify';
import { getPoint, getPoints } from '#common/contract/content';
import type { AppDeps } from '#server/app-deps';
import { AppError } from '#server/errors';
import { sendCachedJson } from '#server/lib/cached-json';
import { registerEndpoint } from '#server/lib/register-endpoint';
import { getPointJson, getPointsJson } from './service';

export function registerPointRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, getPoints, async (request, reply) =>
    sendCachedJson(request, reply, await getPointsJson(deps.db, deps.cache)),
  );
  registerEndpoint(app, getPoint, async (request, reply) => {
    const point = await getPointJson(deps.db, deps.cache, request.params.id);
    if (!point) throw new AppError('NOT_FOUND', 'Магазин не найден');
    return sendCachedJson(request, reply, point);
  });
}
